import {
  custodyBillingLimits,
  fromBaseUnits,
  type CustodyBankWire,
  type CustodyBillDetail,
  type CustodyBillingStatistics,
  type CustodyBillState,
  type CustodyPaymentMethod,
  type CustodyPaymentMethodView,
} from '@coffer/contract';
import type { AppConfig } from '../../platform/config';
import type { AuditApi } from '../audit';
import { findAccounts, listAccounts } from './accounts.repository';
import { monthRange } from './billing-arithmetic';
import { billingError } from './billing.errors';
import { billLines, findBill, lineSources, listBills, readDeductions, readProfile, savePaymentMethod } from './billing.repository';
import { billLineViews, billView } from './bill-view';
import { computeBill, ratesOf, type BillingComputationDeps } from './bill-computation';
import { recordConsoleAction } from './console-audit';
import type { ConsoleCaller } from './console-guard';
import { usdText } from './custody-valuation';
import { inOrganisation } from './tenant-transaction';

export type BillingConfig = Pick<
  AppConfig,
  | 'BILLING_BANK_NAME'
  | 'BILLING_BANK_ADDRESS'
  | 'BILLING_BANK_CODE'
  | 'BILLING_BANK_SWIFT'
  | 'BILLING_BANK_ACCOUNT_NAME'
  | 'BILLING_BANK_ACCOUNT_NUMBER'
>;

export interface BillingServiceDeps extends BillingComputationDeps {
  config: BillingConfig;
  audit: Pick<AuditApi, 'record'>;
}

/** The platform's bank account for wires, from the configuration. */
export function bankOf(config: BillingConfig): CustodyBankWire {
  return {
    bankName: config.BILLING_BANK_NAME,
    bankAddress: config.BILLING_BANK_ADDRESS,
    bankCode: config.BILLING_BANK_CODE,
    swift: config.BILLING_BANK_SWIFT,
    accountName: config.BILLING_BANK_ACCOUNT_NAME,
    accountNumber: config.BILLING_BANK_ACCOUNT_NUMBER,
  };
}

/** `YYYY-MM` of now (UTC). */
const thisMonth = (): string => new Date().toISOString().slice(0, 7);

/**
 * The console's billing (issue 18 items 9 and 10): the organisation's bills and their detail
 * (every line with the snapshots and ledger entries it was computed from), a month's rate
 * statistics computed now, and the payment method. Every read and write is fenced to the
 * caller's organisation.
 */
