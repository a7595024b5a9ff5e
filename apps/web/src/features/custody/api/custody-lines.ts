import type { CustodyLine, CustodyLineBody, CustodyLineEdit } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export const custodyLinesKey = ['custody', 'lines'] as const;

export function getCustodyLines(signal?: AbortSignal): Promise<CustodyLine[]> {
  return call(custodyConsoleEndpoints.lines, {}, { signal });
}

/** The business lines with their currencies, accounts, reviewers, limits and whitelist. */
export const custodyLinesQuery = queryOptions({
  queryKey: custodyLinesKey,
  queryFn: ({ signal }) => getCustodyLines(signal),
});

/** Adding and editing a line are quiet: the dialog shows the refusal at its field or in itself. */
export const custodyLineCalls = {
  add: (body: CustodyLineBody): Promise<CustodyLine> => call(custodyConsoleEndpoints.addLine, { body }, { isQuiet: true }),
  /** The line with its immediate fields saved, and the change request its policy part made (pending: sent for approval). */
  edit: (id: string, body: CustodyLineBody): Promise<CustodyLineEdit> =>
    call(custodyConsoleEndpoints.editLine, { params: { id }, body }, { isQuiet: true }),
};
