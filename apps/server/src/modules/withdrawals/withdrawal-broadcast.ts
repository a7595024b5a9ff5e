import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import { BroadcastRejectedError } from '../chain';
import type { WithdrawalSettlement } from './withdrawal-settlement';
import type { SignedWithdrawalRow, WithdrawalSender } from './withdrawal-signer';
import { moveWithdrawal } from './withdrawal-moves';
import { recordBroadcast, recordBroadcastError, recordSignedTransaction } from './withdrawal-outbox.repository';

/** The signer's way to the chain: sign and record before broadcasting, and (re-)broadcast what is recorded. */
export interface WithdrawalBroadcast {
  /** Broadcasts the recorded transaction; `unknown` when the outcome is unknown (retry later). */
  broadcast(withdrawal: SignedWithdrawalRow, sender: WithdrawalSender, outbox: { raw: string }): Promise<'sent' | 'rejected' | 'unknown'>;
  /** Signs a new transaction, records it in the outbox, then broadcasts it; `false` when the chain refused it. */
  signNew(withdrawal: SignedWithdrawalRow, sender: WithdrawalSender): Promise<boolean>;
}

/** The record-before-broadcast outbox of the signer (moved out of `withdrawal-signer.ts` unchanged). */
export function createWithdrawalBroadcast(deps: { db: Db; logger: Logger; fail: WithdrawalSettlement['fail'] }): WithdrawalBroadcast {
  const { db, logger, fail } = deps;

  /** Broadcasts the recorded transaction; `false` when the outcome is unknown (retry later). */
  async function broadcast(
    withdrawal: SignedWithdrawalRow,
    sender: WithdrawalSender,
    outbox: { raw: string },
  ): Promise<'sent' | 'rejected' | 'unknown'> {
    try {
      await sender.broadcast(outbox.raw);
    } catch (error) {
      if (error instanceof BroadcastRejectedError) {
        await sender.abandon(outbox.raw).catch((abandonError: unknown) => logger.error({ err: abandonError }, 'abandon failed'));
        await recordBroadcastError(db, withdrawal.id, error.reason.slice(0, 500));
        await fail(withdrawal, 'broadcastRejected');
        return 'rejected';
      }
      await recordBroadcastError(db, withdrawal.id, (error instanceof Error ? error.message : String(error)).slice(0, 500));
      logger.warn({ err: error, withdrawalId: withdrawal.id }, 'broadcast outcome unknown; the same transaction will be sent again');
      return 'unknown';
    }
    await db.transaction().execute(async (trx) => {
      await recordBroadcast(trx, withdrawal.id);
      // A re-broadcast of a confirming one stays confirming.
      await moveWithdrawal(trx, withdrawal.id, 'processing', 'confirming');
    });
    return 'sent';
  }

  async function signNew(withdrawal: SignedWithdrawalRow, sender: WithdrawalSender): Promise<boolean> {
    const signed = await sender.buildAndSign({
      to: withdrawal.address,
      asset: withdrawal.asset,
      amount: BigInt(withdrawal.amount),
      ...(withdrawal.tag ? { tag: withdrawal.tag } : {}),
    });
    // Recorded before it can reach the chain: a crash after this line re-sends this very transaction.
    await recordSignedTransaction(db, {
      withdrawal_id: withdrawal.id,
      chain: withdrawal.chain,
      txid: signed.txid,
      raw: signed.raw,
      network_fee: signed.networkFee,
    });
    logger.info({ withdrawalId: withdrawal.id, chain: withdrawal.chain, txid: signed.txid }, 'withdrawal signed');
    return (await broadcast(withdrawal, sender, { raw: signed.raw })) !== 'rejected';
  }

  return { broadcast, signNew };
}
