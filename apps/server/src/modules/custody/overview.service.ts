import type { CustodyOverview } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { IdentityApi } from '../identity';
import type { ConsoleCaller } from './console-guard';
import {
  activeMemberUserIds,
  countInvited,
  findOrganisation,
  linesWithReviewerCounts,
  listAccounts,
  membersByRole,
} from './overview.repository';
import { inOrganisation } from './tenant-transaction';

export interface OverviewDeps {
  db: Db;
  identity: Pick<IdentityApi, 'passkeyHolders'>;
}

/**
 * The console's home (issue 17 item 10): the organisation, its business lines, members by role
 * and state, custody accounts, and what waits for someone: unused invitations, and active
 * members without a security key or passkey where the organisation requires one.
 */
export function createOverviewService(deps: OverviewDeps) {
  return {
    async overview(caller: ConsoleCaller): Promise<CustodyOverview> {
      const facts = await inOrganisation(deps.db, caller.orgId, async (trx) => ({
        org: await findOrganisation(trx),
        lines: await linesWithReviewerCounts(trx),
        roles: await membersByRole(trx),
        accounts: await listAccounts(trx),
        invited: await countInvited(trx),
        activeUserIds: await activeMemberUserIds(trx),
      }));
      let hardwareKeysMissing = 0;
      if (facts.org.require_hardware_key && facts.activeUserIds.length > 0) {
        const holders = await deps.identity.passkeyHolders(facts.activeUserIds);
        hardwareKeysMissing = facts.activeUserIds.filter((id) => !holders.has(id)).length;
      }
      return {
        organisation: {
          id: facts.org.id,
          name: facts.org.name,
          country: facts.org.country,
          industry: facts.org.industry,
          createdAt: facts.org.created_at.toISOString(),
        },
        lines: facts.lines.map((line) => ({
          id: line.id,
          name: line.name,
          minReviewers: line.min_reviewers,
          reviewerCount: line.reviewer_count ?? 0,
        })),
        membersByRole: facts.roles.map((role) => ({
          roleId: role.id,
          roleName: role.name,
          active: role.active,
          invited: role.invited,
          frozen: role.frozen,
        })),
        accounts: facts.accounts.map((account) => ({
          id: account.id,
          name: account.name,
          kind: account.kind,
          tier: account.tier,
          addressCount: account.address_count,
          createdAt: account.created_at.toISOString(),
        })),
        pending: { invitations: facts.invited, hardwareKeysMissing },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
