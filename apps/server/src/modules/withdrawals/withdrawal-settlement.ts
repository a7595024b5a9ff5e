import { billTypes } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { Ledger } from '../ledger';
import { completeWithdrawal, releaseAndCancel, withdrawalJournalKey, withdrawalReference } from './withdrawal-moves';
import type { SignedWithdrawalRow, WithdrawalSender } from './withdrawal-signer';
import { resolveOutbox } from './withdrawal-outbox.repository';
import { lockWithdrawal } from './withdrawals.repository';

/** How the signer ends a withdrawal on chain: paid (hold settled) or failed (hold released). */
export interface WithdrawalSettlement {
  /** Fails a withdrawal still processing or confirming: hold released in full, outbox resolved. */
  fail(withdrawal: SignedWithdrawalRow, reason: string): Promise<void>;
  /** Books the network fee the hot wallet paid (`networkFeeOf`, read before) as the platform's expense, in the caller's transaction. */
  postNetworkFee(trx: Db, withdrawal: SignedWithdrawalRow, fee: PaidNetworkFee | null): Promise<void>;
  /** Settles a confirming withdrawal's hold; whether it did (`false`: no longer confirming). */
  settle(withdrawal: SignedWithdrawalRow, sender: WithdrawalSender, txid: string, confirmations: number): Promise<boolean>;
}

async function lockWithdrawalOrThrow(trx: Db, withdrawalId: string) {
  const row = await lockWithdrawal(trx, withdrawalId);
  if (!row) throw new Error(`withdrawal ${withdrawalId} is gone`);
  return row;
}

/** A fee a hot-wallet transaction paid, in the coin the chain charges it in. */
export interface PaidNetworkFee {
  asset: string;
  paid: bigint;
}

/**
 * The network fee a hot-wallet transaction paid, where the chain tells it (null: nothing to
 * book). Read before the transaction that books it: it may ask the chain or the outbox's
 * records, and a transaction must not wait on either.
 */
export async function networkFeeOf(sender: WithdrawalSender, txid: string): Promise<PaidNetworkFee | null> {
  if (!sender.networkFeePaid || !sender.feeAsset) return null;
  const paid = await sender.networkFeePaid(txid);
  return paid > 0n ? { asset: sender.feeAsset, paid } : null;
}

/**
 * A paid network fee (`networkFeeOf`), booked once under `journal.idempotencyKey` as the
 * platform's expense against the omnibus account, in `trx`: for a customer's withdrawal and
 * for a custody payout alike.
 */
export async function bookNetworkFee(
  trx: Db,
  ledger: Pick<Ledger, 'post' | 'platformAccount'>,
  fee: PaidNetworkFee | null,
  journal: { idempotencyKey: string; reference: { type: string; id: string } },
): Promise<void> {
  if (!fee) return;
  await ledger.post(
    {
      idempotencyKey: journal.idempotencyKey,
      billType: billTypes.other,
      reference: journal.reference,
      legs: [
        { accountId: await ledger.platformAccount('omnibus', fee.asset, trx), bucket: 'available', amount: fee.paid },
        { accountId: await ledger.platformAccount('network_fees', fee.asset, trx), bucket: 'available', amount: -fee.paid },
      ],
    },
    trx,
  );
}

/** The signer's settlement and failure paths (moved out of `withdrawal-signer.ts` unchanged). */
export function createWithdrawalSettlement(deps: { db: Db; ledger: Ledger; logger: Logger }): WithdrawalSettlement {
  const { db, ledger, logger } = deps;

  async function fail(withdrawal: SignedWithdrawalRow, reason: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const current = await lockWithdrawalOrThrow(trx, withdrawal.id);
      if (current.status !== 'processing' && current.status !== 'confirming') return;
      await releaseAndCancel(trx, ledger, withdrawal, { from: current.status, to: 'failed', reason });
      await resolveOutbox(trx, withdrawal.id);
    });
    logger.warn({ withdrawalId: withdrawal.id, reason }, 'withdrawal failed; hold released without fee');
  }

  /** The network fee the hot wallet paid, booked as the platform's expense against the omnibus account. */
  async function postNetworkFee(trx: Db, withdrawal: SignedWithdrawalRow, fee: PaidNetworkFee | null): Promise<void> {
    await bookNetworkFee(trx, ledger, fee, {
      idempotencyKey: withdrawalJournalKey('network-fee', withdrawal.id),
      reference: withdrawalReference(withdrawal.id),
    });
  }

  async function settle(withdrawal: SignedWithdrawalRow, sender: WithdrawalSender, txid: string, confirmations: number): Promise<boolean> {
    const customer = await ledger.customerAccount(withdrawal.user_id, withdrawal.asset);
    const omnibus = await ledger.platformAccount('omnibus', withdrawal.asset);
    const fees = await ledger.platformAccount('fees', withdrawal.asset);
    const networkFee = await networkFeeOf(sender, txid);
    const amount = BigInt(withdrawal.amount);
    const fee = BigInt(withdrawal.fee);
    return db.transaction().execute(async (trx) => {
      const current = await lockWithdrawalOrThrow(trx, withdrawal.id);
      if (current.status !== 'confirming') return false;
      const posted = await ledger.settleHold(
        {
          idempotencyKey: withdrawalJournalKey('settle', withdrawal.id),
          billType: billTypes.withdrawal,
          holdId: withdrawal.hold_id!,
          accountId: customer,
          amount: amount + fee,
          to: [{ accountId: omnibus, amount }, ...(fee > 0n ? [{ accountId: fees, amount: fee }] : [])],
          reference: withdrawalReference(withdrawal.id),
        },
        trx,
      );
      await postNetworkFee(trx, withdrawal, networkFee);
      await completeWithdrawal(trx, withdrawal.id, 'confirming', { journal_id: posted.journalId, confirmations }, txid);
      await resolveOutbox(trx, withdrawal.id);
      return true;
    });
  }

  return { fail, postNetworkFee, settle };
}
