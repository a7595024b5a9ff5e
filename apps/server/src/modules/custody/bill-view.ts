import { fromBaseUnits, type CustodyBill, type CustodyBillLine, type CustodyBillSource } from '@coffer/contract';
import { trimZeros, usdText } from './custody-valuation';
import type { BillRow, billLines, lineSources } from './billing.repository';

/** How a bill shows a paid deduction's account: its name by id. */
export type AccountNames = ReadonlyMap<string, string>;

/** A bill row as the contract's bill (USD text with two decimals; a deduction's amount in the coin at `paidScale`). */
export function billView(row: BillRow, accountNames: AccountNames = new Map(), paidScale = 0): CustodyBill {
  const paid = row.state === 'paid' && row.paid_at !== null && row.paid_via !== null;
  return {
    id: row.id,
    period: row.period_text,
    issuedAt: row.issued_at.toISOString(),
    dueOn: row.due_text,
    state: row.state,
    currency: 'USD',
    days: row.days,
    averageMarketValueUsd: usdText(BigInt(row.market_value_cents)),
    annualRate: trimZeros(row.annual_rate),
    hostingFeeUsd: usdText(BigInt(row.hosting_fee_cents)),
    enterpriseWithdrawalUsd: usdText(BigInt(row.enterprise_withdrawal_cents)),
    primeWithdrawalUsd: usdText(BigInt(row.prime_withdrawal_cents)),
    withdrawalFeeUsd: usdText(BigInt(row.withdrawal_fee_cents)),
    minimumUsd: usdText(BigInt(row.minimum_cents)),
    referenceFeeUsd: usdText(BigInt(row.reference_fee_cents)),
    finalCostUsd: usdText(BigInt(row.final_cost_cents)),
    payment: paid
      ? {
          method: row.paid_via!,
          paidAt: row.paid_at!.toISOString(),
          note: row.paid_note,
          accountId: row.paid_account_id,
          accountName: row.paid_account_id ? (accountNames.get(row.paid_account_id) ?? null) : null,
          coin: row.paid_asset,
          amount: row.paid_amount === null ? null : fromBaseUnits(BigInt(row.paid_amount), paidScale),
          usdPrice: row.paid_usd_price === null ? null : trimZeros(row.paid_usd_price),
          journalId: row.paid_journal_id,
        }
      : null,
  };
}

type LineRow = Awaited<ReturnType<typeof billLines>>[number];
type SourceRow = Awaited<ReturnType<typeof lineSources>>[number];

/** A bill's lines with their sources (a ledger entry's amount and time from the ledger's `entries`); coin amounts at each coin's scale. */
export function billLineViews(
  lines: readonly LineRow[],
  sources: readonly SourceRow[],
  scales: ReadonlyMap<string, number>,
  entries: ReadonlyMap<string, { amount: string; createdAt: Date }>,
): CustodyBillLine[] {
  return lines.map((line) => {
    const scaleOf = (asset: string) => scales.get(asset) ?? 0;
    return {
      id: line.id,
      kind: line.kind,
      coin: line.asset,
      amount: line.amount === null || line.asset === null ? null : fromBaseUnits(BigInt(line.amount), scaleOf(line.asset)),
      usdPrice: line.usd_price === null ? null : trimZeros(line.usd_price),
      usd: usdText(BigInt(line.usd_cents)),
      orders: line.orders,
      sources: sources
        .filter((source) => source.line_id === line.id)
        .map((source): CustodyBillSource =>
          source.kind === 'snapshot'
            ? {
                kind: 'snapshot',
                day: source.day ?? '',
                accountId: source.account_id,
                accountName: source.account_name,
                coin: source.asset,
                balance: fromBaseUnits(BigInt(source.balance ?? '0'), scaleOf(source.asset)),
                usdPrice: trimZeros(source.usd_price ?? '0'),
                usd: usdText(BigInt(source.usd_cents ?? '0')),
              }
            : {
                kind: 'ledgerEntry',
                entryId: source.entry_id ?? '',
                journalId: source.journal_id ?? '',
                orderId: source.order_id ?? '',
                serialNo: source.serial_no ?? '',
                accountId: source.account_id,
                accountName: source.account_name,
                coin: source.asset,
                amount: fromBaseUnits(BigInt(entries.get(source.entry_id ?? '')?.amount ?? '0'), scaleOf(source.asset)),
                at: entries.get(source.entry_id ?? '')?.createdAt.toISOString() ?? '',
              },
        ),
    };
  });
}
