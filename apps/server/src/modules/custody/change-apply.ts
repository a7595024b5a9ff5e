import type { CustodyLinePolicy } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { lockFrozenAt, unfreezeRow, type ChangeRequestRow } from './change-requests.repository';
import { policyFitsCurrencies, policyOfRecord, samePolicy } from './line-policy';
import { countReviewerCandidates, lockLine, readLines, replaceLinePolicyRows, setLineMinReviewers } from './lines.repository';

/**
 * Applies a change request whose quorum is in, inside the approving transaction, or finds it
 * stale: the line's policy (or the frozen time) is no longer the state it was proposed against,
 * or the proposal no longer fits the line (a coin it limits or whitelists was taken off the
 * line, a reviewer it adds was frozen). The line's row is locked first, so an edit or another
 * approval cannot slip between the comparison and the write.
 */
export async function applyChange(trx: Db, request: ChangeRequestRow): Promise<'applied' | 'stale'> {
  if (request.kind === 'unfreeze') {
    const now = await lockFrozenAt(trx, request.line_id);
    const before = (request.before as { frozenAt: string | null }).frozenAt;
    if (!now || now.frozenAt === null || now.frozenAt.toISOString() !== before) return 'stale';
    await unfreezeRow(trx, request.line_id);
    return 'applied';
  }
  const lineId = request.line_id!;
  if (!(await lockLine(trx, lineId))) return 'stale';
  const [record] = await readLines(trx, lineId);
  const proposed = request.after as CustodyLinePolicy;
  const before = request.before as CustodyLinePolicy;
  // Reviewers the change adds must still be members who may review (active or invited), as when proposed.
  const added = proposed.reviewerMemberIds.filter((id) => !before.reviewerMemberIds.includes(id));
  if (
    !record ||
    !samePolicy(policyOfRecord(record), before) ||
    !policyFitsCurrencies(proposed, record.line.currencies) ||
    (await countReviewerCandidates(trx, added)) !== added.length
  )
    return 'stale';
  await setLineMinReviewers(trx, lineId, proposed.minReviewers);
  await replaceLinePolicyRows(trx, request.org_id, lineId, proposed);
  return 'applied';
}
