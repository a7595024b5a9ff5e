import { custodyBillingDefaults, type CustodyBillLineKind } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { LedgerReads } from '../ledger';
import { averageCents, checkedMinimumCents, hostingFeeCents, monthRange, usdCentsOf } from './billing-arithmetic';
import { monthSettledWithdrawals, monthSnapshots, readProfile } from './billing.repository';
import { trimZeros } from './custody-valuation';
import { inOrganisation } from './tenant-transaction';

export interface BillingComputationDeps {
  db: Db;
  assets: Pick<AssetsApi, 'scaleOf' | 'referenceUsdPrices'>;
  ledgerReads: Pick<LedgerReads, 'platformCreditsOfJournals'>;
}

export type DraftSource =
  { kind: 'snapshot'; accountId: string; asset: string; day: string } | { kind: 'ledgerEntry'; entryId: string; orderId: string };

export interface DraftLine {
  kind: CustodyBillLineKind;
  asset: string | null;
  /** Base units of the coin; null for the hosting fee. */
  amount: bigint | null;
  usdPrice: string | null;
  usdCents: bigint;
  orders: number;
  sources: DraftSource[];
}

/** One coin's withdrawals of one business line (rate statistics). */
export interface LineStatistic {
  lineId: string;
  lineName: string;
  asset: string;
  orders: number;
  amount: bigint;
  fee: bigint;
}

/** A month's bill as computed from its sources, before it is written (or shown as statistics). */
export interface BillDraft {
  days: number;
  sumOfDailyCents: bigint;
  averageCents: bigint;
  annualRate: string;
  minimumCents: bigint;
  hostingFeeCents: bigint;
  enterpriseCents: bigint;
  primeCents: bigint;
  withdrawalFeeCents: bigint;
  referenceFeeCents: bigint;
  finalCostCents: bigint;
  lines: DraftLine[];
  byLine: LineStatistic[];
}

/** The organisation's rates: the operator's, or the defaults. */
export function ratesOf(profile: { annual_rate: string | null; minimum_cents: string | null } | undefined) {
  return {
    annualRate: profile?.annual_rate ? trimZeros(profile.annual_rate) : custodyBillingDefaults.annualRate,
    minimumCents:
      profile?.minimum_cents !== null && profile?.minimum_cents !== undefined
        ? BigInt(profile.minimum_cents)
        : checkedMinimumCents(custodyBillingDefaults.minimumUsd)!,
  };
}

const tierKind = { enterprise: 'enterpriseWithdrawal', prime: 'primeWithdrawal' } as const;

/**
 * Computes an organisation's bill of `month` (`YYYY-MM`) from its sources, by the rules of the
 * contract's `custody-billing.ts`: the daily snapshots of the month (read fenced to the
 * organisation), and the ledger entries of the withdrawal orders settled in it — the omnibus
 * credit of each order's settling journal is its withdrawal amount, the fees credit its fee.
 * `days` is the divisor of the average: the month's days (a statistic of the month so far may
 * pass fewer).
 */
export async function computeBill(deps: BillingComputationDeps, orgId: string, month: string, days?: number): Promise<BillDraft> {
  const range = monthRange(month);
  const divisor = days ?? range.days;
  const { profile, snapshots, withdrawals } = await inOrganisation(deps.db, orgId, async (trx) => ({
    profile: await readProfile(trx),
    snapshots: await monthSnapshots(trx, range.start, range.end),
    withdrawals: await monthSettledWithdrawals(trx, range.start, range.end),
  }));
  const { annualRate, minimumCents } = ratesOf(profile);

  const sumOfDailyCents = snapshots.reduce((sum, row) => sum + BigInt(row.usd_cents), 0n);
  const hostingFee = hostingFeeCents(sumOfDailyCents, divisor, annualRate);
  const lines: DraftLine[] = [
    {
      kind: 'hosting',
      asset: null,
      amount: null,
      usdPrice: null,
      usdCents: hostingFee,
      orders: 0,
      sources: snapshots.map((row) => ({ kind: 'snapshot', accountId: row.account_id, asset: row.asset, day: row.day })),
    },
  ];

  const credits = await deps.ledgerReads.platformCreditsOfJournals([...new Set(withdrawals.map((row) => row.journal_id))]);
  const prices = new Map((await deps.assets.referenceUsdPrices()).map((price) => [price.code, trimZeros(price.usdPrice)]));
  const coins = [...new Set(withdrawals.map((row) => row.asset))].sort();
  const coinLines = new Map<string, DraftLine>();
  const byLine = new Map<string, LineStatistic>();
  const lineOf = (kind: CustodyBillLineKind, asset: string): DraftLine => {
    const key = `${kind}:${asset}`;
    let line = coinLines.get(key);
    if (!line) {
      line = { kind, asset, amount: 0n, usdPrice: prices.get(asset) ?? '0', usdCents: 0n, orders: 0, sources: [] };
      coinLines.set(key, line);
    }
    return line;
  };
  for (const order of withdrawals) {
    const entries = credits.filter((credit) => credit.journalId === order.journal_id);
    const statistic = byLine.get(`${order.line_id}:${order.asset}`) ?? {
      lineId: order.line_id,
      lineName: order.line_name,
      asset: order.asset,
      orders: 0,
      amount: 0n,
      fee: 0n,
    };
    statistic.orders += 1;
    byLine.set(`${order.line_id}:${order.asset}`, statistic);
    const amountLine = lineOf(tierKind[order.tier], order.asset);
    amountLine.orders += 1;
    for (const entry of entries) {
      const units = BigInt(entry.amount);
      const source: DraftSource = { kind: 'ledgerEntry', entryId: entry.entryId, orderId: order.order_id };
      if (entry.purpose === 'fees') {
        const feeLine = lineOf('withdrawalFee', order.asset);
        feeLine.amount! += units;
        feeLine.sources.push(source);
        statistic.fee += units;
      } else {
        amountLine.amount! += units;
        amountLine.sources.push(source);
        statistic.amount += units;
      }
    }
    if (entries.some((entry) => entry.purpose === 'fees')) lineOf('withdrawalFee', order.asset).orders += 1;
  }
  for (const coin of coins) {
    const scale = await deps.assets.scaleOf(coin);
    for (const kind of ['enterpriseWithdrawal', 'primeWithdrawal', 'withdrawalFee'] as const) {
      const line = coinLines.get(`${kind}:${coin}`);
      if (!line) continue;
      line.usdCents = usdCentsOf(line.amount!, scale, line.usdPrice!);
      lines.push(line);
    }
  }

  const total = (kind: CustodyBillLineKind) => lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.usdCents, 0n);
  const withdrawalFeeCents = total('withdrawalFee');
  return {
    days: divisor,
    sumOfDailyCents,
    averageCents: averageCents(sumOfDailyCents, divisor),
    annualRate,
    minimumCents,
    hostingFeeCents: hostingFee,
    enterpriseCents: total('enterpriseWithdrawal'),
    primeCents: total('primeWithdrawal'),
    withdrawalFeeCents,
    referenceFeeCents: hostingFee + withdrawalFeeCents,
    finalCostCents: hostingFee > minimumCents ? hostingFee : minimumCents,
    lines,
    byLine: [...byLine.values()],
  };
}
