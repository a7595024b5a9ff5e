import type { Db } from '../../platform/db/database';
import { createPollingLoop, type PollingLoop } from '../../platform/jobs/polling-loop';
import type { Logger } from '../../platform/observability/logger';
import type { ChainSender } from '../chain';
import type { Ledger } from '../ledger';
import type { CustodyPayoutSource } from './custody-payouts';
import { createCustodyPayoutSending, type PayoutTickResult } from './custody-payout-sending';
import { releaseAndCancel } from './withdrawal-moves';
import { createWithdrawalBroadcast } from './withdrawal-broadcast';
import { createWithdrawalSettlement, networkFeeOf } from './withdrawal-settlement';
import { openOutboxWithdrawals, tryLockSigner, unlockSigner, unsignedWithdrawals } from './withdrawal-outbox.repository';
import { expiredConfirmations, setConfirmations } from './withdrawals.repository';

/** A chain's sender, with the fee a mined transaction actually paid where the chain can tell. */
export type WithdrawalSender = ChainSender & {
  /** Native coin of the chain, in which the network fee is paid. */
  feeAsset?: string;
  networkFeePaid?(txid: string): Promise<bigint>;
};

const batchSize = 20;

export interface WithdrawalSigner {
  tick(): Promise<SignerTickResult>;
  /** One tick under the signer's advisory lock; `null` when another process holds it. */
  tickExclusively(): Promise<SignerTickResult | null>;
}

/** The signer's polling loop. */
export type SignerLoop = PollingLoop;

export interface SignerTickResult {
  signed: number;
  settled: number;
  failed: number;
  expired: number;
  /** Custody withdrawal orders: signed, settled and failed this tick. */
  payouts: PayoutTickResult;
}

/** The columns of a withdrawal the signer works with. */
export type SignedWithdrawalRow = {
  id: string;
  user_id: string;
  asset: string;
  chain: string;
  address: string;
  tag: string | null;
  amount: string;
  fee: string;
  hold_id: string | null;
  required_confirmations: number;
};

/**
 * The withdrawal signer. Each tick, under one PostgreSQL advisory lock (so one process signs
 * at a time): expires large withdrawals not confirmed within 5 hours; signs each approved
 * withdrawal and records txid + raw transaction in the outbox BEFORE broadcasting it;
 * re-broadcasts recorded transactions the chain does not know (never signing a new one);
 * settles the hold once the transaction has its confirmations (amount to the chain omnibus
 * account, fee to the fees account, the network fee as the platform's expense), or releases it
 * without a fee when the chain refused or reverted the transaction. Custody withdrawal orders
 * (`custodyPayouts`, the custody module's port) go out the same way in the same tick, after the
 * customers' withdrawals, from the same hot wallets (see `custody-payout-sending.ts`).
 */
export function createWithdrawalSigner(deps: {
  db: Db;
  ledger: Ledger;
  senders: Map<string, WithdrawalSender>;
  logger: Logger;
  /** The custody module's approved withdrawal orders, with the confirmation count of each coin and chain; none: customers' only. */
  custodyPayouts?: { source: CustodyPayoutSource; confirmationsOf(asset: string, chain: string): Promise<number> } | null;
}): WithdrawalSigner {
  const { db, ledger, senders } = deps;
  const logger = deps.logger.child({ component: 'withdrawal-signer' });
  const payouts = deps.custodyPayouts ? createCustodyPayoutSending({ db, ledger, logger, ...deps.custodyPayouts }) : null;

  const { fail, postNetworkFee, settle } = createWithdrawalSettlement({ db, ledger, logger });
  const { broadcast, signNew } = createWithdrawalBroadcast({ db, logger, fail });

  async function advance(
    withdrawal: SignedWithdrawalRow,
    sender: WithdrawalSender,
    outbox: { txid: string; raw: string; broadcast_at: Date | null },
    result: SignerTickResult,
  ) {
    if (!outbox.broadcast_at) {
      if ((await broadcast(withdrawal, sender, outbox)) === 'rejected') result.failed += 1;
      return;
    }
    const state = await sender.confirmations(outbox.txid);
    if (state.state === 'unknown') {
      // Dropped or reorganised away: the same signed transaction goes out again.
      if ((await broadcast(withdrawal, sender, outbox)) === 'rejected') result.failed += 1;
      return;
    }
    if (state.state === 'pending') return;
    if (state.state === 'failed') {
      if (state.confirmations < withdrawal.required_confirmations) return;
      const networkFee = await networkFeeOf(sender, outbox.txid);
      await db.transaction().execute(async (trx) => postNetworkFee(trx, withdrawal, networkFee));
      await fail(withdrawal, 'chainFailed');
      result.failed += 1;
      return;
    }
    if (state.confirmations >= withdrawal.required_confirmations) {
      if (await settle(withdrawal, sender, outbox.txid, state.confirmations)) result.settled += 1;
      return;
    }
    await setConfirmations(db, withdrawal.id, state.confirmations);
  }

  /** Large withdrawals not confirmed within 5 hours: cancelled, hold released in full. */
  async function expireConfirmations(): Promise<number> {
    const due = await expiredConfirmations(db, batchSize);
    for (const row of due) {
      // Confirmed or cancelled meanwhile: the move does not happen and nothing is released.
      await db
        .transaction()
        .execute(async (trx) =>
          releaseAndCancel(trx, ledger, row, { from: 'awaitingConfirmation', to: 'cancelled', reason: 'confirmationExpired' }),
        );
    }
    return due.length;
  }

  async function tick(): Promise<SignerTickResult> {
    const result: SignerTickResult = {
      signed: 0,
      settled: 0,
      failed: 0,
      expired: await expireConfirmations(),
      payouts: { signed: 0, settled: 0, failed: 0 },
    };
    const chains = [...senders.keys()];
    if (chains.length === 0) return result;

    // Recorded transactions first: they hold nonces/inputs the new ones come after.
    const open = await openOutboxWithdrawals(db, chains);
    for (const row of open) {
      try {
        await advance(row, senders.get(row.chain)!, row, result);
      } catch (error) {
        logger.error({ err: error, withdrawalId: row.id }, 'could not advance a withdrawal; retrying next tick');
      }
    }

    const approved = await unsignedWithdrawals(db, chains, batchSize);
    for (const row of approved) {
      try {
        if (await signNew(row, senders.get(row.chain)!)) result.signed += 1;
        else result.failed += 1;
      } catch (error) {
        // Nothing recorded: nothing sent. The next tick signs it afresh.
        logger.error({ err: error, withdrawalId: row.id }, 'could not sign a withdrawal; retrying next tick');
      }
    }
    // Custody orders after the customers': their nonces follow the ones just recorded.
    if (payouts) result.payouts = await payouts.tick(senders, batchSize);
    return result;
  }

  return {
    tick,
    /** One tick under the signer's advisory lock; `null` when another process holds it. */
    async tickExclusively(): Promise<SignerTickResult | null> {
      return db.connection().execute(async (connection) => {
        if (!(await tryLockSigner(connection))) return null;
        try {
          return await tick();
        } finally {
          await unlockSigner(connection);
        }
      });
    },
  };
}

/** Polls the signer every `pollMs` until stopped. */
export function createSignerLoop(signer: WithdrawalSigner, pollMs: number, logger: Logger): SignerLoop {
  return createPollingLoop(
    async () => {
      await signer.tickExclusively();
      return false;
    },
    pollMs,
    (error) => logger.error({ err: error }, 'withdrawal signer tick failed'),
  );
}
