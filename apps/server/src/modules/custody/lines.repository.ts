import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyDestination } from './custody-destinations';
import type { CustodyLineLimitTable, CustodyLineTable, CustodyLineWhitelistTable } from './custody.schema';

export type LineRow = Selectable<CustodyLineTable>;

/** A line's settings as stored: its own row's fields and the rows that hang off it. */
export interface LineSettings {
  name: string;
  adminEmail: string;
  currencies: string[];
  minReviewers: number;
  accountIds: string[];
  reviewerMemberIds: string[];
  /** Amounts as exact decimal text. */
  limits: Array<{ asset: string; perTransaction: string; perDay: string; perWeek: string; perMonth: string }>;
  whitelist: CustodyDestination[];
}

/** A line with everything that hangs off it, as read back. */
export interface LineRecord {
  line: LineRow;
  accountIds: string[];
  reviewerMemberIds: string[];
  limits: Array<Selectable<CustodyLineLimitTable>>;
  whitelist: Array<Selectable<CustodyLineWhitelistTable>>;
}

/** The organisation's lines (or the one of `id`), oldest first, with their accounts, reviewers, limits and whitelist. */
export async function readLines(trx: Db, id?: string): Promise<LineRecord[]> {
  let query = trx.selectFrom('custody_line').selectAll().orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const lines = await query.execute();
  if (lines.length === 0) return [];
  const ids = lines.map((line) => line.id);
  const [accounts, reviewers, limits, whitelist] = await Promise.all([
    trx.selectFrom('custody_line_account').select(['line_id', 'account_id']).where('line_id', 'in', ids).orderBy('account_id').execute(),
    trx.selectFrom('custody_line_reviewer').select(['line_id', 'member_id']).where('line_id', 'in', ids).orderBy('member_id').execute(),
    trx.selectFrom('custody_line_limit').selectAll().where('line_id', 'in', ids).orderBy('asset').execute(),
    trx.selectFrom('custody_line_whitelist').selectAll().where('line_id', 'in', ids).orderBy('id').execute(),
  ]);
  return lines.map((line) => ({
    line,
    accountIds: accounts.filter((row) => row.line_id === line.id).map((row) => row.account_id),
    reviewerMemberIds: reviewers.filter((row) => row.line_id === line.id).map((row) => row.member_id),
    limits: limits.filter((row) => row.line_id === line.id),
    whitelist: whitelist.filter((row) => row.line_id === line.id),
  }));
}

/** Locks a line for an edit; undefined when the organisation has none of that id. */
export function lockLine(trx: Db, id: string): Promise<LineRow | undefined> {
  return trx.selectFrom('custody_line').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A new line's row; the unique index on the trimmed, lower-cased name refuses a second of the same name (23505). */
export function insertLine(trx: Db, orgId: string, settings: LineSettings): Promise<LineRow> {
  return trx
    .insertInto('custody_line')
    .values({
      org_id: orgId,
      name: settings.name,
      admin_email: settings.adminEmail,
      currencies: settings.currencies,
      min_reviewers: settings.minReviewers,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A line's own fields; its minimum reviewers only when given (a policy change applies it otherwise). */
export function updateLine(
  trx: Db,
  id: string,
  settings: Pick<LineSettings, 'name' | 'adminEmail' | 'currencies'> & { minReviewers?: number },
): Promise<LineRow> {
  return trx
    .updateTable('custody_line')
    .set({
      name: settings.name,
      admin_email: settings.adminEmail,
      currencies: settings.currencies,
      ...(settings.minReviewers === undefined ? {} : { min_reviewers: settings.minReviewers }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces what hangs off a line (accounts, reviewers, limits, whitelist) with `settings`' rows. */
export async function replaceLineRows(trx: Db, orgId: string, lineId: string, settings: LineSettings): Promise<void> {
  await replaceLineAccounts(trx, orgId, lineId, settings.accountIds);
  await replaceLinePolicyRows(trx, orgId, lineId, settings);
}

/** Replaces a line's custody accounts. */
export async function replaceLineAccounts(trx: Db, orgId: string, lineId: string, accountIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('custody_line_account').where('line_id', '=', lineId).execute();
  if (accountIds.length > 0)
    await trx
      .insertInto('custody_line_account')
      .values(accountIds.map((account_id) => ({ org_id: orgId, line_id: lineId, account_id })))
      .execute();
}

/** Replaces a line's policy rows: its reviewers, limits and whitelist (the minimum reviewers is the line's own column). */
export async function replaceLinePolicyRows(
  trx: Db,
  orgId: string,
  lineId: string,
  settings: Pick<LineSettings, 'reviewerMemberIds' | 'limits' | 'whitelist'>,
): Promise<void> {
  await trx.deleteFrom('custody_line_reviewer').where('line_id', '=', lineId).execute();
  await trx.deleteFrom('custody_line_limit').where('line_id', '=', lineId).execute();
  // The whitelist keeps the entries that stay (with when each was added: its cooling period), drops the others.
  const kept = settings.whitelist.map((entry) => sql`(${entry.asset}, ${entry.chain}, ${entry.address}, ${entry.tag})`);
  let dropped = trx.deleteFrom('custody_line_whitelist').where('line_id', '=', lineId);
  if (kept.length > 0) dropped = dropped.where(sql<boolean>`(asset, chain, address, tag) not in (${sql.join(kept)})`);
  await dropped.execute();
  const base = { org_id: orgId, line_id: lineId };
  if (settings.reviewerMemberIds.length > 0)
    await trx
      .insertInto('custody_line_reviewer')
      .values(settings.reviewerMemberIds.map((member_id) => ({ ...base, member_id })))
      .execute();
  if (settings.limits.length > 0)
    await trx
      .insertInto('custody_line_limit')
      .values(
        settings.limits.map((limit) => ({
          ...base,
          asset: limit.asset,
          per_transaction: limit.perTransaction,
          per_day: limit.perDay,
          per_week: limit.perWeek,
          per_month: limit.perMonth,
        })),
      )
      .execute();
  if (settings.whitelist.length > 0)
    await trx
      .insertInto('custody_line_whitelist')
      .values(settings.whitelist.map((entry) => ({ ...base, ...entry })))
      .onConflict((conflict) =>
        conflict.columns(['line_id', 'chain', 'address', 'tag', 'asset']).doUpdateSet((eb) => ({ note: eb.ref('excluded.note') })),
      )
      .execute();
}

/** How many of `ids` are members of the organisation who are active or invited (not frozen). */
export async function countReviewerCandidates(trx: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await trx
    .selectFrom('custody_member')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('id', 'in', ids)
    .where('state', 'in', ['active', 'invited'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Whether any reviewer of the line has ever activated a membership (active or frozen since): until
 * then no quorum exists to ask, and the line's first configuration applies at once. Freezing a
 * reviewer does not bring that back: it keeps its activation time.
 */
export async function lineHasActivatedReviewer(trx: Db, lineId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('custody_line_reviewer as lr')
    .innerJoin('custody_member as m', 'm.id', 'lr.member_id')
    .select('m.id')
    .where('lr.line_id', '=', lineId)
    .where('m.activated_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets a line's minimum reviewers (an approved policy change). */
export async function setLineMinReviewers(trx: Db, id: string, minReviewers: number): Promise<void> {
  await trx.updateTable('custody_line').set({ min_reviewers: minReviewers, updated_at: new Date() }).where('id', '=', id).execute();
}
