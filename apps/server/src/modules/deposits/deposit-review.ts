import { billTypes } from '@coffer/contract';
import type { Ledger } from '../ledger';
import type { SanctionsHoldSubject } from '../sanctions';
import { queueNotices } from '../notices';
import { depositNotice, depositSanctionsKey } from './deposit-crediting';
import { creditedDepositFacts } from './deposit-watcher.repository';

/**
 * Compliance's decisions on a deposit frozen by screening (its sender listed), run by the
 * sanctions module in the decision's transaction:
 * - released: the ledger hold released, the amount available to the customer, who gets the
 *   deposit notice then;
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
      // Usable now: the customer hears of the deposit as of any other credited one.
      const deposit = await creditedDepositFacts(trx, held.subjectId);
      if (deposit) await queueNotices(trx, [depositNotice(deposit)]);
    },
    async refuse() {
      // Frozen it stays.
    },
  };
}
