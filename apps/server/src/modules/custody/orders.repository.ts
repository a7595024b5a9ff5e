import { custodyLimitWindowHours, custodyOrderCountedStates, type CustodyMemberState, type CustodyOrderState } from '@coffer/contract';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyLineLimitTable, CustodyWithdrawalApprovalTable, CustodyWithdrawalOrderTable } from './custody.schema';

/** The SQL of withdrawal orders and their approvals (issue 18); every statement runs fenced to one organisation. */

export type OrderRow = Selectable<CustodyWithdrawalOrderTable> & { line_name: string; account_name: string; submitter_name: string };
export type ApprovalRow = Selectable<CustodyWithdrawalApprovalTable> & { member_name: string };

/**
 * Serialises every decision that counts against the limits of one line and coin (a submission,
 * the approval completing a quorum) until the transaction ends: an advisory lock on the
 * organisation, line and coin, taken before anything is read.
 */
export async function lockLineAsset(trx: Db, orgId: string, lineId: string, asset: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`custody-order:${orgId}:${lineId}:${asset}`}, 0))`.execute(trx);
}

/** What the policy engine reads, raw: undefined when the organisation has no such line. */
export interface PolicyRows {
  organisationFrozen: boolean;
  lineFrozen: boolean;
  submitterState: CustodyMemberState;
  line: { currencies: string[]; min_reviewers: number; accountIds: string[] };
  whitelist: Array<{ asset: string; chain: string; address: string; tag: string; added_at: Date }>;
  limit: Selectable<CustodyLineLimitTable> | undefined;
  /** Counted orders of the line and coin in the longest window, oldest first; `at_ms`: created_at in epoch milliseconds. */
  counted: Array<{ amount: string; at_ms: string }>;
  reviewers: LineReviewerRow[];
  decisions: Array<{ member_id: string; decision: 'approve' | 'reject' }>;
}

export interface LineReviewerRow {
  member_id: string;
  name: string;
  state: CustodyMemberState;
  can_review: boolean;
}

/**
 * The reviewers listed on any of `lineIds` now, each once, with what makes them eligible (their
 * state and whether their role holds `review`): the withdrawal quorum's and the change requests'.
 */
export function readLineReviewers(trx: Db, lineIds: readonly string[]): Promise<LineReviewerRow[]> {
  if (lineIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('custody_line_reviewer as lr')
    .innerJoin('custody_member as m', 'm.id', 'lr.member_id')
    .innerJoin('custody_role as r', 'r.id', 'm.role_id')
    .select(['lr.member_id', 'm.name', 'm.state', sql<boolean>`'review' = any(r.permissions)`.as('can_review')])
    .distinct()
    .where('lr.line_id', 'in', lineIds)
    .orderBy('lr.member_id')
    .execute();
}

export async function readPolicyRows(
  trx: Db,
  at: { lineId: string; asset: string; submitterMemberId: string; orderId: string | null; now: Date },
): Promise<PolicyRows | undefined> {
  const line = await trx
    .selectFrom('custody_line')
    .select(['currencies', 'min_reviewers', 'frozen_at'])
    .where('id', '=', at.lineId)
    .executeTakeFirst();
  if (!line) return undefined;
  const since = new Date(at.now.getTime() - custodyLimitWindowHours.month * 3_600_000);
  // A month of orders is thousands of rows: they travel as ONE text value, "amount ms,amount ms…"
  // oldest first (ms: created_at in epoch milliseconds), not as rows each parsed by the driver
  // (a Date from a timestamp costs microseconds a row; bench/custody/policy-bench.ts), read
  // from the covering index of the counted states alone (migration 0048).
  let window = trx
    .selectFrom('custody_withdrawal_order')
    .select(['amount', 'created_at'])
    .where('line_id', '=', at.lineId)
    .where('asset', '=', at.asset)
    .where('state', 'in', custodyOrderCountedStates)
    .where('created_at', '>', since);
  if (at.orderId !== null) window = window.where('id', '<>', at.orderId);
  const counted = trx
    .selectFrom(window.as('w'))
    .select(
      sql<string>`coalesce(string_agg(w.amount::text || ' ' || floor(extract(epoch from w.created_at) * 1000)::bigint::text, ',' order by w.created_at), '')`.as(
        'list',
      ),
    );
  const [org, submitter, accounts, whitelist, limit, countedRows, reviewers, decisions] = await Promise.all([
    trx.selectFrom('custody_org').select('frozen_at').executeTakeFirstOrThrow(),
    trx.selectFrom('custody_member').select('state').where('id', '=', at.submitterMemberId).executeTakeFirstOrThrow(),
    trx.selectFrom('custody_line_account').select('account_id').where('line_id', '=', at.lineId).execute(),
    trx
      .selectFrom('custody_line_whitelist')
      .select(['asset', 'chain', 'address', 'tag', 'added_at'])
      .where('line_id', '=', at.lineId)
      .execute(),
    trx.selectFrom('custody_line_limit').selectAll().where('line_id', '=', at.lineId).where('asset', '=', at.asset).executeTakeFirst(),
    counted.executeTakeFirstOrThrow(),
    readLineReviewers(trx, [at.lineId]),
    at.orderId === null
      ? Promise.resolve([])
      : trx.selectFrom('custody_withdrawal_approval').select(['member_id', 'decision']).where('order_id', '=', at.orderId).execute(),
  ]);
  return {
    organisationFrozen: org.frozen_at !== null,
    lineFrozen: line.frozen_at !== null,
    submitterState: submitter.state,
    line: { currencies: line.currencies, min_reviewers: line.min_reviewers, accountIds: accounts.map((row) => row.account_id) },
    whitelist,
    limit,
    counted:
      countedRows.list === ''
        ? []
        : countedRows.list.split(',').map((pair) => {
            const [amount, atMs] = pair.split(' ') as [string, string];
            return { amount, at_ms: atMs };
          }),
    reviewers,
    decisions,
  };
}

export type NewOrder = Omit<Insertable<CustodyWithdrawalOrderTable>, 'state' | 'created_at' | 'decided_at'> & { id: string };

/** A new order's id, drawn before its row is written: its digest covers it. */
export async function nextOrderId(trx: Db): Promise<string> {
  const result = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('custody_withdrawal_order', 'id'))::text as id`.execute(
    trx,
  );
  return result.rows[0]!.id;
}

