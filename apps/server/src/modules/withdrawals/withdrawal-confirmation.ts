import type { WithdrawResult } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { Ledger } from '../ledger';
import { moveWithdrawal, releaseAndCancel, settleInternal } from './withdrawal-moves';
import { lockOwnWithdrawal } from './withdrawals.repository';
import { withdrawalError } from './withdrawals.errors';

export interface WithdrawalConfirmation {
  confirm(userId: string, serialNumber: string): Promise<WithdrawResult>;
  cancel(userId: string, serialNumber: string): Promise<WithdrawResult>;
}

/** The second confirmation of a large withdrawal (spec §9), and its cancellation by the customer. */
export function createWithdrawalConfirmation(deps: {
  db: Db;
  ledger: Ledger;
  resultFor: (userId: string, withdrawalId: string) => Promise<WithdrawResult>;
}): WithdrawalConfirmation {
  const { db, ledger, resultFor } = deps;

  return {
    /** The second confirmation of a large withdrawal, within 5 hours of its submission. */
    async confirm(userId: string, serialNumber: string): Promise<WithdrawResult> {
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await lockOwnWithdrawal(trx, userId, serialNumber);
        if (!row) throw withdrawalError('withdrawalNotFound');
        if (row.status !== 'awaitingConfirmation' || !row.hold_id) throw withdrawalError('withdrawalNotAwaitingConfirmation');
        if (row.confirm_before && row.confirm_before <= new Date()) {
          await releaseAndCancel(trx, ledger, row, { from: 'awaitingConfirmation', to: 'cancelled', reason: 'confirmationExpired' });
          return { id: row.id, expired: true };
        }
        if (row.kind === 'internal' && row.recipient_user_id) {
          await settleInternal(trx, ledger, row, 'awaitingConfirmation');
        } else {
          await moveWithdrawal(trx, row.id, 'awaitingConfirmation', 'processing', { confirm_before: null });
        }
        return { id: row.id, expired: false };
      });
      if (outcome.expired) throw withdrawalError('withdrawalConfirmationExpired');
      return resultFor(userId, outcome.id);
    },

    /** Cancels a withdrawal still waiting for its second confirmation; the hold returns in full. */
    async cancel(userId: string, serialNumber: string): Promise<WithdrawResult> {
      const id = await db.transaction().execute(async (trx) => {
        const row = await lockOwnWithdrawal(trx, userId, serialNumber);
        if (!row) throw withdrawalError('withdrawalNotFound');
        if (row.status !== 'awaitingConfirmation' || !row.hold_id) throw withdrawalError('withdrawalNotAwaitingConfirmation');
        await releaseAndCancel(trx, ledger, row, { from: 'awaitingConfirmation', to: 'cancelled', reason: 'cancelledByCustomer' });
        return row.id;
      });
      return resultFor(userId, id);
    },
  };
}
