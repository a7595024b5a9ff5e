import { limits } from '@coffer/contract/constants';

/**
 * Spec §5: a bill download covers at most 3 months. The same rule as the server's, on the
 * same instants: the end may not pass the start plus three calendar months.
 */
export function isWithinDownloadLimit(range: { start: string; end: string }): boolean {
  const latestEnd = new Date(range.start);
  latestEnd.setUTCMonth(latestEnd.getUTCMonth() + limits.billDownloadMonths);
  return new Date(range.end) <= latestEnd;
}
