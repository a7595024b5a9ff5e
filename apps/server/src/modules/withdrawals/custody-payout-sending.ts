import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import { BroadcastRejectedError } from '../chain';
import type { Ledger } from '../ledger';
import type { CustodyPayout, CustodyPayoutSource } from './custody-payouts';
import {
  openCustodyPayouts,
  unresolvedCustodyPayoutIds,
  recordCustodyBroadcast,
  recordCustodyBroadcastError,
  recordCustodyPayout,
  resolveCustodyPayout,
  type CustodyOutboxRow,
} from './custody-payout-outbox.repository';
import { bookNetworkFee, networkFeeOf } from './withdrawal-settlement';
import type { WithdrawalSender } from './withdrawal-signer';

/** What one tick did with custody withdrawal orders. */
export interface PayoutTickResult {
  signed: number;
  settled: number;
  failed: number;
}

export interface CustodyPayoutSending {
  /** Advances the recorded payouts, then signs the orders the custody module hands out; runs inside the signer's tick (its lock held). */
  tick(senders: Map<string, WithdrawalSender>, limit: number): Promise<PayoutTickResult>;
}

/** The journal of the network fee a custody payout's transaction paid: once per order. */
const networkFeeJournal = (orderId: string) => ({
  idempotencyKey: `custody-order:${orderId}:network-fee`,
  reference: { type: 'custodyOrder', id: orderId },
});

/**
 * The signer's side of custody withdrawal orders (issue 18 item 1), run in the signer's tick
 * under its advisory lock, after the customers' withdrawals, from the same hot wallets:
 * - recorded payouts first (their nonces come before new ones): an unbroadcast or dropped
 *   transaction is broadcast again (never signed anew); at the confirmation count the order is
 *   settled through `source.settled`, the network fee booked as the platform's expense and the
 *   outbox row resolved in custody's transaction; a transaction the chain refused or reverted
 *   fails the order through `source.failed` (hold released in full, no fee);
 * - then the orders `source.sendable` hands out (it re-checks each order's digest and policy; the
 *   orders already recorded here are named so that it never re-checks, or fails, one that is on
 *   its way): each is signed, recorded in `custody_payout_outbox` (one row per order: never signed
 *   twice) BEFORE it is broadcast. The senders' nonce reads include this outbox, so a customer's
 *   withdrawal and a custody payout on one chain never share a nonce.
 */
