import type { CustodyChangeRequest, CustodyLine, Language } from '@coffer/contract';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import { adminEmails, anyLineHasActivatedReviewer, freezeLineRow, freezeOrganisationRow, lockFrozenAt } from './change-requests.repository';
import { proposeChange, type ChangeRequests } from './changes.service';
import { recordConsoleAction } from './console-audit';
import type { ConsoleCaller } from './console-guard';
import { custodyMessage } from './custody-messages';
import { custodyError } from './custody.errors';
import { lineHasActivatedReviewer, readLines } from './lines.repository';
import { lineView } from './lines.service';
import { inOrganisation } from './tenant-transaction';

type Caller = Pick<ConsoleCaller, 'orgId' | 'memberId' | 'userId' | 'ip' | 'membership'>;

/**
 * The asymmetric freeze (issue 18 item 6): any member holding `review` (every admin and
 * reviewer) freezes a business line or the whole organisation at once — audit-logged, every
 * enterprise admin e-mailed — and from then the policy engine refuses every new order and every
 * approval on it (`lineFrozen`, `organisationFrozen`). Unfreezing is a change request of kind
 * `unfreeze` needing the quorum (`change-quorum.ts`), applied at once only while no reviewer
 * concerned has ever activated a membership (no quorum exists to ask).
 */
export function createFreezes(deps: { db: Db; audit: Pick<AuditApi, 'record'>; messenger: Messenger; changes: ChangeRequests }) {
  const { db, audit, messenger, changes } = deps;

  async function tellAdmins(
    recipients: string[],
    kind: 'lineFrozen' | 'organisationFrozen',
    language: Language,
    facts: Record<string, string>,
  ) {
    const message = custodyMessage(kind, language, facts);
    await Promise.all(recipients.map((to) => messenger.send({ channel: 'email', to, ...message }).catch(() => undefined)));
  }

  const frozenFacts = (caller: Caller, at: Date) => ({
    member: caller.membership.name,
    company: caller.membership.org_name,
    at: at.toISOString().replace('T', ' ').slice(0, 19),
  });

  async function askUnfreeze(caller: Caller, lineId: string | null): Promise<CustodyChangeRequest> {
    const id = await inOrganisation(db, caller.orgId, async (trx) => {
      const frozen = await lockFrozenAt(trx, lineId);
      if (!frozen) throw custodyError('noMatchingData', {}, 'id');
      if (frozen.frozenAt === null) throw custodyError('custodyNotFrozen');
      const quorumExists = lineId === null ? await anyLineHasActivatedReviewer(trx) : await lineHasActivatedReviewer(trx, lineId);
      return proposeChange(trx, audit, caller, {
        kind: 'unfreeze',
        lineId,
        before: { frozenAt: frozen.frozenAt.toISOString() },
        after: { frozenAt: null },
        atOnce: !quorumExists,
      });
    });
    return changes.view(caller.orgId, id);
  }

  return {
    async freezeLine(caller: Caller, lineId: string, language: Language): Promise<CustodyLine> {
      const { record, admins } = await inOrganisation(db, caller.orgId, async (trx) => {
        const frozen = await freezeLineRow(trx, lineId);
        const [line] = await readLines(trx, lineId);
        if (!line) throw custodyError('noMatchingData', {}, 'id');
        if (!frozen) throw custodyError('custodyAlreadyFrozen');
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.line.freeze',
          subject: { kind: 'custodyLine', id: lineId },
          before: { frozenAt: null },
          after: { frozenAt: line.line.frozen_at?.toISOString() ?? null },
        });
        return { record: line, admins: await adminEmails(trx) };
      });
      await tellAdmins(admins, 'lineFrozen', language, { ...frozenFacts(caller, record.line.frozen_at!), line: record.line.name });
      return lineView(record);
    },

    async freezeOrganisation(caller: Caller, language: Language): Promise<{ frozenAt: string }> {
      const { frozenAt, admins } = await inOrganisation(db, caller.orgId, async (trx) => {
        const frozen = await freezeOrganisationRow(trx);
        if (!frozen?.frozen_at) throw custodyError('custodyAlreadyFrozen');
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.organisation.freeze',
          subject: { kind: 'custodyOrganisation', id: caller.orgId },
          before: { frozenAt: null },
          after: { frozenAt: frozen.frozen_at.toISOString() },
        });
        return { frozenAt: frozen.frozen_at, admins: await adminEmails(trx) };
      });
      await tellAdmins(admins, 'organisationFrozen', language, frozenFacts(caller, frozenAt));
      return { frozenAt: frozenAt.toISOString() };
    },

    unfreezeLine: (caller: Caller, lineId: string) => askUnfreeze(caller, lineId),
    unfreezeOrganisation: (caller: Caller) => askUnfreeze(caller, null),
  };
}

export type Freezes = ReturnType<typeof createFreezes>;
