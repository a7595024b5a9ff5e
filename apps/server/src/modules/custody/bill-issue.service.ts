import { sql } from 'kysely';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { dueOn, monthRange, previousMonth } from './billing-arithmetic';
import { insertBill, type NewLine, type NewSource } from './billing.repository';
import { computeBill, type BillingComputationDeps, type DraftSource } from './bill-computation';

export interface BillIssuer {
  /** Issues `month`'s bill (`YYYY-MM`) of one organisation; its id, or null when it was already issued. */
  issueFor(orgId: string, month: string): Promise<string | null>;
  /** Issues `month`'s bills of every organisation enabled before the month ended; how many were new. */
  issue(month: string): Promise<number>;
  /** Scheduled on the 1st at 02:00 UTC (after the last day's snapshot at 00:05): the month before. */
  job(): JobDefinition;
}

function sourceRow(source: DraftSource): NewSource {
  return source.kind === 'snapshot'
    ? { kind: 'snapshot', snapshot_account_id: source.accountId, snapshot_asset: source.asset, snapshot_day: source.day }
    : { kind: 'ledgerEntry', entry_id: source.entryId, order_id: source.orderId };
}

/**
 * Issues the monthly bills (issue 18 item 9): computed from the month's snapshots and ledger
 * entries (`computeBill`), then written — bill, lines and every line's sources — in one
 * transaction as the platform. `custody_bill_once` (organisation, month) makes issuing
 * idempotent: a second run, a retry or another process's run finds the bill there and adds
 * nothing.
 */
export function createBillIssuer(deps: BillingComputationDeps): BillIssuer {
  const { db } = deps;

  async function issueFor(orgId: string, month: string): Promise<string | null> {
    const draft = await computeBill(deps, orgId, month);
    const lines = draft.lines.map((line, index) => ({
      line: {
        position: index + 1,
        kind: line.kind,
        asset: line.asset,
        amount: line.amount,
        usd_price: line.usdPrice,
        usd_cents: line.usdCents,
        orders: line.orders,
      } satisfies NewLine,
      sources: line.sources.map(sourceRow),
    }));
    return db.transaction().execute((trx) =>
      insertBill(
        trx,
        {
          org_id: orgId,
          period: `${month}-01`,
          due_on: dueOn(month),
          days: draft.days,
          market_value_cents: draft.averageCents,
          annual_rate: draft.annualRate,
          hosting_fee_cents: draft.hostingFeeCents,
          enterprise_withdrawal_cents: draft.enterpriseCents,
          prime_withdrawal_cents: draft.primeCents,
          withdrawal_fee_cents: draft.withdrawalFeeCents,
          minimum_cents: draft.minimumCents,
          reference_fee_cents: draft.referenceFeeCents,
          final_cost_cents: draft.finalCostCents,
        },
        lines,
      ),
    );
  }

  async function issue(month: string): Promise<number> {
    const { end } = monthRange(month);
    // Cross-tenant, as the snapshot job: the organisations enabled before the month ended.
    const orgs = await sql<{ id: string }>`select id::text as id from custody_org where created_at < ${end}::date order by id`.execute(db);
    let issued = 0;
    for (const org of orgs.rows) if ((await issueFor(org.id, month)) !== null) issued += 1;
    return issued;
  }

  return {
    issueFor,
    issue,
    job: () => ({
      name: 'custody.issue-bills',
      cron: '0 2 1 * *',
      async handle(_data, { logger }) {
        const month = previousMonth(new Date());
        logger.info({ month, issued: await issue(month) }, 'custody monthly bills issued');
      },
    }),
  };
}