export function createCustodyPayoutSending(deps: {
  db: Db;
  ledger: Pick<Ledger, 'post' | 'platformAccount'>;
  source: CustodyPayoutSource;
  /** The confirmation count a withdrawal of the asset on the chain waits for (the catalogue's). */
  confirmationsOf(asset: string, chain: string): Promise<number>;
  logger: Logger;
}): CustodyPayoutSending {
  const { db, ledger, source, logger } = deps;

  /** The order fails in custody (hold released in full, no fee), then its outbox row is resolved. */
  async function fail(orderId: string, reason: string): Promise<void> {
    await source.failed(orderId, reason);
    await resolveCustodyPayout(db, orderId, 'failed');
  }

  /** Broadcasts the recorded transaction; `unknown` when the outcome is unknown (retry later). */
  async function broadcast(orderId: string, sender: WithdrawalSender, raw: string): Promise<'sent' | 'rejected' | 'unknown'> {
    try {
      await sender.broadcast(raw);
    } catch (error) {
      if (error instanceof BroadcastRejectedError) {
        await sender.abandon(raw).catch((abandonError: unknown) => logger.error({ err: abandonError }, 'abandon failed'));
        await recordCustodyBroadcastError(db, orderId, error.reason.slice(0, 500));
        await fail(orderId, 'broadcastRejected');
        return 'rejected';
      }
      await recordCustodyBroadcastError(db, orderId, (error instanceof Error ? error.message : String(error)).slice(0, 500));
      logger.warn(
        { err: error, custodyOrderId: orderId },
        'custody payout broadcast outcome unknown; the same transaction will be sent again',
      );
      return 'unknown';
    }
    await recordCustodyBroadcast(db, orderId);
    return 'sent';
  }

  async function advance(row: CustodyOutboxRow, sender: WithdrawalSender, result: PayoutTickResult): Promise<void> {
    if (!row.broadcast_at) {
      if ((await broadcast(row.order_id, sender, row.raw)) === 'rejected') result.failed += 1;
      return;
    }
    const state = await sender.confirmations(row.txid);
    if (state.state === 'unknown') {
      // Dropped or reorganised away: the same signed transaction goes out again.
      if ((await broadcast(row.order_id, sender, row.raw)) === 'rejected') result.failed += 1;
      return;
    }
    if (state.state === 'pending') return;
    if (state.confirmations < row.required_confirmations) return;
    if (state.state === 'failed') {
      // Reverted on chain: the hot wallet paid the network fee, the order moved nothing.
      const networkFee = await networkFeeOf(sender, row.txid);
      await db.transaction().execute((trx) => bookNetworkFee(trx, ledger, networkFee, networkFeeJournal(row.order_id)));
      await fail(row.order_id, 'chainFailed');
      result.failed += 1;
      return;
    }
    const networkFee = await networkFeeOf(sender, row.txid);
    const settled = await source.settled(row.order_id, row.txid, async (trx) => {
      await bookNetworkFee(trx, ledger, networkFee, networkFeeJournal(row.order_id));
      await resolveCustodyPayout(trx, row.order_id, 'settled');
    });
    if (settled) {
      result.settled += 1;
      return;
    }
    // The order left `sending` while its transaction was on its way: the coins went all the same.
    logger.error(
      { alert: 'custody-payout-unsettled', custodyOrderId: row.order_id, txid: row.txid },
      'a custody payout confirmed on chain, but its order was no longer sending: nothing settled',
    );
    await db.transaction().execute(async (trx) => {
      await bookNetworkFee(trx, ledger, networkFee, networkFeeJournal(row.order_id));
      await resolveCustodyPayout(trx, row.order_id, 'settled');
    });
  }

  /**
   * Signs the order's transaction, records it, then broadcasts it: `sent` (or its outcome unknown,
   * retried next tick), `rejected` by the chain (the order failed), or `duplicate` when the order
   * was recorded already (nothing sent).
   */
  async function signNew(payout: CustodyPayout, sender: WithdrawalSender): Promise<'sent' | 'rejected' | 'duplicate'> {
    const requiredConfirmations = await deps.confirmationsOf(payout.asset, payout.chain);
    const signed = await sender.buildAndSign({
      to: payout.address,
      asset: payout.asset,
      amount: BigInt(payout.amount),
      ...(payout.tag ? { tag: payout.tag } : {}),
    });
    // Recorded before it can reach the chain: a crash after this line re-sends this very transaction.
    const recorded = await recordCustodyPayout(db, {
      order_id: payout.orderId,
      chain: payout.chain,
      asset: payout.asset,
      amount: payout.amount,
      required_confirmations: requiredConfirmations,
      txid: signed.txid,
      raw: signed.raw,
      network_fee: signed.networkFee,
    });
    if (!recorded) {
      // Already recorded once: this second signature never leaves the process.
      await sender.abandon(signed.raw).catch((abandonError: unknown) => logger.error({ err: abandonError }, 'abandon failed'));
      logger.error({ custodyOrderId: payout.orderId }, 'custody payout already recorded; the new signature is dropped');
      return 'duplicate';
    }
    logger.info({ custodyOrderId: payout.orderId, chain: payout.chain, txid: signed.txid }, 'custody payout signed');
    return (await broadcast(payout.orderId, sender, signed.raw)) === 'rejected' ? 'rejected' : 'sent';
  }

  return {
    async tick(senders, limit) {
      const result: PayoutTickResult = { signed: 0, settled: 0, failed: 0 };
      const chains = [...senders.keys()];
      if (chains.length === 0) return result;
      const open = await openCustodyPayouts(db, chains);
      for (const row of open) {
        try {
          await advance(row, senders.get(row.chain)!, result);
        } catch (error) {
          logger.error({ err: error, custodyOrderId: row.order_id }, 'could not advance a custody payout; retrying next tick');
        }
      }
      // Orders recorded here are on their way (or being resolved): never handed out, re-checked or failed again.
      const sendable = await source.sendable(chains, limit, await unresolvedCustodyPayoutIds(db));
      for (const payout of sendable) {
        try {
          const outcome = await signNew(payout, senders.get(payout.chain)!);
          if (outcome === 'sent') result.signed += 1;
          else if (outcome === 'rejected') result.failed += 1;
        } catch (error) {
          // Nothing recorded: nothing sent. The next tick hands it out and signs it afresh.
          logger.error({ err: error, custodyOrderId: payout.orderId }, 'could not sign a custody payout; retrying next tick');
        }
      }
      return result;
    },
  };
}
