import {
  custodyOrderLimits,
  type CustodyChangeBoard,
  type CustodyChangeKind,
  type CustodyChangeRequest,
  type CustodyChangesQuery,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import { applyChange } from './change-apply';
import { changeQuorum, changeView } from './change-quorum';
import {
  changeDecisionsOf,
  closeChangeRequest,
  findChangeRequest,
  insertChangeDecision,
  insertChangeRequest,
  listChangeRequests,
  lockChangeRequest,
  organisationFrozenAt,
  type ChangeRequestRow,
} from './change-requests.repository';
import { recordConsoleAction } from './console-audit';
import type { ConsoleCaller } from './console-guard';
import { sqlStateOf } from './console-input';
import { hasControlCharacters } from './custody-destinations';
import { custodyError } from './custody.errors';
import { inOrganisation } from './tenant-transaction';

type Caller = Pick<ConsoleCaller, 'orgId' | 'memberId' | 'userId' | 'ip'>;
type AuditCaller = Pick<ConsoleCaller, 'userId' | 'ip'>;

const subjectOf = (id: string) => ({ kind: 'custodyChangeRequest', id });

/**
 * Writes a change request and its audit entry in the caller's transaction; when `atOnce` (no
 * quorum exists yet: none of the reviewers concerned has ever activated), it is applied there and
 * then, and recorded as applied.
 */
export async function proposeChange(
  trx: Db,
  audit: Pick<AuditApi, 'record'>,
  caller: Caller,
  change: { kind: CustodyChangeKind; lineId: string | null; before: unknown; after: unknown; atOnce: boolean },
): Promise<string> {
  const id = await insertChangeRequest(trx, { ...change, orgId: caller.orgId, proposerMemberId: caller.memberId });
  await recordConsoleAction(audit, trx, caller, {
    action: 'custody.change.propose',
    subject: subjectOf(id),
    before: change.before,
    after: { kind: change.kind, lineId: change.lineId, proposed: change.after },
  });
  if (change.atOnce) {
    const row = await lockChangeRequest(trx, id);
    const outcome = await applyChange(trx, row!);
    await closeChangeRequest(trx, id, outcome);
    await recordOutcome(audit, trx, caller, row!, outcome, 'first configuration: no reviewer has activated yet');
  }
  return id;
}

async function recordOutcome(
  audit: Pick<AuditApi, 'record'>,
  trx: Db,
  caller: AuditCaller,
  request: ChangeRequestRow,
  outcome: 'applied' | 'stale',
  reason: string,
): Promise<void> {
  await recordConsoleAction(audit, trx, caller, {
    action: outcome === 'applied' ? 'custody.change.apply' : 'custody.change.stale',
    subject: subjectOf(request.id),
    before: request.before,
    after: { kind: request.kind, lineId: request.line_id, state: outcome, applied: outcome === 'applied' ? request.after : null, reason },
  });
}

function checkedOpinion(opinion: string, required: boolean): string {
  const trimmed = opinion.trim();
  if ((required && trimmed === '') || [...trimmed].length > custodyOrderLimits.opinionMaxChars || hasControlCharacters(trimmed))
    throw custodyError('custodyChangeOpinionInvalid', { max: custodyOrderLimits.opinionMaxChars }, 'opinion');
  return trimmed;
}

/**
 * Deciding on change requests (issue 18 item 6). A decision runs with the request's row locked,
 * so concurrent approvals are counted one after another and the quorum completes once; the one
 * completing it applies the change in the same transaction, or closes it as stale (committed,
 * then answered `custodyChangeStale`). Any eligible reviewer's rejection ends it. The proposer's
 * own decision and a second one by the same member are refused by the database itself.
 */
export function createChangeRequests(deps: { db: Db; audit: Pick<AuditApi, 'record'> }) {
  const { db, audit } = deps;

  async function lockedOpen(trx: Db, caller: Caller, id: string): Promise<ChangeRequestRow> {
    const request = await lockChangeRequest(trx, id);
    if (!request) throw custodyError('noMatchingData', {}, 'id');
    if (request.state !== 'pending') throw custodyError('custodyChangeNotOpen');
    if (request.proposer_member_id === caller.memberId) throw custodyError('custodyChangeOwnApproval');
    const quorum = await changeQuorum(trx, request, await changeDecisionsOf(trx, [id]));
    if (!quorum.eligibleIds.includes(caller.memberId)) throw custodyError('custodyChangeNotReviewer');
    return request;
  }

  async function decide(trx: Db, request: ChangeRequestRow, caller: Caller, decision: 'approve' | 'reject', opinion: string) {
    try {
      await insertChangeDecision(trx, {
        org_id: caller.orgId,
        request_id: request.id,
        member_id: caller.memberId,
        proposer_member_id: request.proposer_member_id,
        decision,
        opinion,
      });
    } catch (error) {
      if (sqlStateOf(error) === '23505') throw custodyError('custodyChangeAlreadyDecided');
      if (sqlStateOf(error) === '23514') throw custodyError('custodyChangeOwnApproval');
      throw error;
    }
  }

  async function view(orgId: string, id: string): Promise<CustodyChangeRequest> {
    return inOrganisation(db, orgId, async (trx) => {
      const row = await findChangeRequest(trx, id);
      if (!row) throw custodyError('noMatchingData', {}, 'id');
      return changeView(trx, row);
    });
  }

  return {
    view,

    async board(orgId: string, query: CustodyChangesQuery): Promise<CustodyChangeBoard> {
      return inOrganisation(db, orgId, async (trx) => {
        const rows = await listChangeRequests(trx, query);
        const requests: CustodyChangeRequest[] = [];
        for (const row of rows) requests.push(await changeView(trx, row));
        const frozenAt = await organisationFrozenAt(trx);
        return { organisationFrozenAt: frozenAt?.toISOString() ?? null, requests };
      });
    },

    async approve(caller: Caller, id: string, rawOpinion: string): Promise<CustodyChangeRequest> {
      const opinion = checkedOpinion(rawOpinion, false);
      const outcome = await inOrganisation(db, caller.orgId, async (trx) => {
        const request = await lockedOpen(trx, caller, id);
        await decide(trx, request, caller, 'approve', opinion);
        const quorum = await changeQuorum(trx, request, await changeDecisionsOf(trx, [id]));
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.change.approve',
          subject: subjectOf(id),
          before: request.before,
          after: { proposed: request.after, opinion, counted: quorum.counted, required: quorum.required },
        });
        if (!quorum.reached) return 'pending';
        const applied = await applyChange(trx, request);
        await closeChangeRequest(trx, id, applied);
        await recordOutcome(audit, trx, caller, request, applied, `quorum ${quorum.counted}/${quorum.required}`);
        return applied;
      });
      if (outcome === 'stale') throw custodyError('custodyChangeStale');
      return view(caller.orgId, id);
    },

    async reject(caller: Caller, id: string, rawOpinion: string): Promise<CustodyChangeRequest> {
      const opinion = checkedOpinion(rawOpinion, true);
      await inOrganisation(db, caller.orgId, async (trx) => {
        const request = await lockedOpen(trx, caller, id);
        await decide(trx, request, caller, 'reject', opinion);
        await closeChangeRequest(trx, id, 'rejected');
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.change.reject',
          subject: subjectOf(id),
          before: request.before,
          after: { proposed: request.after, opinion, state: 'rejected' },
        });
      });
      return view(caller.orgId, id);
    },
  };
}

export type ChangeRequests = ReturnType<typeof createChangeRequests>;
