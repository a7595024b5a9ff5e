import type { CustodyChangeBoard, CustodyChangeRequest, CustodyLine } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export const custodyChangesKey = ['custody', 'change-requests'] as const;

/** The policy change and unfreeze requests, newest first, and whether the organisation is frozen. */
export const custodyChangesQuery = queryOptions({
  queryKey: custodyChangesKey,
  queryFn: ({ signal }): Promise<CustodyChangeBoard> => call(custodyConsoleEndpoints.changeRequests, { query: {} }, { signal }),
});

/** Deciding, freezing and asking to unfreeze; a refusal is the app's toast. */
export const custodyChangeCalls = {
  approve: (id: string): Promise<CustodyChangeRequest> =>
    call(custodyConsoleEndpoints.approveChange, { params: { id }, body: { opinion: '' } }),
  reject: (id: string, opinion: string): Promise<CustodyChangeRequest> =>
    call(custodyConsoleEndpoints.rejectChange, { params: { id }, body: { opinion } }),
  freezeLine: (id: string): Promise<CustodyLine> => call(custodyConsoleEndpoints.freezeLine, { params: { id } }),
  unfreezeLine: (id: string): Promise<CustodyChangeRequest> => call(custodyConsoleEndpoints.unfreezeLine, { params: { id } }),
  freezeOrganisation: (): Promise<{ frozenAt: string }> => call(custodyConsoleEndpoints.freezeOrganisation, {}),
  unfreezeOrganisation: (): Promise<CustodyChangeRequest> => call(custodyConsoleEndpoints.unfreezeOrganisation, {}),
};
