import { billTypes } from '@coffer/contract';
import type { Ledger } from '../ledger';
import type { SanctionsHoldSubject } from '../sanctions';
import { depositSanctionsKey } from './deposit-crediting';

/**
 * Compliance's decisions on a deposit frozen by screening (its sender listed), run by the
 * sanctions module in the decision's transaction:
 * - released: the ledger hold released, the amount available to the customer;
 * - refused: nothing moves: the amount stays frozen for the authorities (the sanctions hold
 *   keeps the refusal and its reason).
 */
export function createDepositReview(deps: { ledger: Ledger }): SanctionsHoldSubject {
  const { ledger } = deps;
  return {
    async release(trx, held) {
      if (!held.ledgerHoldId) throw new Error(`sanctions hold ${held.holdId} names no ledger hold`);
      await ledger.releaseHold(
        {
          idempotencyKey: depositSanctionsKey(held.subjectId, 'release'),
          billType: billTypes.deposit,
          holdId: held.ledgerHoldId,
          accountId: await ledger.customerAccount(held.userId, held.asset),
          amount: held.amount,
          reference: { type: 'deposit', id: held.subjectId },
        },
        trx,
      );
    },
    async refuse() {
      // Frozen it stays.
    },
  };
}
