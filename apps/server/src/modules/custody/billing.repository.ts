import type { CustodyBillState, CustodyPaymentMethod } from '@coffer/contract';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyBillLineTable, CustodyBillSourceTable, CustodyBillTable } from './custody-billing.schema';

/**
 * The SQL of billing (`custody_billing_profile`, `custody_billing_deduction`, `custody_bill`,
 * `custody_bill_line`, `custody_bill_source`) and its reads of snapshots and settled
 * withdrawals. Functions taking `trx` alone run fenced to one organisation (`inOrganisation`);
 * those taking an `orgId` or none are the platform's (the jobs and the back office).
 */

export type BillRow = Selectable<CustodyBillTable> & { period_text: string; due_text: string };

export interface ProfileRow {
  annual_rate: string | null;
  minimum_cents: string | null;
  method: CustodyPaymentMethod;
}

const billColumns = sql<string>`b.*, to_char(b.period, 'YYYY-MM') as period_text, to_char(b.due_on, 'YYYY-MM-DD') as due_text`;

/** The organisation's rates and method (fenced); undefined when nothing was ever set. */
export async function readProfile(trx: Db): Promise<ProfileRow | undefined> {
  return trx.selectFrom('custody_billing_profile').select(['annual_rate', 'minimum_cents', 'method']).executeTakeFirst();
}

/** The deduction pairs in priority order, with their accounts' names (fenced). */
export async function readDeductions(trx: Db) {
  return trx
    .selectFrom('custody_billing_deduction as d')
    .innerJoin('custody_account as a', 'a.id', 'd.account_id')
    .select(['d.position', 'd.account_id', 'd.asset', 'a.name as account_name'])
    .orderBy('d.position')
    .execute();
}

/** The console's choice (fenced): the method, and the deduction pairs replaced in the order given. */
export async function savePaymentMethod(
  trx: Db,
  orgId: string,
  method: CustodyPaymentMethod,
  deductions: ReadonlyArray<{ accountId: string; asset: string }>,
): Promise<void> {
  await trx
    .insertInto('custody_billing_profile')
    .values({ org_id: orgId, method })
    .onConflict((conflict) => conflict.column('org_id').doUpdateSet({ method, updated_at: sql<Date>`now()` }))
    .execute();
  await trx.deleteFrom('custody_billing_deduction').execute();
  if (deductions.length > 0) {
    await trx
      .insertInto('custody_billing_deduction')
      .values(deductions.map((pair, index) => ({ org_id: orgId, position: index + 1, account_id: pair.accountId, asset: pair.asset })))
      .execute();
  }
}