export async function insertOrder(trx: Db, order: NewOrder): Promise<string> {
  const row = await trx.insertInto('custody_withdrawal_order').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function joined(trx: Db) {
  return trx
    .selectFrom('custody_withdrawal_order as o')
    .innerJoin('custody_line as l', 'l.id', 'o.line_id')
    .innerJoin('custody_account as a', 'a.id', 'o.account_id')
    .innerJoin('custody_member as m', 'm.id', 'o.submitter_member_id')
    .selectAll('o')
    .select(['l.name as line_name', 'a.name as account_name', 'm.name as submitter_name']);
}

export function findOrder(trx: Db, id: string): Promise<OrderRow | undefined> {
  return joined(trx).where('o.id', '=', id).executeTakeFirst();
}

export function findOrderByRequest(trx: Db, requestId: string): Promise<OrderRow | undefined> {
  return joined(trx).where('o.request_id', '=', requestId).executeTakeFirst();
}

/** Locks an order for a decision on it; undefined when the organisation has none of that id. */
export function lockOrder(trx: Db, id: string): Promise<Selectable<CustodyWithdrawalOrderTable> | undefined> {
  return trx.selectFrom('custody_withdrawal_order').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The list's filters, every one optional; the time range is [start, end) of the submission. */
export interface OrderFilters {
  state?: CustodyOrderState | undefined;
  lineId?: string | undefined;
  coin?: string | undefined;
  submitterId?: string | undefined;
  batchId?: string | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
}

export async function ordersPage(
  trx: Db,
  filters: OrderFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  let query = joined(trx);
  let count = trx.selectFrom('custody_withdrawal_order as o').select((eb) => eb.fn.countAll<string>().as('total'));
  const { state, lineId, coin, submitterId, batchId, start, end } = filters;
  if (state) [query, count] = [query.where('o.state', '=', state), count.where('o.state', '=', state)];
  if (lineId) [query, count] = [query.where('o.line_id', '=', lineId), count.where('o.line_id', '=', lineId)];
  if (coin) [query, count] = [query.where('o.asset', '=', coin), count.where('o.asset', '=', coin)];
  if (submitterId)
    [query, count] = [query.where('o.submitter_member_id', '=', submitterId), count.where('o.submitter_member_id', '=', submitterId)];
  if (batchId) [query, count] = [query.where('o.batch_id', '=', batchId), count.where('o.batch_id', '=', batchId)];
  if (start) [query, count] = [query.where('o.created_at', '>=', start), count.where('o.created_at', '>=', start)];
  if (end) [query, count] = [query.where('o.created_at', '<', end), count.where('o.created_at', '<', end)];
  const rows = await query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(page.limit).offset(page.offset).execute();
  const counted = await count.executeTakeFirstOrThrow();
  return { rows, total: Number(counted.total) };
}

/** The transfer record written when an order's payout settled (`custody-payouts.ts`), if any. */
export function payoutTransferOf(trx: Db, orderId: string): Promise<{ txid: string | null; recorded_at: Date } | undefined> {
  return trx.selectFrom('custody_transfer').select(['txid', 'recorded_at']).where('order_id', '=', orderId).executeTakeFirst();
}

export function approvalsOf(trx: Db, orderId: string): Promise<ApprovalRow[]> {
  return trx
    .selectFrom('custody_withdrawal_approval as d')
    .innerJoin('custody_member as m', 'm.id', 'd.member_id')
    .selectAll('d')
    .select('m.name as member_name')
    .where('d.order_id', '=', orderId)
    .orderBy('d.created_at')
    .execute();
}

/** A member's decision; the primary key refuses a second one (23505), the CHECK the submitter's own (23514). */
export async function insertApproval(trx: Db, approval: Insertable<CustodyWithdrawalApprovalTable>): Promise<void> {
  await trx.insertInto('custody_withdrawal_approval').values(approval).execute();
}

/** Moves a locked order to `to`; decided (with its time) unless it is still under review. */
export async function setOrderState(trx: Db, id: string, to: CustodyOrderState): Promise<void> {
  const open = to === 'pending_review' || to === 'reviewing';
  await trx
    .updateTable('custody_withdrawal_order')
    .set({ state: to, decided_at: open ? null : sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
