import type { HistoryRange, QuotationDetail, QuoteCurrency } from '@coffer/contract';
import { marketEndpoints } from '@coffer/contract/market-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getQuotationDetail(
  coin: string,
  quote: QuoteCurrency,
  range: HistoryRange,
  signal?: AbortSignal,
): Promise<QuotationDetail> {
  return call(marketEndpoints.quotationDetail, { params: { coin }, query: { quote, range } }, { signal });
}

export const quotationDetailQuery = (coin: string, quote: QuoteCurrency, range: HistoryRange) =>
  queryOptions({
    queryKey: ['market', 'quotation', coin, quote, range] as const,
    queryFn: ({ signal }) => getQuotationDetail(coin, quote, range, signal),
    // The chart's finished intervals change once a minute; the live price comes over the WebSocket.
    refetchInterval: 60_000,
  });
