import { billTypes, custodyBillingDefaults, type AdminBillingOrg } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { Ledger, LedgerReads } from '../ledger';
import { operatorAuditFields, type OperatorIdentity } from '../operators';
import { checkedAnnualRate, checkedMinimumCents, coinUnitsFor } from './billing-arithmetic';
import { billingError } from './billing.errors';
import {
  billsOfOrganisations,
  deductionsOf,
  dueDeductionBills,
  findBill,
  lockBill,
  markPaidByDeduction,
  markPaidByWire,
  organisationOf,
  organisationsPage,
  saveRates,
  unpaidCents,
} from './billing.repository';
import { ratesOf } from './bill-computation';
import { billView } from './bill-view';
import { utcDay } from './report-range';
import { usdText } from './custody-valuation';

export interface BillPaymentDeps {
  db: Db;
  audit: Pick<AuditApi, 'record'>;
  assets: Pick<AssetsApi, 'scaleOf' | 'referenceUsdPrices'>;
  ledger: Pick<Ledger, 'custodyAccount' | 'platformAccount' | 'transfer'>;
  ledgerReads: Pick<LedgerReads, 'custodyBalances'>;
}

/** Bills shown per organisation in the back office. */
const billsPerOrg = 24;

/**
 * The back office's billing and the payment of bills (issue 18 items 9 and 10): organisations
 * with their rates and bills, rates set by an operator, a bill marked paid by wire, and the
 * deduction job that takes due bills from the organisations' custody accounts through the
 * ledger. Reads and writes as the platform, across organisations; every change is audit-logged
 * in its own transaction.
 */
