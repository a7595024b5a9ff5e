import type { CustodyMe } from '@coffer/contract';
import type { IdentityApi } from '../identity';
import type { ConsoleCaller } from './console-guard';

/** The console caller as the web needs it: organisation, membership, permissions, and a missing hardware key. */
export async function meOf(caller: ConsoleCaller, identity: Pick<IdentityApi, 'passkeyHolders'>): Promise<CustodyMe> {
  const { membership } = caller;
  const hardwareKeyMissing = membership.require_hardware_key && !(await identity.passkeyHolders([caller.userId])).has(caller.userId);
  return {
    organisation: { id: membership.org_id, name: membership.org_name, salespersonEmail: membership.salesperson_email },
    member: {
      id: membership.member_id,
      name: membership.name,
      email: membership.email,
      roleName: membership.role_name,
      builtInRole: membership.built_in,
    },
    permissions: [...caller.permissions],
    hardwareKeyMissing,
    hardwareKeyRequired: membership.require_hardware_key,
  };
}
