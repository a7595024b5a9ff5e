import { walletPaths } from '@coffer/contract/wallet-paths';
import type { BillFilters } from './get-bills';

/**
 * The CSV download address. The browser fetches it itself (a link, not fetch), so the session
 * cookie goes along and the file lands in the downloads with the browser's own progress.
 */
export function billsExportUrl(filters: BillFilters & { start: string; end: string }): string {
  const params = new URLSearchParams();
  if (filters.coin) params.set('coin', filters.coin);
  if (filters.type !== undefined) params.set('type', String(filters.type));
  params.set('start', filters.start);
  params.set('end', filters.end);
  return `${walletPaths.billsExport}?${params.toString()}`;
}
