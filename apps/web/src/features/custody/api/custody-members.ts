import type { CustodyInvitation, CustodyMember, CustodyMemberBody, CustodyMemberEditBody } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export const custodyMembersKey = ['custody', 'members'] as const;

export function getCustodyMembers(signal?: AbortSignal): Promise<CustodyMember[]> {
  return call(custodyConsoleEndpoints.members, {}, { signal });
}

/** The personnel list. */
export const custodyMembersQuery = queryOptions({
  queryKey: custodyMembersKey,
  queryFn: ({ signal }) => getCustodyMembers(signal),
});

/**
 * Member changes. Adding and editing are quiet (the dialog shows the refusal at its field or in
 * itself); freezing, thawing and sending the link again are toasted by the HTTP client.
 */
export const custodyMemberCalls = {
  add: (body: CustodyMemberBody): Promise<CustodyInvitation> => call(custodyConsoleEndpoints.addMember, { body }, { isQuiet: true }),
  edit: (id: string, body: CustodyMemberEditBody): Promise<CustodyMember> =>
    call(custodyConsoleEndpoints.editMember, { params: { id }, body }, { isQuiet: true }),
  freeze: (id: string, successText: string): Promise<CustodyMember> =>
    call(custodyConsoleEndpoints.freezeMember, { params: { id } }, { successText }),
  thaw: (id: string, successText: string): Promise<CustodyMember> =>
    call(custodyConsoleEndpoints.thawMember, { params: { id } }, { successText }),
  resendActivation: (id: string): Promise<CustodyInvitation> => call(custodyConsoleEndpoints.resendActivation, { params: { id } }),
};
