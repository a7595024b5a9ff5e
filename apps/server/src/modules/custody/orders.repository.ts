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
  /** Whether the line lists any whitelist entry (then only those may be paid). */
  whitelistInUse: boolean;
  /** The line's entries; only the destination's when one was given. */
  whitelist: Array<{ asset: string; chain: string; address: string; tag: string; added_at: Date }>;
  limit: Pick<Selectable<CustodyLineLimitTable>, 'per_transaction' | 'per_day' | 'per_week' | 'per_month'> | undefined;
  /**
   * Counted orders of the line and coin in the longest window, oldest first; `at_ms`: created_at
   * in epoch milliseconds. Empty when only their sums were read (`used`).
   */
  counted: Array<{ amount: string; at_ms: string }>;
  /** The counted orders' sums per window (base units), when read instead of the orders themselves. */
  used: { day: string; week: string; month: string } | null;
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

/**
 * Everything the policy engine reads, in ONE statement (issue 18 item 4: p99 < 5 ms; each
 * statement is a round trip, and a fenced transaction already spends three): undefined when the
 * organisation has no such line. Given a destination, only its whitelist entries travel, with
 * whether the line lists any at all; without one (a batch, many destinations) every entry does.
 * A month of counted orders is thousands of rows: by default only each window's sum travels;
 * asked for, the orders travel as one text value, "amount ms,…" oldest first (ms: created_at in
 * epoch milliseconds). Either is read from the covering index of the counted states alone
 * (migration 0048; bench/custody/policy-bench.ts).
 */
export async function readPolicyRows(
  trx: Db,
  at: {
    lineId: string;
    asset: string;
    submitterMemberId: string;
    orderId: string | null;
    now: Date;
    destination?: { chain: string; address: string; tag: string };
    /**
     * `sums` (the default): each window's sum alone, what a verdict needs unless a window is
     * exceeded; `orders`: the orders themselves, to tell when enough of a window frees up.
     */
    history?: 'sums' | 'orders';
  },
): Promise<PolicyRows | undefined> {
  const windowStart = (window: 'day' | 'week' | 'month') => new Date(at.now.getTime() - custodyLimitWindowHours[window] * 3_600_000);
  const since = windowStart('month');
  const history = at.history ?? 'sums';
  // The organisation first: row-level security's fence is then a condition of 0049's index.
  const countedWhere = sql`c.org_id = l.org_id and c.line_id = l.id and c.asset = ${at.asset}
               and c.state in (${sql.join(custodyOrderCountedStates)}) and c.created_at > ${since}`;
  const countedColumns =
    history === 'orders'
      ? sql`(select coalesce(string_agg(c.amount::text || ' ' || floor(extract(epoch from c.created_at) * 1000)::bigint::text, ','
                                        order by c.created_at), '')
               from custody_withdrawal_order c where ${countedWhere} and c.id <> coalesce(${at.orderId}::bigint, 0)) as counted,
            null::json as used`
      : sql`'' as counted,
            (select json_build_object('day', coalesce(sum(c.amount) filter (where c.created_at > ${windowStart('day')}), 0)::text,
                                      'week', coalesce(sum(c.amount) filter (where c.created_at > ${windowStart('week')}), 0)::text,
                                      'month', coalesce(sum(c.amount), 0)::text,
                                      -- The order being decided, when counted, is taken off again (a filter on every row costs more).
                                      'own', (select json_build_object('amount', c.amount::text, 'at', c.created_at)
                                                from custody_withdrawal_order c where c.id = ${at.orderId}::bigint and ${countedWhere}))
               from custody_withdrawal_order c where ${countedWhere}) as used`;
  const destination = at.destination;
  const whitelistFilter = destination
    ? sql`and w.asset = ${at.asset} and w.chain = ${destination.chain} and w.address = ${destination.address} and w.tag = ${destination.tag}`
    : sql``;
  const result = await sql<{
    currencies: string[];
    min_reviewers: number;
    line_frozen: boolean;
    organisation_frozen: boolean;
    submitter_state: CustodyMemberState;
    account_ids: string[];
    whitelist_in_use: boolean;
    whitelist: Array<{ asset: string; chain: string; address: string; tag: string; added_at: string }>;
    limit: { per_transaction: string; per_day: string; per_week: string; per_month: string } | null;
    counted: string;
    used: { day: string; week: string; month: string; own: { amount: string; at: string } | null } | null;
    reviewers: LineReviewerRow[];
    decisions: Array<{ member_id: string; decision: 'approve' | 'reject' }>;
  }>`
    select l.currencies, l.min_reviewers, l.frozen_at is not null as line_frozen,
           (select o.frozen_at is not null from custody_org o) as organisation_frozen,
           (select m.state from custody_member m where m.id = ${at.submitterMemberId}) as submitter_state,
           array(select a.account_id::text from custody_line_account a where a.line_id = l.id) as account_ids,
           exists (select 1 from custody_line_whitelist w where w.line_id = l.id) as whitelist_in_use,
           coalesce((select json_agg(json_build_object('asset', w.asset, 'chain', w.chain, 'address', w.address, 'tag', w.tag,
                                                       'added_at', w.added_at))
                       from custody_line_whitelist w where w.line_id = l.id ${whitelistFilter}), '[]') as whitelist,
           (select json_build_object('per_transaction', x.per_transaction::text, 'per_day', x.per_day::text,
                                     'per_week', x.per_week::text, 'per_month', x.per_month::text)
              from custody_line_limit x where x.line_id = l.id and x.asset = ${at.asset}) as "limit",
           ${countedColumns},
           coalesce((select json_agg(json_build_object('member_id', r.member_id, 'name', r.name, 'state', r.state,
                                                       'can_review', r.can_review) order by r.member_id)
                       from (select distinct lr.member_id::text as member_id, m.name, m.state, 'review' = any(ro.permissions) as can_review
                               from custody_line_reviewer lr
                               join custody_member m on m.id = lr.member_id
                               join custody_role ro on ro.id = m.role_id
                              where lr.line_id = l.id) r), '[]') as reviewers,
           coalesce((select json_agg(json_build_object('member_id', d.member_id::text, 'decision', d.decision))
                       from custody_withdrawal_approval d where d.order_id = ${at.orderId}::bigint), '[]') as decisions
      from custody_line l
     where l.id = ${at.lineId}`.execute(trx);
  const row = result.rows[0];
  if (!row) return undefined;
  const withoutOwn = (used: NonNullable<typeof row.used>) => {
    const own = used.own;
    const ownIn = (window: 'day' | 'week' | 'month') => (own && new Date(own.at) > windowStart(window) ? BigInt(own.amount) : 0n);
    return {
      day: (BigInt(used.day) - ownIn('day')).toString(),
      week: (BigInt(used.week) - ownIn('week')).toString(),
      month: (BigInt(used.month) - ownIn('month')).toString(),
    };
  };
  return {
    organisationFrozen: row.organisation_frozen,
    lineFrozen: row.line_frozen,
    submitterState: row.submitter_state,
    line: { currencies: row.currencies, min_reviewers: row.min_reviewers, accountIds: row.account_ids },
    whitelistInUse: row.whitelist_in_use,
    whitelist: row.whitelist.map((entry) => ({ ...entry, added_at: new Date(entry.added_at) })),
    limit: row.limit ?? undefined,
    counted:
      row.counted === ''
        ? []
        : row.counted.split(',').map((pair) => {
            const [amount, atMs] = pair.split(' ') as [string, string];
            return { amount, at_ms: atMs };
          }),
    used: row.used && withoutOwn(row.used),
    reviewers: row.reviewers,
    decisions: row.decisions,
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
