import type { CustodyTransfersQuery } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import type { Language } from '@coffer/contract/languages';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { download } from '../../../shared/http/download';
import { custodyMoneyRoot } from './custody-balances';

/** The transfer history's filters; `start` and `end` are instants, the range [start, end). */
export type CustodyTransferFilters = Omit<CustodyTransfersQuery, 'pageNo' | 'pageSize'>;

/** The filters that are set, so an unset one is neither sent nor part of the query key. */
function setOnly(filters: CustodyTransferFilters): CustodyTransferFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as CustodyTransferFilters;
}

/** One page of the transfer history, newest first; the last page stays on screen while the next loads. */
export const custodyTransfersQuery = (filters: CustodyTransferFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [...custodyMoneyRoot, 'transfers', setOnly(filters), pageNo, pageSize],
    queryFn: ({ signal }) =>
      call(custodyConsoleEndpoints.transfers, { query: { ...setOnly(filters), pageNo, pageSize } }, { signal, isQuiet: true }),
    placeholderData: keepPreviousData,
  });

/**
 * Downloads the transfer history of a range as CSV, headers and words in `language`. A refusal
 * (a range over 366 days) rejects quietly: the page shows it by the button.
 */
export function downloadCustodyTransfers(
  filters: CustodyTransferFilters & { start: string; end: string },
  language: Language,
  onProgress: (receivedBytes: number) => void,
): Promise<string> {
  return download(
    custodyConsoleEndpoints.transfersExport,
    { query: { ...setOnly(filters), lang: language } },
    { fallbackName: 'coffer-custody-transfers.csv', onProgress, isQuiet: true },
  );
}
