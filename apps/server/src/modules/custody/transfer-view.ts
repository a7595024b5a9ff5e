import { fromBaseUnits, type CustodyTransfer } from '@coffer/contract';
import type { AssetsApi } from '../assets';
import type { TransferRow } from './transfers.repository';

/** Each asset's decimals among `rows`, looked up once. */
export async function scalesOf(assets: Pick<AssetsApi, 'scaleOf'>, rows: ReadonlyArray<{ asset: string }>): Promise<Map<string, number>> {
  const codes = [...new Set(rows.map((row) => row.asset))];
  return new Map(await Promise.all(codes.map(async (code) => [code, await assets.scaleOf(code)] as const)));
}

/** The mining-pool partner a deposit's record names. */
function partnerOf(row: TransferRow): { id: string; name: string } | null {
  return row.pool_partner_id !== null && row.partner_name !== null ? { id: row.pool_partner_id, name: row.partner_name } : null;
}

/**
 * A transfer record as spec §3 names its fields. A move's source and destination are the two
 * accounts' names; a deposit's are its senders — or the mining-pool partner whose linked payout
 * address sent it (issue 17 item 11) — and the address it was paid to.
 */
export function transferView(row: TransferRow, scale: number): CustodyTransfer {
  const units = (value: string) => fromBaseUnits(BigInt(value), scale);
  const counterpart = row.counterpart_name ?? '';
  const partner = partnerOf(row);
  const [source, toAddress] =
    row.business_type === 'deposit'
      ? [partner?.name ?? row.source, row.to_address]
      : row.business_type === 'withdrawal'
        ? [row.account_name, row.to_address]
        : row.business_type === 'internalOut'
          ? [row.account_name, counterpart]
          : [counterpart, row.account_name];
  return {
    flowId: row.id,
    orderNo: row.order_no,
    accountId: row.account_id,
    accountName: row.account_name,
    coin: row.asset,
    chain: row.chain,
    quantity: units(row.amount),
    handlingFee: units(row.fee),
    accountBalance: row.balance_after === null ? null : units(row.balance_after),
    businessType: row.business_type,
    state: row.state,
    failReason: row.fail_reason,
    remarks: row.note,
    recordedTime: row.recorded_at.toISOString(),
    completedTime: row.completed_at?.toISOString() ?? null,
    source,
    sourcePartner: partner,
    sourceAddresses: row.business_type === 'deposit' ? row.source : '',
    hash: row.txid,
    toAddress,
  };
}