/** The operator's rates (the platform's write); the row as it was before, for the audit log. */
export async function saveRates(db: Db, orgId: string, annualRate: string, minimumCents: bigint): Promise<ProfileRow | undefined> {
  const before = await db
    .selectFrom('custody_billing_profile')
    .select(['annual_rate', 'minimum_cents', 'method'])
    .where('org_id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('custody_billing_profile')
    .values({ org_id: orgId, annual_rate: annualRate, minimum_cents: minimumCents, rates_set_at: sql<Date>`now()` })
    .onConflict((conflict) =>
      conflict.column('org_id').doUpdateSet({
        annual_rate: annualRate,
        minimum_cents: minimumCents,
        rates_set_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
  return before;
}

/** Every snapshot row of the month [start, end) (fenced), with its account's name. */
export async function monthSnapshots(trx: Db, start: string, end: string) {
  const result = await sql<{
    account_id: string;
    account_name: string;
    asset: string;
    day: string;
    balance: string;
    usd_price: string;
    usd_cents: string;
  }>`
    select s.account_id::text as account_id, a.name as account_name, s.asset, to_char(s.day, 'YYYY-MM-DD') as day,
           s.balance::text as balance, s.usd_price::text as usd_price, s.usd_cents::text as usd_cents
      from custody_daily_snapshot s
      join custody_account a on a.id = s.account_id
     where s.day >= ${start}::date and s.day < ${end}::date
     order by s.day, s.account_id, s.asset`.execute(trx);
  return result.rows;
}

/** The withdrawal orders settled in [start, end) (fenced): their order, account tier, line and settling journal. */
export async function monthSettledWithdrawals(trx: Db, start: string, end: string) {
  const result = await sql<{
    order_id: string;
    serial_no: string;
    account_id: string;
    account_name: string;
    tier: 'enterprise' | 'prime';
    line_id: string;
    line_name: string;
    asset: string;
    journal_id: string;
  }>`
    select o.id::text as order_id, o.serial_no, a.id::text as account_id, a.name as account_name, a.tier,
           l.id::text as line_id, l.name as line_name, o.asset, t.journal_id::text as journal_id
      from custody_transfer t
      join custody_withdrawal_order o on o.id = t.order_id
      join custody_account a on a.id = o.account_id
      join custody_line l on l.id = o.line_id
     where t.business_type = 'withdrawal' and t.journal_id is not null
       and t.recorded_at >= ${start}::date and t.recorded_at < ${end}::date
     order by t.recorded_at, t.id`.execute(trx);
  return result.rows;
}

export type NewBill = Omit<Insertable<CustodyBillTable>, 'state'>;
export type NewLine = Omit<Insertable<CustodyBillLineTable>, 'bill_id' | 'org_id'>;
export type NewSource = Omit<Insertable<CustodyBillSourceTable>, 'line_id' | 'org_id'>;

/**
 * Writes a bill with its lines and their sources, once per organisation and month (the
 * platform's write, inside the caller's transaction): a bill already there (another run's)
 * leaves everything as it was and answers null.
 */
export async function insertBill(
  trx: Db,
  bill: NewBill,
  lines: ReadonlyArray<{ line: NewLine; sources: readonly NewSource[] }>,
): Promise<string | null> {
  const inserted = await trx
    .insertInto('custody_bill')
    .values(bill)
    .onConflict((conflict) => conflict.constraint('custody_bill_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  for (const { line, sources } of lines) {
    const row = await trx
      .insertInto('custody_bill_line')
      .values({ ...line, bill_id: inserted.id, org_id: bill.org_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let index = 0; index < sources.length; index += 1000) {
      await trx
        .insertInto('custody_bill_source')
        .values(sources.slice(index, index + 1000).map((source) => ({ ...source, line_id: row.id, org_id: bill.org_id })))
        .execute();
    }
  }
  return inserted.id;
}

export interface BillFilter {
  state?: CustodyBillState | undefined;
  fromMonth?: string | undefined;
  toMonth?: string | undefined;
  limit: number;
  offset: number;
}

/** A page of the organisation's bills, newest period first, and how many match (fenced). */
export async function listBills(trx: Db, filter: BillFilter): Promise<{ rows: BillRow[]; total: number }> {
  const where = sql`where true
      ${filter.state ? sql`and b.state = ${filter.state}` : sql``}
      ${filter.fromMonth ? sql`and b.period >= ${`${filter.fromMonth}-01`}::date` : sql``}
      ${filter.toMonth ? sql`and b.period <= ${`${filter.toMonth}-01`}::date` : sql``}`;
  const [rows, count] = await Promise.all([
    sql<BillRow>`select ${billColumns} from custody_bill b ${where} order by b.period desc, b.id desc
      limit ${filter.limit} offset ${filter.offset}`.execute(trx),
    sql<{ total: string }>`select count(*)::text as total from custody_bill b ${where}`.execute(trx),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

/** One bill by id (fenced, or the platform's when not), undefined when there is none. */
export async function findBill(executor: Db, billId: string): Promise<BillRow | undefined> {
  const result = await sql<BillRow>`select ${billColumns} from custody_bill b where b.id = ${billId}::bigint`.execute(executor);
  return result.rows[0];
}

/** The bills of the given organisations (the platform's read, for the back office), newest first, at most `perOrg` each. */
export async function billsOfOrganisations(db: Db, orgIds: readonly string[], perOrg: number): Promise<BillRow[]> {
  if (orgIds.length === 0) return [];
  const result = await sql<BillRow>`
    select * from (
      select ${billColumns}, row_number() over (partition by b.org_id order by b.period desc) as rank
        from custody_bill b where b.org_id = any(${[...orgIds]}::bigint[])) ranked
     where rank <= ${perOrg} order by org_id, period desc`.execute(db);
  return result.rows;
}

/** A bill's lines in their order (fenced). */
export async function billLines(trx: Db, billId: string) {
  return trx
    .selectFrom('custody_bill_line')
    .select(['id', 'kind', 'asset', 'amount', 'usd_price', 'usd_cents', 'orders'])
    .where('bill_id', '=', billId)
    .orderBy('position')
    .execute();
}

/** The sources of the given lines (fenced): a snapshot with its account and figures, or a ledger entry with its order. */
export async function lineSources(trx: Db, lineIds: readonly string[]) {
  if (lineIds.length === 0) return [];
  const result = await sql<{
    line_id: string;
    kind: 'snapshot' | 'ledgerEntry';
    day: string | null;
    account_id: string;
    account_name: string;
    asset: string;
    balance: string | null;
    usd_price: string | null;
    usd_cents: string | null;
    entry_id: string | null;
    order_id: string | null;
    serial_no: string | null;
    journal_id: string | null;
  }>`
    select src.line_id::text as line_id, src.kind, to_char(src.snapshot_day, 'YYYY-MM-DD') as day,
           a.id::text as account_id, a.name as account_name, coalesce(s.asset, o.asset) as asset,
           s.balance::text as balance, s.usd_price::text as usd_price, s.usd_cents::text as usd_cents,
           src.entry_id::text as entry_id, o.id::text as order_id, o.serial_no, t.journal_id::text as journal_id
      from custody_bill_source src
      left join custody_daily_snapshot s
        on s.account_id = src.snapshot_account_id and s.asset = src.snapshot_asset and s.day = src.snapshot_day
      left join custody_withdrawal_order o on o.id = src.order_id
      left join custody_transfer t on t.order_id = o.id
      join custody_account a on a.id = coalesce(src.snapshot_account_id, o.account_id)
     where src.line_id = any(${[...lineIds]}::bigint[])
     order by src.line_id, src.snapshot_day nulls last, src.snapshot_account_id, src.snapshot_asset, src.entry_id`.execute(trx);
  return result.rows;
}

/**
 * Unpaid → paid by wire, once (the platform's write): a conditional UPDATE, so of any number of
 * concurrent markings one changes the bill; the others (and a bill already paid) answer null.
 */
export async function markPaidByWire(trx: Db, billId: string, operatorId: string, note: string): Promise<BillRow | null> {
  const result = await sql<BillRow>`
    update custody_bill b set state = 'paid', paid_at = now(), paid_via = 'wire', paid_note = ${note}, paid_by_operator = ${operatorId}
     where b.id = ${billId}::bigint and b.state = 'unpaid'
     returning ${billColumns}`.execute(trx);
  return result.rows[0] ?? null;
}

/** Unpaid bills due on or before `day` of organisations paying by deduction (the platform's read, the deduction job's). */
export async function dueDeductionBills(db: Db, day: string) {
  return db
    .selectFrom('custody_bill as b')
    .innerJoin('custody_billing_profile as p', 'p.org_id', 'b.org_id')
    .select(['b.id', 'b.org_id'])
    .where('b.state', '=', 'unpaid')
    .where('p.method', '=', 'deduction')
    .where(sql<boolean>`b.due_on <= ${day}::date`)
    .orderBy('b.id')
    .execute();
}

/** The bill's row locked for its payment (the platform's, in the deduction's transaction). */
export async function lockBill(trx: Db, billId: string) {
  return trx
    .selectFrom('custody_bill')
    .select(['id', 'org_id', 'state', 'final_cost_cents'])
    .where('id', '=', billId)
    .forUpdate()
    .executeTakeFirst();
}

/** The deduction pairs of one organisation in priority order (the platform's read). */
export async function deductionsOf(db: Db, orgId: string) {
  return db
    .selectFrom('custody_billing_deduction')
    .select(['account_id', 'asset'])
    .where('org_id', '=', orgId)
    .orderBy('position')
    .execute();
}

/** Records a deduction's payment on the locked, unpaid bill. */
export async function markPaidByDeduction(
  trx: Db,
  billId: string,
  payment: { accountId: string; asset: string; amount: bigint; usdPrice: string; journalId: string },
): Promise<void> {
  await trx
    .updateTable('custody_bill')
    .set({
      state: 'paid',
      paid_at: sql<Date>`now()`,
      paid_via: 'deduction',
      paid_account_id: payment.accountId,
      paid_asset: payment.asset,
      paid_amount: payment.amount,
      paid_usd_price: payment.usdPrice,
      paid_journal_id: payment.journalId,
    })
    .where('id', '=', billId)
    .where('state', '=', 'unpaid')
    .execute();
}

/** A page of organisations with their billing profile (the platform's read, for the back office). */
export async function organisationsPage(db: Db, filter: { unpaidOnly: boolean; limit: number; offset: number }) {
  const where = filter.unpaidOnly ? sql`where exists (select 1 from custody_bill b where b.org_id = o.id and b.state = 'unpaid')` : sql``;
  const [rows, count] = await Promise.all([
    sql<{ id: string; name: string; annual_rate: string | null; minimum_cents: string | null; method: CustodyPaymentMethod | null }>`
      select o.id::text as id, o.name, p.annual_rate::text as annual_rate, p.minimum_cents::text as minimum_cents, p.method
        from custody_org o left join custody_billing_profile p on p.org_id = o.id
        ${where} order by o.id limit ${filter.limit} offset ${filter.offset}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total from custody_org o ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

/** An organisation's name and billing profile (the platform's read); undefined when no such organisation. */
export async function organisationOf(db: Db, orgId: string) {
  const result = await sql<{
    id: string;
    name: string;
    annual_rate: string | null;
    minimum_cents: string | null;
    method: CustodyPaymentMethod | null;
  }>`
    select o.id::text as id, o.name, p.annual_rate::text as annual_rate, p.minimum_cents::text as minimum_cents, p.method
      from custody_org o left join custody_billing_profile p on p.org_id = o.id
     where o.id = ${orgId}::bigint`.execute(db);
  return result.rows[0];
}

/** The unpaid total of each organisation given, in cents (the platform's read). */
export async function unpaidCents(db: Db, orgIds: readonly string[]): Promise<Map<string, bigint>> {
  if (orgIds.length === 0) return new Map();
  const result = await sql<{ org_id: string; cents: string }>`
    select org_id::text as org_id, sum(final_cost_cents)::text as cents from custody_bill
     where state = 'unpaid' and org_id = any(${[...orgIds]}::bigint[]) group by org_id`.execute(db);
  return new Map(result.rows.map((row) => [row.org_id, BigInt(row.cents)]));
}
