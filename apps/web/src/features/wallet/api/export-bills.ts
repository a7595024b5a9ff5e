import { pathWith } from '@coffer/contract/endpoint';
import type { Language } from '@coffer/contract/languages';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import type { BillFilters } from './get-bills';

/**
 * The CSV download address. The browser fetches it itself (a link, not fetch), so the session
 * cookie goes along and the file lands in the downloads with the browser's own progress. A
 * link carries no LANGUAGE-TYPE header, so the language goes in `lang`; `timeZone` lets the
 * file name say the days the user chose.
 */
export function billsExportUrl(
  filters: BillFilters & { start: string; end: string },
  reader: { language: Language; timeZone: string | undefined },
): string {
  const params = new URLSearchParams();
  if (filters.coin) params.set('coin', filters.coin);
  if (filters.type !== undefined) params.set('type', String(filters.type));
  params.set('start', filters.start);
  params.set('end', filters.end);
  params.set('lang', reader.language);
  if (reader.timeZone) params.set('timeZone', reader.timeZone);
  return `${pathWith(walletEndpoints.billsExport.path, {})}?${params.toString()}`;
}

/** The browser's IANA time zone ("Asia/Shanghai"), the one the bills page's days are read in. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
