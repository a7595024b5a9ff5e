import { billTypes } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import { BroadcastRejectedError, type ChainSender } from '../chain/chain-source';
import type { Ledger } from '../ledger/ledger.service';
import { moveWithdrawal, releaseAndCancel, withdrawalJournalKey, withdrawalReference } from './withdrawal-moves';

/** A chain's sender, with the fee a mined transaction actually paid where the chain can tell. */
export type WithdrawalSender = ChainSender & {
  /** Native coin of the chain, in which the network fee is paid. */
  feeAsset?: string;
  networkFeePaid?(txid: string): Promise<bigint>;
};

/** First half of the advisory lock: one signer at a time across processes. */
const signerLockNamespace = 727_102;
const batchSize = 20;

export interface SignerTickResult {
  signed: number;
  settled: number;
  failed: number;
  expired: number;
}

type WithdrawalRow = {
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
 * without a fee when the chain refused or reverted the transaction.
 */
export function createWithdrawalSigner(deps: { db: Db; ledger: Ledger; senders: Map<string, WithdrawalSender>; logger: Logger }) {
  const { db, ledger, senders } = deps;
  const logger = deps.logger.child({ component: 'withdrawal-signer' });

  async function fail(withdrawal: WithdrawalRow, reason: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('withdrawal')
        .select('status')
        .where('id', '=', withdrawal.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (current.status !== 'processing' && current.status !== 'confirming') return;
      await releaseAndCancel(trx, ledger, withdrawal, { from: current.status, to: 'failed', reason });
      await trx.updateTable('withdrawal_outbox').set({ resolved_at: new Date() }).where('withdrawal_id', '=', withdrawal.id).execute();
    });
    logger.warn({ withdrawalId: withdrawal.id, reason }, 'withdrawal failed; hold released without fee');
  }

  /** The network fee the hot wallet paid, booked as the platform's expense against the omnibus account. */
  async function postNetworkFee(trx: Db, withdrawal: WithdrawalRow, sender: WithdrawalSender, txid: string): Promise<void> {
    if (!sender.networkFeePaid || !sender.feeAsset) return;
    const paid = await sender.networkFeePaid(txid);
    if (paid <= 0n) return;
    await ledger.post(
      {
        idempotencyKey: withdrawalJournalKey('network-fee', withdrawal.id),
        billType: billTypes.other,
        reference: withdrawalReference(withdrawal.id),
        legs: [
          { accountId: await ledger.platformAccount('omnibus', sender.feeAsset), bucket: 'available', amount: paid },
          { accountId: await ledger.platformAccount('network_fees', sender.feeAsset), bucket: 'available', amount: -paid },
        ],
      },
      trx,
    );
  }

  async function settle(withdrawal: WithdrawalRow, sender: WithdrawalSender, txid: string, confirmations: number): Promise<boolean> {
    const customer = await ledger.customerAccount(withdrawal.user_id, withdrawal.asset);
    const omnibus = await ledger.platformAccount('omnibus', withdrawal.asset);
    const fees = await ledger.platformAccount('fees', withdrawal.asset);
    const amount = BigInt(withdrawal.amount);
    const fee = BigInt(withdrawal.fee);
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('withdrawal')
        .select('status')
        .where('id', '=', withdrawal.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
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
      await postNetworkFee(trx, withdrawal, sender, txid);
      await moveWithdrawal(trx, withdrawal.id, 'confirming', 'completed', {
        journal_id: posted.journalId,
        confirmations,
        completed_at: new Date(),
      });
      await trx.updateTable('withdrawal_outbox').set({ resolved_at: new Date() }).where('withdrawal_id', '=', withdrawal.id).execute();
      return true;
    });
  }

  /** Broadcasts the recorded transaction; `false` when the outcome is unknown (retry later). */
  async function broadcast(
    withdrawal: WithdrawalRow,
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

  async function signNew(withdrawal: WithdrawalRow, sender: WithdrawalSender): Promise<boolean> {
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

  async function advance(
    withdrawal: WithdrawalRow,
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
      await db.transaction().execute(async (trx) => postNetworkFee(trx, withdrawal, sender, outbox.txid));
      await fail(withdrawal, 'chainFailed');
      result.failed += 1;
      return;
    }
    if (state.confirmations >= withdrawal.required_confirmations) {
      if (await settle(withdrawal, sender, outbox.txid, state.confirmations)) result.settled += 1;
      return;
    }
    await db
      .updateTable('withdrawal')
      .set({ confirmations: state.confirmations, updated_at: new Date() })
      .where('id', '=', withdrawal.id)
      .execute();
  }

  /** Large withdrawals not confirmed within 5 hours: cancelled, hold released in full. */
  async function expireConfirmations(): Promise<number> {
    const due = await db
      .selectFrom('withdrawal')
      .select(['id', 'user_id', 'asset', 'amount', 'fee', 'hold_id'])
      .where('status', '=', 'awaiting_confirmation')
      .where('confirm_before', '<=', new Date())
      .limit(batchSize)
      .execute();
    for (const row of due) {
      // Confirmed or cancelled meanwhile: the move does not happen and nothing is released.
      await db
        .transaction()
        .execute(async (trx) =>
          releaseAndCancel(trx, ledger, row, { from: 'awaiting_confirmation', to: 'cancelled', reason: 'confirmationExpired' }),
        );
    }
    return due.length;
  }

  const withdrawalColumns = [
    'w.id',
    'w.user_id',
    'w.asset',
    'w.chain',
    'w.address',
    'w.tag',
    'w.amount',
    'w.fee',
    'w.hold_id',
    'w.required_confirmations',
  ] as const;

  async function tick(): Promise<SignerTickResult> {
    const result: SignerTickResult = { signed: 0, settled: 0, failed: 0, expired: await expireConfirmations() };
    const chains = [...senders.keys()];
    if (chains.length === 0) return result;

    // Recorded transactions first: they hold nonces/inputs the new ones come after.
    const open = await db
      .selectFrom('withdrawal_outbox as o')
      .innerJoin('withdrawal as w', 'w.id', 'o.withdrawal_id')
      .select([...withdrawalColumns, 'o.txid', 'o.raw', 'o.broadcast_at'])
      .where('o.resolved_at', 'is', null)
      .where('w.status', 'in', ['processing', 'confirming'])
      .where('o.chain', 'in', chains)
      .orderBy('w.id')
      .execute();
    for (const row of open) {
      try {
        await advance(row, senders.get(row.chain)!, row, result);
      } catch (error) {
        logger.error({ err: error, withdrawalId: row.id }, 'could not advance a withdrawal; retrying next tick');
      }
    }

    const approved = await db
      .selectFrom('withdrawal as w')
      .leftJoin('withdrawal_outbox as o', 'o.withdrawal_id', 'w.id')
      .select(withdrawalColumns)
      .where('w.status', '=', 'processing')
      .where('w.kind', '=', 'ordinary')
      .where('o.withdrawal_id', 'is', null)
      .where('w.chain', 'in', chains)
      .orderBy('w.id')
      .limit(batchSize)
      .execute();
    for (const row of approved) {
      try {
        if (await signNew(row, senders.get(row.chain)!)) result.signed += 1;
        else result.failed += 1;
      } catch (error) {
        // Nothing recorded: nothing sent. The next tick signs it afresh.
        logger.error({ err: error, withdrawalId: row.id }, 'could not sign a withdrawal; retrying next tick');
      }
    }
    return result;
  }

  return {
    tick,
    /** One tick under the signer's advisory lock; `null` when another process holds it. */
    async tickExclusively(): Promise<SignerTickResult | null> {
      return db.connection().execute(async (connection) => {
        const locked = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${signerLockNamespace}, 0) as locked`.execute(connection);
        if (!locked.rows[0]?.locked) return null;
        try {
          return await tick();
        } finally {
          await sql`select pg_advisory_unlock(${signerLockNamespace}, 0)`.execute(connection);
        }
      });
    },
  };
}

export type WithdrawalSigner = ReturnType<typeof createWithdrawalSigner>;

/** Polls the signer every `pollMs` until stopped. */
export function createSignerLoop(signer: WithdrawalSigner, pollMs: number, logger: Logger) {
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  return {
    start(): void {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          try {
            await signer.tickExclusively();
          } catch (error) {
            logger.error({ err: error }, 'withdrawal signer tick failed');
          }
          if (!running) break;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
      })();
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