export function createBillPayments(deps: BillPaymentDeps) {
  const { db, audit } = deps;

  async function organisationView(orgId: string): Promise<AdminBillingOrg> {
    const page = await organisationsRows([orgId]);
    return page[0]!;
  }

  async function organisationsRows(orgIds: readonly string[]): Promise<AdminBillingOrg[]> {
    const orgs = (await Promise.all(orgIds.map((id) => organisationOf(db, id)))).filter((org) => org !== undefined);
    const [bills, unpaid] = await Promise.all([billsOfOrganisations(db, orgIds, billsPerOrg), unpaidCents(db, orgIds)]);
    const paidAssets = [...new Set(bills.flatMap((bill) => (bill.paid_asset ? [bill.paid_asset] : [])))];
    const scales = new Map(await Promise.all(paidAssets.map(async (code) => [code, await deps.assets.scaleOf(code)] as const)));
    return orgs.map((org) => {
      const rates = ratesOf(org);
      return {
        orgId: org.id,
        name: org.name,
        annualRate: rates.annualRate,
        minimumUsd: usdText(rates.minimumCents),
        isDefaultRates: org.annual_rate === null,
        method: org.method ?? 'wire',
        unpaidUsd: usdText(unpaid.get(org.id) ?? 0n),
        bills: bills
          .filter((bill) => bill.org_id === org.id)
          .map((bill) => billView(bill, new Map(), bill.paid_asset ? (scales.get(bill.paid_asset) ?? 0) : 0)),
      };
    });
  }

  /**
   * Takes one due bill by deduction, or nothing: in one transaction with the bill's row locked
   * (unpaid still), the first (account, coin) pair of the organisation's priority order whose
   * available balance covers the final cost at the coin's reference USD price (rounded up to
   * the coin's unit) pays it all — a pair short is skipped, never half-taken — through one
   * ledger transfer to the platform's fees account (bill type `custodyFee`), and the bill is
   * paid. A zero bill is paid without a transfer. False when no pair could pay (the job tries
   * again the next day) or the bill is no longer unpaid.
   */
  async function deduct(billId: string, orgId: string): Promise<boolean> {
    const pairs = await deductionsOf(db, orgId);
    const prices = new Map((await deps.assets.referenceUsdPrices()).map((price) => [price.code, price.usdPrice]));
    // The ledger's accounts are found before the transaction: it then needs no second connection.
    const candidates = await Promise.all(
      pairs.map(async (pair) => ({
        ...pair,
        scale: await deps.assets.scaleOf(pair.asset),
        ledgerAccount: await deps.ledger.custodyAccount(pair.account_id, pair.asset),
        fees: await deps.ledger.platformAccount('fees', pair.asset),
      })),
    );
    return db.transaction().execute(async (trx) => {
      const bill = await lockBill(trx, billId);
      if (bill?.state !== 'unpaid') return false;
      const cents = BigInt(bill.final_cost_cents);
      if (cents === 0n) {
        await trx
          .updateTable('custody_bill')
          .set({ state: 'paid', paid_at: new Date(), paid_via: 'deduction' })
          .where('id', '=', billId)
          .execute();
        return true;
      }
      const balances = await deps.ledgerReads.custodyBalances(
        candidates.map((pair) => pair.account_id),
        trx,
      );
      for (const pair of candidates) {
        const price = prices.get(pair.asset);
        const units = price ? coinUnitsFor(cents, pair.scale, price) : null;
        const available = BigInt(
          balances.find((row) => row.custodyAccountId === pair.account_id && row.asset === pair.asset)?.available ?? '0',
        );
        if (units === null || units <= 0n || available < units) continue;
        const posted = await deps.ledger.transfer(
          {
            idempotencyKey: `custody-bill:${billId}:deduct`,
            billType: billTypes.custodyFee,
            from: pair.ledgerAccount,
            to: pair.fees,
            amount: units,
            reference: { type: 'custodyBill', id: billId },
          },
          trx,
        );
        await markPaidByDeduction(trx, billId, {
          accountId: pair.account_id,
          asset: pair.asset,
          amount: units,
          usdPrice: price!,
          journalId: posted.journalId,
        });
        await audit.record(trx, {
          actor: { kind: 'system', id: 'custody.deduct-bills' },
          action: 'custody.bill.deduct',
          subject: { kind: 'custodyBill', id: billId },
          before: { state: 'unpaid' },
          after: {
            state: 'paid',
            accountId: pair.account_id,
            coin: pair.asset,
            amount: units,
            usdPrice: price,
            journalId: posted.journalId,
          },
        });
        return true;
      }
      return false;
    });
  }

  /** Every unpaid bill due by `day` of an organisation paying by deduction; how many were taken. */
  async function deductDue(day: string): Promise<{ taken: number; short: string[] }> {
    let taken = 0;
    const short: string[] = [];
    for (const bill of await dueDeductionBills(db, day)) {
      if (await deduct(bill.id, bill.org_id)) taken += 1;
      else short.push(bill.id);
    }
    return { taken, short };
  }

  return {
    deduct,
    deductDue,

    /** Daily at 02:30 UTC: due bills of organisations paying by deduction (on the due date, and after it until taken). */
    job: (): JobDefinition => ({
      name: 'custody.deduct-bills',
      cron: '30 2 * * *',
      async handle(_data, { logger }) {
        const day = utcDay(new Date());
        const { taken, short } = await deductDue(day);
        if (short.length > 0) logger.warn({ day, short }, 'custody bills due that no deduction account could pay in full');
        logger.info({ day, taken }, 'custody bills deducted');
      },
    }),

    async organisations(query: { unpaidOnly: 'true' | 'false'; pageNo: number; pageSize: number }) {
      const { rows, total } = await organisationsPage(db, {
        unpaidOnly: query.unpaidOnly === 'true',
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return { pageNo: query.pageNo, pageSize: query.pageSize, total, records: await organisationsRows(rows.map((row) => row.id)) };
    },

    /** An operator's rates for one organisation (bills issued later use them), audit-logged with the rates before. */
    async setRates(orgId: string, body: { annualRate: string; minimumUsd: string }, operator: OperatorIdentity): Promise<AdminBillingOrg> {
      const annualRate = checkedAnnualRate(body.annualRate);
      if (annualRate === null) throw billingError('custodyBillingRateInvalid', { decimals: '8' }, 'annualRate');
      const minimumCents = checkedMinimumCents(body.minimumUsd);
      if (minimumCents === null) throw billingError('custodyBillingMinimumInvalid', { max: '100000000' }, 'minimumUsd');
      if (!(await organisationOf(db, orgId))) throw billingError('custodyBillingOrgNotFound');
      await db.transaction().execute(async (trx) => {
        const before = await saveRates(trx, orgId, annualRate, minimumCents);
        await audit.record(trx, {
          ...operatorAuditFields(operator),
          action: 'custody.billing.rates',
          subject: { kind: 'custodyOrg', id: orgId },
          before: ratesView(before),
          after: { annualRate, minimumUsd: usdText(minimumCents) },
        });
      });
      return organisationView(orgId);
    },

    /**
     * Marks a bill paid by wire, once: of any number of markings (concurrent or later) one pays
     * it and is audit-logged; the others answer the bill as it is with `changed` false.
     */
    async markPaid(billId: string, note: string, operator: OperatorIdentity) {
      const changed = await db.transaction().execute(async (trx) => {
        const row = await markPaidByWire(trx, billId, operator.operatorId, note);
        if (!row) return null;
        await audit.record(trx, {
          ...operatorAuditFields(operator),
          action: 'custody.bill.markPaid',
          subject: { kind: 'custodyBill', id: billId },
          before: { state: 'unpaid', finalCostUsd: usdText(BigInt(row.final_cost_cents)) },
          after: { state: 'paid', via: 'wire', note },
        });
        return row;
      });
      const bill = changed ?? (await findBill(db, billId));
      if (!bill) throw billingError('custodyBillNotFound');
      return { bill: billView(bill), changed: changed !== null };
    },
  };
}

function ratesView(profile: { annual_rate: string | null; minimum_cents: string | null } | undefined) {
  if (!profile || profile.annual_rate === null) return { ...custodyBillingDefaults, isDefault: true };
  const rates = ratesOf(profile);
  return { annualRate: rates.annualRate, minimumUsd: usdText(rates.minimumCents) };
}

export type BillPayments = ReturnType<typeof createBillPayments>;