export function createBillingService(deps: BillingServiceDeps) {
  const { db } = deps;

  async function scalesOf(assets: Iterable<string | null>): Promise<Map<string, number>> {
    const codes = [...new Set([...assets].filter((code): code is string => code !== null))];
    return new Map(await Promise.all(codes.map(async (code) => [code, await deps.assets.scaleOf(code)] as const)));
  }

  async function detail(orgId: string, billId: string): Promise<CustodyBillDetail> {
    const found = await inOrganisation(db, orgId, async (trx) => {
      const bill = await findBill(trx, billId);
      if (!bill) return null;
      const lines = await billLines(trx, bill.id);
      const sources = await lineSources(
        trx,
        lines.map((line) => line.id),
      );
      const names = new Map(
        [...(await findAccounts(trx, bill.paid_account_id ? [bill.paid_account_id] : [])).values()].map((a) => [a.id, a.name]),
      );
      return { bill, lines, sources, names };
    });
    if (!found) throw billingError('custodyBillNotFound');
    const { bill, lines, sources, names } = found;
    const journals = [...new Set(sources.flatMap((source) => (source.journal_id ? [source.journal_id] : [])))];
    const credits = await deps.ledgerReads.platformCreditsOfJournals(journals);
    const entries = new Map(credits.map((credit) => [credit.entryId, { amount: credit.amount, createdAt: credit.createdAt }]));
    const scales = await scalesOf([...lines.map((line) => line.asset), ...sources.map((source) => source.asset), bill.paid_asset]);
    return {
      bill: billView(bill, names, bill.paid_asset ? (scales.get(bill.paid_asset) ?? 0) : 0),
      lines: billLineViews(lines, sources, scales, entries),
      bank: bankOf(deps.config),
    };
  }

  async function paymentMethod(orgId: string): Promise<CustodyPaymentMethodView> {
    const { profile, deductions } = await inOrganisation(db, orgId, async (trx) => ({
      profile: await readProfile(trx),
      deductions: await readDeductions(trx),
    }));
    const rates = ratesOf(profile);
    return {
      method: profile?.method ?? 'wire',
      deductions: deductions.map((row) => ({ accountId: row.account_id, accountName: row.account_name, coin: row.asset })),
      bank: bankOf(deps.config),
      annualRate: rates.annualRate,
      minimumUsd: usdText(rates.minimumCents),
    };
  }

  return {
    async list(
      orgId: string,
      query: {
        state?: CustodyBillState | undefined;
        fromMonth?: string | undefined;
        toMonth?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      if (query.fromMonth && query.toMonth && query.fromMonth > query.toMonth)
        throw billingError('custodyBillingMonthInvalid', {}, 'toMonth');
      const { rows, total } = await inOrganisation(db, orgId, (trx) =>
        listBills(trx, { ...query, limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize }),
      );
      const scales = await scalesOf(rows.map((row) => row.paid_asset));
      const names = await inOrganisation(
        db,
        orgId,
        async (trx) =>
          new Map(
            [
              ...(
                await findAccounts(
                  trx,
                  rows.flatMap((row) => (row.paid_account_id ? [row.paid_account_id] : [])),
                )
              ).values(),
            ].map((a) => [a.id, a.name]),
          ),
      );
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        records: rows.map((row) => billView(row, names, row.paid_asset ? (scales.get(row.paid_asset) ?? 0) : 0)),
      };
    },

    detail,

    async statistics(orgId: string, month: string): Promise<CustodyBillingStatistics> {
      const now = thisMonth();
      if (month > now) throw billingError('custodyBillingMonthInvalid', {}, 'month');
      const days = month === now ? Math.max(1, new Date().getUTCDate() - 1) : monthRange(month).days;
      const draft = await computeBill(deps, orgId, month, days);
      const scales = await scalesOf(draft.lines.map((line) => line.asset));
      const coins = [...new Set(draft.lines.flatMap((line) => (line.asset ? [line.asset] : [])))];
      const amountOf = (kind: string, coin: string) => draft.lines.find((line) => line.kind === kind && line.asset === coin);
      return {
        month,
        days,
        annualRate: draft.annualRate,
        minimumUsd: usdText(draft.minimumCents),
        averageMarketValueUsd: usdText(draft.averageCents),
        hostingFeeUsd: usdText(draft.hostingFeeCents),
        withdrawalFeeUsd: usdText(draft.withdrawalFeeCents),
        byCoin: coins.map((coin) => {
          const scale = scales.get(coin) ?? 0;
          const fee = amountOf('withdrawalFee', coin);
          const enterprise = amountOf('enterpriseWithdrawal', coin);
          const prime = amountOf('primeWithdrawal', coin);
          return {
            coin,
            orders: (enterprise?.orders ?? 0) + (prime?.orders ?? 0),
            enterpriseAmount: fromBaseUnits(enterprise?.amount ?? 0n, scale),
            primeAmount: fromBaseUnits(prime?.amount ?? 0n, scale),
            fee: fromBaseUnits(fee?.amount ?? 0n, scale),
            usdPrice: (enterprise ?? prime ?? fee)?.usdPrice ?? '0',
            feeUsd: usdText(fee?.usdCents ?? 0n),
          };
        }),
        byLine: draft.byLine.map((line) => ({
          lineId: line.lineId,
          lineName: line.lineName,
          coin: line.asset,
          orders: line.orders,
          amount: fromBaseUnits(line.amount, scales.get(line.asset) ?? 0),
          fee: fromBaseUnits(line.fee, scales.get(line.asset) ?? 0),
        })),
      };
    },

    paymentMethod,

    /**
     * Wire, or deduction from (account, coin) pairs in priority order: each pair once, each
     * account the organisation's, each coin one the catalogue prices (the pairs are kept with
     * either method, so switching back to deduction finds them). Audit-logged.
     */
    async setPaymentMethod(
      caller: Pick<ConsoleCaller, 'orgId' | 'userId' | 'ip'>,
      body: { method: CustodyPaymentMethod; deductions: ReadonlyArray<{ accountId: string; coin: string }> },
    ): Promise<CustodyPaymentMethodView> {
      if (body.method === 'deduction' && body.deductions.length === 0)
        throw billingError('custodyDeductionAccountsRequired', {}, 'deductions');
      const keys = body.deductions.map((pair) => `${pair.accountId}:${pair.coin}`);
      if (new Set(keys).size !== keys.length) throw billingError('custodyDeductionDuplicate', {}, 'deductions');
      const priced = new Set((await deps.assets.referenceUsdPrices()).map((price) => price.code));
      if (body.deductions.some((pair) => !priced.has(pair.coin))) throw billingError('custodyDeductionAccountInvalid', {}, 'deductions');
      const deductions = body.deductions.slice(0, custodyBillingLimits.deductionsMax);
      await inOrganisation(db, caller.orgId, async (trx) => {
        const accounts = await listAccounts(trx);
        const ids = new Set(accounts.map((account) => account.id));
        if (deductions.some((pair) => !ids.has(pair.accountId))) throw billingError('custodyDeductionAccountInvalid', {}, 'deductions');
        const before = { method: (await readProfile(trx))?.method ?? 'wire', deductions: await readDeductions(trx) };
        await savePaymentMethod(
          trx,
          caller.orgId,
          body.method,
          deductions.map((pair) => ({ accountId: pair.accountId, asset: pair.coin })),
        );
        await recordConsoleAction(deps.audit, trx, caller, {
          action: 'custody.billing.paymentMethod',
          subject: { kind: 'custodyOrg', id: caller.orgId },
          before: { method: before.method, deductions: before.deductions.map((row) => ({ accountId: row.account_id, coin: row.asset })) },
          after: { method: body.method, deductions },
        });
      });
      return paymentMethod(caller.orgId);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
