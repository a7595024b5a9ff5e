import { fromBaseUnits, type CustodyAssetReport, type CustodyReportDay, type Language } from '@coffer/contract';
import { csvLine, csvNumber, csvText } from '../../platform/csv/csv';
import type { Db } from '../../platform/db/database';
import { xlsxWorkbook, type XlsxCell } from '../../platform/xlsx/xlsx';
import type { LedgerReads } from '../ledger';
import { listAccounts, type AccountRow } from './accounts.repository';
import { custodyError } from './custody.errors';
import { trimZeros, usdText, valuedHoldings, type Holding, type ValuationDeps } from './custody-valuation';
import { reportDays } from './report-range';
import { reportWords } from './report-words';
import { snapshotRows, snapshotTotals, type SnapshotRange } from './snapshots.repository';
import { inOrganisation } from './tenant-transaction';

export interface AssetReportQuery {
  start?: string | undefined;
  end?: string | undefined;
  accountId?: string | undefined;
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export interface AssetReportService {
  report(orgId: string, query: AssetReportQuery): Promise<CustodyAssetReport>;
  /** The holdings now and every snapshot row of the range, as CSV (two sections) or XLSX (two sheets). */
  exportFile(orgId: string, query: AssetReportQuery & { format: 'csv' | 'xlsx' }, language: Language): Promise<ReportFile>;
}

/** The asset report (issue 17 item 8): holdings per account and asset now, and the daily snapshots of a range. */
export function createAssetReport(deps: ValuationDeps & { db: Db; ledgerReads: Pick<LedgerReads, 'custodyBalances'> }): AssetReportService {
  const { db, assets } = deps;

  /** The accounts the query covers (one named account must be the organisation's), and what `read` finds of their snapshots. */
  async function gather<T>(orgId: string, query: AssetReportQuery, read: (trx: Db, range: SnapshotRange) => Promise<T>) {
    const days = reportDays(query.start, query.end);
    const range = { ...days, accountId: query.accountId };
    const { accounts, snapshots } = await inOrganisation(db, orgId, async (trx) => {
      const all = await listAccounts(trx);
      const covered = query.accountId ? all.filter((account) => account.id === query.accountId) : all;
      if (covered.length === 0 && query.accountId) throw custodyError('noMatchingData', {}, 'accountId');
      return { accounts: covered, snapshots: await read(trx, range) };
    });
    const balances = await deps.ledgerReads.custodyBalances(accounts.map((account) => account.id));
    return { days, accounts, snapshots, holdings: await valuedHoldings(deps, accounts, balances) };
  }

  const holdingView = (holding: Holding) => ({
    accountId: holding.account.id,
    accountName: holding.account.name,
    kind: holding.account.kind,
    tier: holding.account.tier,
    coin: holding.asset,
    balance: fromBaseUnits(holding.available + holding.frozen, holding.scale),
    available: fromBaseUnits(holding.available, holding.scale),
    frozen: fromBaseUnits(holding.frozen, holding.scale),
    usdPrice: holding.usdPrice,
    usdValue: usdText(holding.usdCents),
  });

  async function scalesOf(codes: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(codes)];
    return new Map(await Promise.all(unique.map(async (code) => [code, await assets.scaleOf(code)] as const)));
  }

  return {
    async report(orgId, query) {
      const { days, holdings, snapshots } = await gather(orgId, query, snapshotTotals);
      const scales = await scalesOf(snapshots.map((row) => row.asset));
      const byDay = new Map<string, CustodyReportDay & { cents: bigint }>();
      for (const row of snapshots) {
        const day = byDay.get(row.day) ?? { day: row.day, usdValue: '', coins: [], cents: 0n };
        day.cents += BigInt(row.usd_cents);
        day.coins.push({
          coin: row.asset,
          balance: fromBaseUnits(BigInt(row.balance), scales.get(row.asset)!),
          usdValue: usdText(BigInt(row.usd_cents)),
        });
        byDay.set(row.day, day);
      }
      return {
        asOf: new Date().toISOString(),
        usdValue: usdText(holdings.reduce((sum, holding) => sum + holding.usdCents, 0n)),
        holdings: holdings.map(holdingView),
        start: days.start,
        end: days.end,
        days: [...byDay.values()].map(({ cents, ...day }) => ({ ...day, usdValue: usdText(cents) })),
      };
    },

    async exportFile(orgId, query, language) {
      const { days, holdings, snapshots } = await gather(orgId, query, snapshotRows);
      const scales = await scalesOf(snapshots.map((row) => row.asset));
      const words = reportWords[language];
      const kindOf = (account: AccountRow) => words.kinds[account.kind];
      const text = (value: string): XlsxCell => ({ text: value });
      // Quantities stay exact text (a spreadsheet's doubles keep 15 digits); USD values are numbers.
      const holdingRows: XlsxCell[][] = holdings.map((holding) => {
        const view = holdingView(holding);
        return [
          text(view.accountName),
          text(kindOf(holding.account)),
          text(view.coin),
          text(view.available),
          text(view.frozen),
          text(view.balance),
          text(view.usdPrice),
          { number: view.usdValue },
        ];
      });
      const snapshotCells: XlsxCell[][] = snapshots.map((row) => [
        text(row.day),
        text(row.account_name),
        text(row.asset),
        text(fromBaseUnits(BigInt(row.balance), scales.get(row.asset)!)),
        text(trimZeros(row.usd_price)),
        { number: usdText(BigInt(row.usd_cents)) },
      ]);
      const name = `coffer-custody-asset-report_${days.start}_${days.end}`;
      if (query.format === 'xlsx') {
        const body = xlsxWorkbook([
          { name: words.holdings, rows: [words.holdingHeaders.map(text), ...holdingRows] },
          { name: words.snapshots, rows: [words.snapshotHeaders.map(text), ...snapshotCells] },
        ]);
        return { fileName: `${name}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
      }
      const csvCells = (rows: XlsxCell[][]) =>
        rows.map((row) => csvLine(row.map((cell) => ('text' in cell ? csvText(cell.text) : csvNumber(cell.number))))).join('');
      const csv = [
        `\ufeff${csvLine([csvText(words.holdings)])}`,
        csvLine(words.holdingHeaders.map(csvText)),
        csvCells(holdingRows),
        '\r\n',
        csvLine([csvText(words.snapshots)]),
        csvLine(words.snapshotHeaders.map(csvText)),
        csvCells(snapshotCells),
      ].join('');
      return { fileName: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(csv, 'utf8') };
    },
  };
}
