import { billTypes } from '@coffer/contract';
import type { Ledger } from '../ledger';
import type { SanctionsHoldSubject } from '../sanctions';
import { queueNotices } from '../notices';
import type { CustodyDepositSink } from './custody-deposit-sink';
import { depositNotice, depositSanctionsKey } from './deposit-crediting';
import { creditedDepositFacts } from './deposit-watcher.repository';

/**
 * Compliance's decisions on a deposit frozen by screening (its sender listed), run by the
 * sanctions module in the decision's transaction:
 * - released: the ledger hold released, the amount available to the customer, who gets the
 *   deposit notice then (a custody account's deposit: its transfer record credited);
 * - refused: nothing moves: the amount stays frozen for the authorities (the sanctions hold
 *   keeps the refusal and its reason); a custody account's transfer record ends in failure.
 */
export function createDepositReview(deps: { ledger: Ledger; custody?: CustodyDepositSink }): SanctionsHoldSubject {
  const { ledger } = deps;
  return {
    async release(trx, held) {
      if (!held.ledgerHoldId) throw new Error(`sanctions hold ${held.holdId} names no ledger hold`);
      const deposit = await creditedDepositFacts(trx, held.subjectId);
      const custodyAccountId = deposit?.custody_account_id ?? null;
      const released = await ledger.releaseHold(
        {
          idempotencyKey: depositSanctionsKey(held.subjectId, 'release'),
          billType: billTypes.deposit,
          holdId: held.ledgerHoldId,
          accountId:
            custodyAccountId === null
              ? await ledger.customerAccount(held.userId, held.asset, trx)
              : await ledger.custodyAccount(custodyAccountId, held.asset, trx),
          amount: held.amount,
          reference: { type: 'deposit', id: held.subjectId },
        },
        trx,
      );
      if (deposit && custodyAccountId !== null) {
        if (!deps.custody) throw new Error('a custody deposit released, and no custody sink to record it');
        await deps.custody.credited(trx, [{ depositId: deposit.id, custodyAccountId, journalId: released.journalId }]);
        return;
      }
      // Usable now: the customer hears of the deposit as of any other credited one.
      if (deposit?.user_id) await queueNotices(trx, [depositNotice({ ...deposit, user_id: deposit.user_id })]);
    },
    async refuse(trx, held) {
      // Frozen it stays; a custody account's record of it ends in failure.
      const deposit = await creditedDepositFacts(trx, held.subjectId);
      const custodyAccountId = deposit?.custody_account_id ?? null;
      if (!deposit || custodyAccountId === null) return;
      if (!deps.custody) throw new Error('a custody deposit refused, and no custody sink to record it');
      await deps.custody.failed(trx, [{ depositId: deposit.id, custodyAccountId }], 'refused');
    },
  };
}
