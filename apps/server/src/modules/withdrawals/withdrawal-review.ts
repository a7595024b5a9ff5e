import type { Db } from '../../platform/db/database';
import type { Ledger } from '../ledger';
import type { HeldSubject, SanctionsHoldSubject } from '../sanctions';
import { moveWithdrawal, releaseAndCancel, settleInternal } from './withdrawal-moves';
import { lockWithdrawal } from './withdrawals.repository';

/** Why a withdrawal compliance refused was cancelled, as the customer's record shows it: neutral. */
export const reviewRefusalReason = 'cancelledByReview';

/**
 * Compliance's decisions on a withdrawal held by screening (`underReview`), run by the
 * sanctions module in the decision's transaction:
 * - released: on to `processing`, where the signer takes it (an internal one is paid to its
 *   recipient at once, as a confirmed one is);
 * - refused: `cancelled`, amount + fee returned in full (the funds are not confiscated).
 * A withdrawal no longer under review is a broken invariant (the hold is decided once): it
 * throws and the decision rolls back.
 */
export function createWithdrawalReview(deps: { ledger: Ledger }): SanctionsHoldSubject {
  const { ledger } = deps;

  async function underReview(trx: Db, held: HeldSubject) {
    const row = await lockWithdrawal(trx, held.subjectId);
    if (!row || row.status !== 'underReview' || !row.hold_id)
      throw new Error(`withdrawal ${held.subjectId} is not under review (${row?.status ?? 'missing'})`);
    return row;
  }

  return {
    async release(trx, held) {
      const row = await underReview(trx, held);
      await moveWithdrawal(trx, row.id, 'underReview', 'processing');
      if (row.kind === 'internal') await settleInternal(trx, ledger, row, 'processing');
    },

    async refuse(trx, held) {
      const row = await underReview(trx, held);
      await releaseAndCancel(trx, ledger, row, { from: 'underReview', to: 'cancelled', reason: reviewRefusalReason });
    },
  };
}
