import type { CustodyAssetReportQuery } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import type { Language } from '@coffer/contract/languages';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { download } from '../../../shared/http/download';
import { custodyMoneyRoot } from './custody-balances';

/** The report's days (UTC, both included) and account; the server's last 30 days when no range is given. */
export type CustodyReportFilters = CustodyAssetReportQuery;

function setOnly(filters: CustodyReportFilters): CustodyReportFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as CustodyReportFilters;
}

/** Holdings and USD values now, and the daily snapshots of the range. */
export const custodyAssetReportQuery = (filters: CustodyReportFilters) =>
  queryOptions({
    queryKey: [...custodyMoneyRoot, 'asset-report', setOnly(filters)],
    queryFn: ({ signal }) => call(custodyConsoleEndpoints.assetReport, { query: setOnly(filters) }, { signal, isQuiet: true }),
    placeholderData: keepPreviousData,
  });

export type CustodyReportFormat = 'csv' | 'xlsx';

/** Downloads the asset report (holdings now and the range's snapshots) as CSV or an Excel workbook, in `language`; a refusal rejects quietly (shown by the buttons). */
export function downloadCustodyAssetReport(
  filters: CustodyReportFilters,
  format: CustodyReportFormat,
  language: Language,
  onProgress: (receivedBytes: number) => void,
): Promise<string> {
  return download(
    custodyConsoleEndpoints.assetReportExport,
    { query: { ...setOnly(filters), format, lang: language } },
    { fallbackName: `coffer-custody-asset-report.${format}`, onProgress, isQuiet: true },
  );
}
