import type { CustodyRole, CustodyRoleBody } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export const custodyRolesKey = ['custody', 'roles'] as const;

export function getCustodyRoles(signal?: AbortSignal): Promise<CustodyRole[]> {
  return call(custodyConsoleEndpoints.roles, {}, { signal });
}

/** The organisation's built-in and custom roles with their permissions and member counts. */
export const custodyRolesQuery = queryOptions({
  queryKey: custodyRolesKey,
  queryFn: ({ signal }) => getCustodyRoles(signal),
});

/**
 * Role changes. Adding and editing are quiet (the dialog shows the refusal at its field or in
 * itself); deleting is toasted by the HTTP client.
 */
export const custodyRoleCalls = {
  add: (body: CustodyRoleBody): Promise<CustodyRole> => call(custodyConsoleEndpoints.addRole, { body }, { isQuiet: true }),
  edit: (id: string, body: CustodyRoleBody): Promise<CustodyRole> =>
    call(custodyConsoleEndpoints.editRole, { params: { id }, body }, { isQuiet: true }),
  remove: (id: string, successText: string): Promise<unknown> =>
    call(custodyConsoleEndpoints.deleteRole, { params: { id } }, { successText }),
};
