/** The deposits' SQL on `deposit_address_counter`, `deposit_address` and `deposit` for addresses and records (the watcher's is in `deposit-watcher.repository.ts`). */
import type { DwRecord } from '@coffer/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DepositRowStatus } from './deposits.schema';

/** Whose deposit address: a customer's, or a custody account's (issue 17). */
export type AddressOwner = { userId: string } | { custodyAccountId: string };

/** The owner's stored address on `chain`, if any. */
export function findDepositAddress(
  db: Db,
  owner: AddressOwner,
  chain: string,
): Promise<{ address: string; memo: string | null } | undefined> {
  const query = db.selectFrom('deposit_address').select(['address', 'memo']).where('chain', '=', chain);
  return (
    'userId' in owner ? query.where('user_id', '=', owner.userId) : query.where('custody_account_id', '=', owner.custodyAccountId)
  ).executeTakeFirst();
}

/** Takes the chain's next HD index; the counter row stays locked until the caller's transaction commits. */
export async function takeAddressIndex(trx: Db, chain: string): Promise<number> {
  const counter = await sql<{ index: number }>`
        insert into deposit_address_counter (chain, next_index) values (${chain}, 1)
        on conflict (chain) do update set next_index = deposit_address_counter.next_index + 1
        returning next_index - 1 as index`.execute(trx);
  return counter.rows[0]!.index;
}

/** Stores the owner's address; undefined when the owner already has one on the chain. */
export function insertDepositAddress(
  trx: Db,
  row: { owner: AddressOwner; chain: string; index: number; address: string; memo: string | null },
): Promise<{ address: string; memo: string | null } | undefined> {
  const isCustomer = 'userId' in row.owner;
  return trx
    .insertInto('deposit_address')
    .values({
      ...('userId' in row.owner ? { user_id: row.owner.userId } : { custody_account_id: row.owner.custodyAccountId }),
      chain: row.chain,
      derivation_index: row.index,
      address: row.address,
      memo: row.memo,
    })
    .onConflict((conflict) =>
      conflict.constraint(isCustomer ? 'deposit_address_one_per_customer' : 'deposit_address_one_per_custody_account').doNothing(),
    )
    .returning(['address', 'memo'])
    .executeTakeFirst();
}

/**
 * The customer's deposits matching the filters as `(kind, id, time)` rows of the records'
 * union; `status` undefined: any, null: a code naming no status (matches nothing).
 */
export function depositRecordKeys(
  userId: string,
  filters: { coin: string | undefined; status: DepositRowStatus | null | undefined; start: Date | undefined; end: Date | undefined },
): RawBuilder<unknown> {
  const statusFilter = (status: DepositRowStatus | null) => (status === null ? sql`and false` : sql`and d.status = ${status}`);
  return sql`
      select 'deposit'::text as kind, d.id::text as id, d.detected_at as time
        from deposit d
       where d.user_id = ${userId}
         ${filters.coin ? sql`and d.asset = ${filters.coin}` : sql``}
         ${filters.status !== undefined ? statusFilter(filters.status) : sql``}
         ${filters.start ? sql`and d.detected_at >= ${filters.start}` : sql``}
         ${filters.end ? sql`and d.detected_at < ${filters.end}` : sql``}`;
}

/** The customer's deposits among `ids`, for the records page. */
export function depositRecordRows(db: Db, userId: string, ids: string[]) {
  return db
    .selectFrom('deposit as d')
    .select([
      'd.id',
      'd.detected_at',
      'd.asset',
      'd.chain',
      'd.amount',
      'd.confirmations',
      'd.required_confirmations',
      'd.status',
      'd.fail_reason',
      'd.address',
      'd.memo',
      'd.txid',
      'd.block_height',
      'd.credited_at',
    ])
    .where('d.user_id', '=', userId)
    .where('d.id', 'in', ids)
    .execute();
}

/** Every record kind's `(kind, id, time)` selects as one `union all`. */
export function recordKeysUnion(selects: Array<RawBuilder<unknown>>): RawBuilder<unknown> {
  return sql.join(
    selects.map((select) => sql`(${select})`),
    sql` union all `,
  );
}

/** One page of the union, newest first, each row with the union's total (none past the last page). */
export async function recordKeysPage(
  db: Db,
  union: RawBuilder<unknown>,
  pageSize: number,
  offset: number,
): Promise<Array<{ kind: DwRecord['kind']; id: string; total: string }>> {
  const page = await sql<{ kind: DwRecord['kind']; id: string; total: string }>`
        select kind, id, count(*) over () as total
          from (${union}) as records
         order by time desc, id::bigint desc
         limit ${pageSize} offset ${offset}`.execute(db);
  return page.rows;
}

/** How many rows the union has. */
export async function countRecordKeys(db: Db, union: RawBuilder<unknown>): Promise<number> {
  const counted = await sql<{ total: string }>`select count(*) as total from (${union}) as records`.execute(db);
  return Number(counted.rows[0]?.total ?? 0);
}
