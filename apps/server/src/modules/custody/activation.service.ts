import { normaliseEmail, type CustodyMe } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import { bindMember, findActivationByHash, spendActivation } from './activation.repository';
import { meOf } from './console-me';
import { recordConsoleAction } from './console-audit';
import { sqlStateOf } from './console-input';
import { custodyError } from './custody.errors';
import { lockMember } from './members.repository';
import { activationTokenHash } from './members.service';
import { findMembershipOfUser } from './membership.repository';
import { inOrganisation } from './tenant-transaction';

export interface ActivationDeps {
  db: Db;
  identity: Pick<IdentityApi, 'customerFacts' | 'passkeyHolders'>;
  audit: Pick<AuditApi, 'record'>;
}

/**
 * A member's activation (spec §4, issue 17 item 5): the signed-in customer whose bound e-mail
 * is the member's spends the link (once, before it expires) and becomes the active member.
 * Unknown, used or expired links answer activationLinkExpired; another account's
 * custodyActivationOtherAccount; a customer already in an organisation custodyAlreadyMember.
 * Nothing changes on a refusal.
 */
export function createActivationService(deps: ActivationDeps) {
  const { db, identity, audit } = deps;

  return {
    async activate(userId: string, token: string, caller: { ip: string }): Promise<CustodyMe> {
      const tokenHash = activationTokenHash(token);
      const link = await findActivationByHash(db, tokenHash);
      if (!link || !link.usable || link.state !== 'invited') throw custodyError('activationLinkExpired');
      const facts = await identity.customerFacts(userId);
      if (normaliseEmail(facts.email ?? '') !== normaliseEmail(link.email)) throw custodyError('custodyActivationOtherAccount');
      const existing = await findMembershipOfUser(db, userId);
      // This very link, used by this customer a moment ago, is a used link; any other membership is another organisation's.
      if (existing) throw custodyError(existing.member_id === link.member_id ? 'activationLinkExpired' : 'custodyAlreadyMember');

      await inOrganisation(db, link.org_id, async (trx) => {
        // The member first, as a resend does: a resend and an activation of one member are decided
        // one after the other (spending the link first and the member second crossed a resend's
        // member-then-links order and deadlocked).
        if (!(await lockMember(trx, link.member_id))) throw custodyError('activationLinkExpired');
        const memberId = await spendActivation(trx, tokenHash);
        if (!memberId) throw custodyError('activationLinkExpired');
        const bound = await bindMember(trx, memberId, userId).catch((error: unknown) => {
          if (sqlStateOf(error) === '23505') throw custodyError('custodyAlreadyMember');
          throw error;
        });
        if (!bound) throw custodyError('activationLinkExpired');
        await recordConsoleAction(
          audit,
          trx,
          { userId, ip: caller.ip },
          { action: 'custody.member.activate', subject: { kind: 'custodyMember', id: memberId }, after: { state: 'active', userId } },
        );
      });

      const membership = (await findMembershipOfUser(db, userId))!;
      return meOf(
        {
          orgId: membership.org_id,
          memberId: membership.member_id,
          userId,
          permissions: new Set(membership.permissions),
          membership,
          ip: caller.ip,
        },
        identity,
      );
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;
