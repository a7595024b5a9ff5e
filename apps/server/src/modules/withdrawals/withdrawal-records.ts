import { fromBaseUnits, type WithdrawalRecord } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { DwRecordSource } from '../deposits';
import { customerStatusOf } from './withdrawal-states';
import { withdrawalRecordRows, withdrawalRecordSelect } from './withdrawals.repository';

/** The customer's withdrawals by id, as records of spec §3 (serial number, status, txid). */
export async function loadWithdrawalRecords(
  db: Db,
  assets: Pick<AssetsApi, 'scaleOf'>,
  userId: string,
  ids: string[],
): Promise<Map<string, WithdrawalRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await withdrawalRecordRows(db, userId, ids);
  return new Map(
    await Promise.all(
      rows.map(async (row): Promise<[string, WithdrawalRecord]> => {
        const scale = await assets.scaleOf(row.asset);
        return [
          row.id,
          {
            kind: 'withdrawal',
            id: row.id,
            serialNumber: row.serial_no,
            time: row.created_at.toISOString(),
            accountType: row.kind,
            coin: row.asset,
            chain: row.chain,
            address: row.address,
            tag: row.tag,
            amount: fromBaseUnits(BigInt(row.amount), scale),
            fee: fromBaseUnits(BigInt(row.fee), scale),
            status: customerStatusOf[row.status],
            failReason: row.fail_reason,
            txid: row.txid,
            confirmations: row.confirmations,
            requiredConfirmations: row.required_confirmations,
            confirmBefore: row.confirm_before?.toISOString() ?? null,
            completedAt: row.completed_at?.toISOString() ?? null,
          },
        ];
      }),
    ),
  );
}

/**
 * Withdrawals in the deposit and withdrawal list (`pfDwTranxs`). The list's `status` filter
 * holds the deposit states of §4 (1, 2, 3), so it selects no withdrawals; the `kind` filter does.
 */
export function withdrawalRecordSource(db: Db, assets: Pick<AssetsApi, 'scaleOf'>): DwRecordSource {
  return {
    kind: 'withdrawal',
    select: (userId, filters) => withdrawalRecordSelect(userId, filters),
    load: (userId, ids) => loadWithdrawalRecords(db, assets, userId, ids),
  };
}
