import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import { BroadcastRejectedError } from '../chain';
import type { WithdrawalSettlement } from './withdrawal-settlement';
import type { SignedWithdrawalRow, WithdrawalSender } from './withdrawal-signer';
import { moveWithdrawal } from './withdrawal-moves';

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
        await db
          .updateTable('withdrawal_outbox')
          .set({ last_error: error.reason.slice(0, 500), attempts: sql`attempts + 1` })
          .where('withdrawal_id', '=', withdrawal.id)
          .execute();
        await fail(withdrawal, 'broadcastRejected');
        return 'rejected';
      }
      await db
        .updateTable('withdrawal_outbox')
        .set({ last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500), attempts: sql`attempts + 1` })
        .where('withdrawal_id', '=', withdrawal.id)
        .execute();
      logger.warn({ err: error, withdrawalId: withdrawal.id }, 'broadcast outcome unknown; the same transaction will be sent again');
      return 'unknown';
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('withdrawal_outbox')
        .set({ broadcast_at: sql`coalesce(broadcast_at, now())`, attempts: sql`attempts + 1`, last_error: null })
        .where('withdrawal_id', '=', withdrawal.id)
        .execute();
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
    await db
      .insertInto('withdrawal_outbox')
      .values({ withdrawal_id: withdrawal.id, chain: withdrawal.chain, txid: signed.txid, raw: signed.raw, network_fee: signed.networkFee })
      .execute();
    logger.info({ withdrawalId: withdrawal.id, chain: withdrawal.chain, txid: signed.txid }, 'withdrawal signed');
    return (await broadcast(withdrawal, sender, { raw: signed.raw })) !== 'rejected';
  }

  return { broadcast, signNew };
}
