import { fromBaseUnits, type WithdrawalRecord, type WithdrawalStatus } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { DwRecordSource } from '../deposits';
import type { WithdrawalRowStatus } from './withdrawals.schema';

const statusNames: Record<WithdrawalRowStatus, WithdrawalStatus> = {
  awaitingConfirmation: 'awaitingConfirmation',
  processing: 'processing',
  confirming: 'confirming',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The customer's withdrawals by id, as records of spec §3 (serial number, status, txid). */
export async function loadWithdrawalRecords(
  db: Db,
  assets: Pick<AssetsApi, 'scaleOf'>,
  userId: string,
  ids: string[],
): Promise<Map<string, WithdrawalRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('withdrawal as w')
    .leftJoin('withdrawal_outbox as o', 'o.withdrawal_id', 'w.id')
    .select([
      'w.id',
      'w.serial_no',
      'w.created_at',
      'w.kind',
      'w.asset',
      'w.chain',
      'w.address',
      'w.tag',
      'w.amount',
      'w.fee',
      'w.status',
      'w.fail_reason',
      'w.confirmations',
      'w.required_confirmations',
      'w.confirm_before',
      'w.completed_at',
      // A transaction never broadcast is not shown as a link to the chain.
      sql<string | null>`case when o.broadcast_at is not null then o.txid end`.as('txid'),
    ])
    .where('w.user_id', '=', userId)
    .where('w.id', 'in', ids)
    .execute();
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
            status: statusNames[row.status],
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
    select: (userId, filters) => sql`
      select 'withdrawal'::text as kind, w.id::text as id, w.created_at as time
        from withdrawal w
       where w.user_id = ${userId}
         ${filters.status !== undefined ? sql`and false` : sql``}
         ${filters.coin ? sql`and w.asset = ${filters.coin}` : sql``}
         ${filters.start ? sql`and w.created_at >= ${filters.start}` : sql``}
         ${filters.end ? sql`and w.created_at < ${filters.end}` : sql``}`,
    load: (userId, ids) => loadWithdrawalRecords(db, assets, userId, ids),
  };
}
