import type { CustodyBusinessType, CustodyTransferFailReason, CustodyTransferState } from '@coffer/contract';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyTransferTable } from './custody.schema';

/** The SQL of `custody_transfer` (the transfer records); every statement but the two cross-tenant reads runs fenced to one organisation. */

export type TransferRow = Selectable<CustodyTransferTable> & {
  account_name: string;
  counterpart_name: string | null;
  /** The mining-pool partner a deposit came from. */
  partner_name: string | null;
};
/** A new record; a settled one (credited, released) is completed at the database's now. */
export type NewTransfer = Omit<Insertable<CustodyTransferTable>, 'completed_at'>;

export interface TransferFilters {
  accountId?: string | undefined;
  asset?: string | undefined;
  businessType?: CustodyBusinessType | undefined;
  state?: CustodyTransferState | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
}

/** A keyset position in the history, newest first: only records older than it. `recordedAt` is the database's exact text (microseconds). */
export interface TransferCursor {
  recordedAt: string;
  id: string;
}

/**
 * Cross-tenant, for the deposit watcher (which knows custody accounts, not organisations): the
 * organisation of each custody account among `ids`, read as the platform.
 */
export async function organisationsOfAccounts(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('custody_account').select(['id', 'org_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.org_id]));
}

/**
 * Cross-tenant, for compliance's hold on a custody account's deposit: the customer who applied
 * for the account's organisation (its holder), read as the platform.
 */
export async function holderOfAccount(db: Db, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('custody_account as account')
    .innerJoin('custody_org as org', 'org.id', 'account.org_id')
    .innerJoin('custody_application as application', 'application.id', 'org.application_id')
    .select('application.user_id')
    .where('account.id', '=', accountId)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertTransfers(trx: Db, rows: readonly NewTransfer[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('custody_transfer')
    .values(rows.map((row) => ({ ...row, completed_at: row.state === 'credited' || row.state === 'released' ? sql<Date>`now()` : null })))
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** Pending credit → credited for deposits, each with its journal and the balance it left; how many changed. */
export async function creditDepositTransfers(
  trx: Db,
  credits: ReadonlyArray<{ depositId: string; journalId: string; balanceAfter: string }>,
): Promise<number> {
  const result = await sql`
    update custody_transfer t
       set state = 'credited', journal_id = v.journal_id, balance_after = v.balance_after, completed_at = now()
      from unnest(${credits.map((row) => row.depositId)}::bigint[], ${credits.map((row) => row.journalId)}::bigint[],
                  ${credits.map((row) => row.balanceAfter)}::numeric[]) as v (deposit_id, journal_id, balance_after)
     where t.deposit_id = v.deposit_id and t.state = 'pendingCredit'`.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

/** Pending credit → failure for deposits that will never be credited (already failed ones stay as they are). */
export async function failDepositTransfers(trx: Db, depositIds: readonly string[], reason: CustodyTransferFailReason): Promise<void> {
  await trx
    .updateTable('custody_transfer')
    .set({ state: 'failure', fail_reason: reason })
    .where('deposit_id', 'in', depositIds)
    .where('state', '=', 'pendingCredit')
    .execute();
}

/** The records with their account's name, for a move the other account's, for a pool payout the partner's. */
function joined(trx: Db) {
  return trx
    .selectFrom('custody_transfer as t')
    .innerJoin('custody_account as account', 'account.id', 't.account_id')
    .leftJoin('custody_account as counterpart', 'counterpart.id', 't.counterpart_account_id')
    .leftJoin('custody_pool_partner as partner', 'partner.id', 't.pool_partner_id');
}

function withNames(query: ReturnType<typeof joined>) {
  return query
    .selectAll('t')
    .select(['account.name as account_name', 'counterpart.name as counterpart_name', 'partner.partner_name as partner_name']);
}

/** Both records of an internal move, by the client's request id (out first). */
export function moveTransfers(trx: Db, requestId: string): Promise<TransferRow[]> {
  return withNames(joined(trx)).where('t.move_request_id', '=', requestId).orderBy('t.id').execute();
}

function filtered(query: ReturnType<typeof joined>, filters: TransferFilters): ReturnType<typeof joined> {
  let result = query;
  if (filters.accountId) result = result.where('t.account_id', '=', filters.accountId);
  if (filters.asset) result = result.where('t.asset', '=', filters.asset);
  if (filters.businessType) result = result.where('t.business_type', '=', filters.businessType);
  if (filters.state) result = result.where('t.state', '=', filters.state);
  if (filters.start) result = result.where('t.recorded_at', '>=', filters.start);
  if (filters.end) result = result.where('t.recorded_at', '<', filters.end);
  return result;
}

/** One page of the organisation's history, newest first, and how many records match. */
export async function transfersPage(
  trx: Db,
  filters: TransferFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TransferRow[]; total: number }> {
  const rows = await withNames(filtered(joined(trx), filters))
    .orderBy('t.recorded_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await filtered(joined(trx), filters)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(counted.total) };
}

/** The next batch of the history after `before` (newest first), for a download, each row with its cursor. */
export function transfersBatch(
  trx: Db,
  filters: TransferFilters,
  before: TransferCursor | undefined,
  limit: number,
): Promise<Array<TransferRow & { recorded_key: string }>> {
  let query = filtered(joined(trx), filters);
  if (before) query = query.where(sql<boolean>`(t.recorded_at, t.id) < (${before.recordedAt}::timestamptz, ${before.id}::bigint)`);
  return withNames(query)
    .select(sql<string>`t.recorded_at::text`.as('recorded_key'))
    .orderBy('t.recorded_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}
