import type { CustodyAccountKind, CustodyAccountTier } from '@coffer/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyAccountTable } from './custody.schema';

export type AccountRow = Selectable<CustodyAccountTable>;

/** The organisation's custody accounts, oldest first (the transaction is fenced to it). */
export function listAccounts(trx: Db): Promise<AccountRow[]> {
  return trx.selectFrom('custody_account').selectAll().orderBy('id').execute();
}

export function findAccount(trx: Db, id: string): Promise<AccountRow | undefined> {
  return trx.selectFrom('custody_account').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The organisation's accounts among `ids`, by id (an id of another organisation is not found). */
export async function findAccounts(trx: Db, ids: readonly string[]): Promise<Map<string, AccountRow>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('custody_account').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A new account; the unique index on the trimmed, lower-cased name refuses a second of the same name (23505). */
export function insertAccount(
  trx: Db,
  account: { orgId: string; name: string; kind: CustodyAccountKind; tier: CustodyAccountTier },
): Promise<AccountRow> {
  return trx
    .insertInto('custody_account')
    .values({ org_id: account.orgId, name: account.name, kind: account.kind, tier: account.tier })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many of `ids` are the organisation's accounts. */
export async function countAccounts(trx: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await trx
    .selectFrom('custody_account')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
