import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../platform/db/database';

// The SQL of internal transfers on `wallet_transfer` (the request ids: `transfer-requests.ts`).

function newOrderNo(): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `IT${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Writes the transfer record in the caller's transaction; its id. */
export async function insertTransfer(
  trx: Db,
  transfer: { requestKey: string; fromUserId: string; toUserId: string; asset: string; units: bigint; note: string; journalId: string },
): Promise<string> {
  const inserted = await trx
    .insertInto('wallet_transfer')
    .values({
      flow_id: randomBytes(12).toString('hex'),
      order_no: newOrderNo(),
      request_key: transfer.requestKey,
      from_user_id: transfer.fromUserId,
      to_user_id: transfer.toUserId,
      asset: transfer.asset,
      amount: transfer.units.toString(),
      note: transfer.note,
      journal_id: transfer.journalId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function transferRow(db: Db, transferId: string) {
  return db
    .selectFrom('wallet_transfer as t')
    .select([
      't.flow_id',
      't.order_no',
      't.asset',
      't.amount',
      't.fee',
      't.note',
      't.created_at',
      't.from_user_id',
      't.to_user_id',
      't.journal_id',
    ])
    .where('t.id', '=', transferId)
    .executeTakeFirstOrThrow();
}

/** One page of the ids of the customer's transfers, sent or received, newest first. */
export async function transferIdsOf(db: Db, userId: string, page: { pageNo: number; pageSize: number }): Promise<string[]> {
  const rows = await db
    .selectFrom('wallet_transfer')
    .select('id')
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return rows.map((row) => row.id);
}

/** The customer's transfers among these journals, sent or received, with their counterparts. */
export function transfersOfJournals(db: Db, userId: string, journalIds: string[]) {
  return db
    .selectFrom('wallet_transfer')
    .select(['journal_id', 'flow_id', 'from_user_id', 'to_user_id'])
    .where('journal_id', 'in', journalIds)
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .execute();
}
