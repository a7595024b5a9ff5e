import { createHash, randomInt } from 'node:crypto';
import {
  billTypes,
  depositStatus,
  fromBaseUnits,
  toBaseUnits,
  type CanWithdrawCoin,
  type Language,
  type PreWithdraw,
  type PreWithdrawBody,
  type WithdrawBody,
  type WithdrawLimit,
  type WithdrawResult,
} from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { IdentityApi } from '../identity';
import { createLedgerReads, type Ledger } from '../ledger';
import type { MarketApi } from '../market';
import { centsToString, valueInCents } from '../wallet/fiat-valuation';
import type { AddressBook } from './address-book.service';
import type { WithdrawalDestinations } from './withdrawal-destination';
import type { WithdrawalEligibility } from './withdrawal-eligibility';
import { moveWithdrawal, releaseAndCancel, withdrawalJournalKey, withdrawalReference } from './withdrawal-moves';
import { loadWithdrawalRecords } from './withdrawal-records';

/** First half of the advisory lock serialising one customer's submissions (the 24-hour limit). */
const customerLockNamespace = 727_101;
const secondConfirmationHours = 5;
const priceScale = 18;

export interface WithdrawalSettings {
  dailyLimitCents: bigint;
  largeWithdrawalCents: bigint;
}

function newSerialNumber(): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `WD${day}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/** Statuses that count against the 24-hour limit: everything not failed or cancelled. */
const countingStatuses = ['awaiting_confirmation', 'processing', 'confirming', 'completed'] as const;

/**
 * Ordinary and internal withdrawals (spec §1, §2, §5, §9): the checks, the 24-hour limit in USD,
 * the fund password and second factor (skipped for a trusted address past its cooling period),
 * the second confirmation of large withdrawals, and the submission: the withdrawal row and the
 * hold of amount + fee in one transaction, idempotent per request id. Internal withdrawals
 * (another customer's deposit address) move through the ledger at once, without a chain fee.
 */
export function createWithdrawalService(deps: {
  db: Db;
  ledger: Ledger;
  identity: IdentityApi;
  market: Pick<MarketApi, 'latestUsdPrices'>;
  eligibility: WithdrawalEligibility;
  destinations: WithdrawalDestinations;
  addressBook: AddressBook;
  settings: WithdrawalSettings;
  /** Chains with a signer for on-chain withdrawals. */
  sendingChains: () => Set<string>;
}) {
  const { db, ledger, identity, market, eligibility, destinations, addressBook, settings } = deps;
  const ledgerReads = createLedgerReads(db);

  async function assetChain(coin: string, chain: string) {
    const row = await db
      .selectFrom('asset_chain as c')
      .innerJoin('asset as a', 'a.code', 'c.asset')
      .select([
        'c.asset',
        'c.chain',
        'c.min_withdrawal',
        'c.withdrawal_fee',
        'c.confirmations_to_withdraw',
        'c.is_withdrawal_enabled',
        'a.scale',
        'a.display_precision',
        'a.is_enabled',
      ])
      .where('c.asset', '=', coin)
      .where('c.chain', '=', chain)
      .executeTakeFirst();
    if (!row || !row.is_enabled) {
      const asset = await db.selectFrom('asset').select('code').where('code', '=', coin).where('is_enabled', '=', true).executeTakeFirst();
      throw asset ? new AppError('withdrawalNetworkNotSupported', {}, 'chain') : new AppError('coinNotSupported', {}, 'coin');
    }
    return row;
  }

  async function usdPrice(coin: string): Promise<string> {
    const price = (await market.latestUsdPrices()).get(coin);
    if (!price) throw new AppError('serviceUnavailable');
    return price.usdPrice;
  }

  function parseAmount(amount: string, scale: number): bigint {
    let units: bigint;
    try {
      units = toBaseUnits(amount, scale);
    } catch {
      throw new AppError('invalidParameter', {}, 'amount');
    }
    if (units <= 0n) throw new AppError('invalidParameter', {}, 'amount');
    return units;
  }

  async function usedCents(userId: string, executor: Db = db): Promise<bigint> {
    const row = await executor
      .selectFrom('withdrawal')
      .select(sql<string>`coalesce(sum(usd_cents), 0)::text`.as('used'))
      .where('user_id', '=', userId)
      .where('status', 'in', countingStatuses)
      .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirstOrThrow();
    return BigInt(row.used);
  }

  /**
   * Available minus credited deposits not yet at the withdrawal confirmation count (spec §9:
   * BTC credits at 1 confirmation, withdraws at 6). Confirmations are counted from block
   * heights, tip − block + 1, with the newest block the chain's deposit watcher has read (and
   * checked for reorganisations) as the tip: the deposit row's own `confirmations` stops at the
   * credit count, so it cannot say when a deposit becomes withdrawable. A chain no block of
   * which has been read yet keeps its credited deposits out.
   */
  async function withdrawableOf(userId: string, coin: string, executor: Db = db): Promise<{ available: bigint; withdrawable: bigint }> {
    const [available, young] = await Promise.all([
      ledgerReads.availableOf(userId, coin, executor),
      sql<{ young: string }>`
        select coalesce(sum(d.amount), 0)::text as young
          from asset_chain c
          left join lateral (
                select b.height from chain_scanned_block b where b.chain = c.chain order by b.height desc limit 1
               ) tip on true
          join deposit d on d.chain = c.chain and d.asset = c.asset
         where c.asset = ${coin} and d.user_id = ${userId} and d.status = ${depositStatus.credited}
           and (tip.height is null or tip.height - d.block_height + 1 < c.confirmations_to_withdraw)`.execute(executor),
    ]);
    const locked = BigInt(young.rows[0]?.young ?? '0');
    return { available, withdrawable: available > locked ? available - locked : 0n };
  }

  function requestHash(coin: string, chain: string, address: string, tag: string | undefined, amount: string): string {
    return createHash('sha256')
      .update(JSON.stringify([coin, chain, address.trim(), tag?.trim() ?? '', amount.trim()]))
      .digest('hex');
  }

  /** Everything about a withdrawal that can be known without moving money. */
  async function plan(userId: string, input: PreWithdrawBody) {
    const row = await assetChain(input.coin, input.chain);
    if (!row.is_withdrawal_enabled) throw new AppError('coinSuspended', {}, 'coin');
    const units = parseAmount(input.amount, row.scale);
    const destination = await destinations.resolve(input.chain, input.address, input.tag);
    if (destination.innerUserId === userId) throw new AppError('cannotTransferToSelf', {}, 'address');
    const isInner = destination.innerUserId !== null;
    if (!isInner && !deps.sendingChains().has(input.chain)) throw new AppError('chainUnavailable', {}, 'chain');
    const minimum = BigInt(row.min_withdrawal);
    if (units < minimum)
      throw new AppError('withdrawalBelowMinimum', { minimum: `${fromBaseUnits(minimum, row.scale)} ${row.asset}` }, 'amount');
    const fee = isInner ? 0n : BigInt(row.withdrawal_fee);
    const price = await usdPrice(row.asset);
    const cents = valueInCents(units, row.scale, price);
    const trusted = await addressBook.trustedAndCooled(userId, input.chain, destination.address, destination.tag);
    return { row, units, fee, cents, price, destination, isInner, skipsVerification: trusted };
  }

  async function assertWithinLimits(userId: string, planned: Awaited<ReturnType<typeof plan>>, executor: Db = db) {
    const { withdrawable } = await withdrawableOf(userId, planned.row.asset, executor);
    if (withdrawable < planned.units + planned.fee) throw new AppError('insufficientWithdrawable', {}, 'amount');
    const used = await usedCents(userId, executor);
    if (used + planned.cents > settings.dailyLimitCents) {
      throw new AppError('withdrawalDailyLimitExceeded', { limit: centsToString(settings.dailyLimitCents) }, 'amount');
    }
  }

  async function resultFor(userId: string, withdrawalId: string): Promise<WithdrawResult> {
    const record = (await loadWithdrawalRecords(db, userId, [withdrawalId])).get(withdrawalId);
    if (!record) throw new AppError('withdrawalNotFound');
    return { record, confirmationCode: record.status === 'awaitingConfirmation' ? -10071 : null };
  }

  async function lockCustomer(trx: Db, userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(${customerLockNamespace}, hashtext(${userId}))`.execute(trx);
  }

  return {
    check: (userId: string) => eligibility.check(userId),
    information: (userId: string) => eligibility.information(userId),

    async canWithdraw(coin: string, chain: string): Promise<CanWithdrawCoin> {
      try {
        const row = await assetChain(coin, chain);
        const suspended = !row.is_withdrawal_enabled;
        return { coin: row.asset, chain: row.chain, canWithdraw: !suspended, reasonCode: suspended ? 21000004 : null };
      } catch (error) {
        if (error instanceof AppError && (error.key === 'coinNotSupported' || error.key === 'withdrawalNetworkNotSupported')) {
          return { coin, chain, canWithdraw: false, reasonCode: error.key === 'coinNotSupported' ? 21000001 : 21000036 };
        }
        throw error;
      }
    },

    async limits(userId: string, coin: string, chain: string): Promise<WithdrawLimit> {
      const row = await assetChain(coin, chain);
      const [{ withdrawable }, used, price] = await Promise.all([
        withdrawableOf(userId, row.asset),
        usedCents(userId),
        usdPrice(row.asset),
      ]);
      const fee = BigInt(row.withdrawal_fee);
      const remainingCents = used >= settings.dailyLimitCents ? 0n : settings.dailyLimitCents - used;
      const priceUnits = toBaseUnits(price, priceScale);
      // cents → coin units at the live price, rounded down.
      const remainingCoin =
        priceUnits === 0n ? 0n : (remainingCents * 10n ** BigInt(row.scale) * 10n ** BigInt(priceScale)) / (priceUnits * 100n);
      const afterFee = withdrawable > fee ? withdrawable - fee : 0n;
      const maxWithdrawable = afterFee < remainingCoin ? afterFee : remainingCoin;
      return {
        coin: row.asset,
        chain: row.chain,
        scale: row.scale,
        displayPrecision: row.display_precision,
        minWithdrawal: fromBaseUnits(BigInt(row.min_withdrawal), row.scale),
        fee: fromBaseUnits(fee, row.scale),
        available: fromBaseUnits(withdrawable, row.scale),
        maxWithdrawable: fromBaseUnits(maxWithdrawable, row.scale),
        dailyLimitUsd: centsToString(settings.dailyLimitCents),
        dailyUsedUsd: centsToString(used),
        dailyRemainingUsd: centsToString(remainingCents),
        dailyRemainingCoin: fromBaseUnits(remainingCoin, row.scale),
        usdPrice: price,
        largeWithdrawalUsd: centsToString(settings.largeWithdrawalCents),
        confirmationsToWithdraw: row.confirmations_to_withdraw,
        needsMemo: row.chain === 'xrpl',
      };
    },

    async preWithdraw(userId: string, input: PreWithdrawBody): Promise<PreWithdraw> {
      await eligibility.assertEligible(userId);
      const planned = await plan(userId, input);
      await assertWithinLimits(userId, planned);
      const { available } = await withdrawableOf(userId, planned.row.asset);
      const inner = planned.destination.innerUserId ? await identity.describe(planned.destination.innerUserId) : null;
      const scale = planned.row.scale;
      return {
        coin: planned.row.asset,
        chain: planned.row.chain,
        address: planned.destination.address,
        tag: planned.destination.tag,
        amount: fromBaseUnits(planned.units, scale),
        fee: fromBaseUnits(planned.fee, scale),
        totalDebit: fromBaseUnits(planned.units + planned.fee, scale),
        available: fromBaseUnits(available, scale),
        usdValue: centsToString(planned.cents),
        isInner: planned.isInner,
        innerAccountMasked: inner?.masked ?? null,
        needsTagConfirmation: planned.destination.needsTagConfirmation,
        skipsVerification: planned.skipsVerification,
        needsSecondConfirmation: planned.cents > settings.largeWithdrawalCents,
        secondFactor: await identity.preferredFactor(userId),
      };
    },

    sendCode: (userId: string, caller: { language: Language; ip: string }) => identity.sendFactorCode(userId, 'transfer', caller),

    async withdraw(
      userId: string,
      params: { coin: string; chain: string },
      body: WithdrawBody,
      caller: { ip: string } | null = null,
    ): Promise<WithdrawResult> {
      const requestKey = `withdraw:${userId}:${body.requestId}`;
      const hash = requestHash(params.coin, params.chain, body.address, body.tag, body.amount);
      const earlier = await db
        .selectFrom('withdrawal')
        .select(['id', 'request_hash'])
        .where('request_key', '=', requestKey)
        .executeTakeFirst();
      if (earlier) {
        if (earlier.request_hash !== hash) throw new AppError('withdrawalRequestMismatch');
        return resultFor(userId, earlier.id);
      }

      await eligibility.assertEligible(userId);
      const planned = await plan(userId, {
        coin: params.coin,
        chain: params.chain,
        address: body.address,
        amount: body.amount,
        ...(body.tag ? { tag: body.tag } : {}),
      });
      if (planned.destination.needsTagConfirmation && body.confirmEmptyTag !== true)
        throw new AppError('tagConfirmationRequired', {}, 'tag');
      await assertWithinLimits(userId, planned);
      if (!planned.skipsVerification) {
        if (!body.fundPassword) throw new AppError('missingParameter', {}, 'fundPassword');
        await identity.verifyMoneyMove(userId, 'transfer', body.fundPassword, body, caller);
      }

      const isLarge = planned.cents > settings.largeWithdrawalCents;
      const total = planned.units + planned.fee;
      const customer = await ledger.customerAccount(userId, planned.row.asset);
      const recipient = planned.destination.innerUserId
        ? await ledger.customerAccount(planned.destination.innerUserId, planned.row.asset)
        : null;

      const withdrawalId = await db.transaction().execute(async (trx) => {
        await lockCustomer(trx, userId);
        // A twin of this request that won the lock.
        const twin = await trx
          .selectFrom('withdrawal')
          .select(['id', 'request_hash'])
          .where('request_key', '=', requestKey)
          .executeTakeFirst();
        if (twin) {
          if (twin.request_hash !== hash) throw new AppError('withdrawalRequestMismatch');
          return twin.id;
        }
        await assertWithinLimits(userId, planned, trx);
        const completesNow = planned.isInner && !isLarge;
        const inserted = await trx
          .insertInto('withdrawal')
          .values({
            serial_no: newSerialNumber(),
            user_id: userId,
            request_key: requestKey,
            request_hash: hash,
            kind: planned.isInner ? 'internal' : 'ordinary',
            asset: planned.row.asset,
            chain: planned.row.chain,
            address: planned.destination.address,
            tag: planned.destination.tag,
            amount: planned.units,
            fee: planned.fee,
            usd_cents: planned.cents,
            recipient_user_id: planned.destination.innerUserId,
            // An internal one completes below, once its journal exists (the row's CHECK).
            status: isLarge ? 'awaiting_confirmation' : 'processing',
            confirm_before: isLarge ? new Date(Date.now() + secondConfirmationHours * 3_600_000) : null,
            required_confirmations: planned.row.confirmations_to_withdraw,
            // Set below, in this transaction, before it commits.
            journal_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const reference = withdrawalReference(inserted.id);
        if (completesNow && recipient) {
          const posted = await ledger.transfer(
            {
              idempotencyKey: withdrawalJournalKey('internal', inserted.id),
              billType: billTypes.transferOut,
              from: customer,
              to: recipient,
              amount: planned.units,
              reference,
            },
            trx,
          );
          await moveWithdrawal(trx, inserted.id, 'processing', 'completed', { journal_id: posted.journalId, completed_at: new Date() });
        } else {
          const held = await ledger.hold(
            {
              idempotencyKey: withdrawalJournalKey('hold', inserted.id),
              billType: billTypes.withdrawal,
              accountId: customer,
              amount: total,
              reference,
            },
            trx,
          );
          await trx.updateTable('withdrawal').set({ hold_id: held.holdId }).where('id', '=', inserted.id).execute();
        }
        return inserted.id;
      });
      return resultFor(userId, withdrawalId);
    },

    /** The second confirmation of a large withdrawal, within 5 hours of its submission. */
    async confirm(userId: string, serialNumber: string): Promise<WithdrawResult> {
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('withdrawal')
          .selectAll()
          .where('serial_no', '=', serialNumber)
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new AppError('withdrawalNotFound');
        if (row.status !== 'awaiting_confirmation' || !row.hold_id) throw new AppError('withdrawalNotAwaitingConfirmation');
        if (row.confirm_before && row.confirm_before <= new Date()) {
          await releaseAndCancel(trx, ledger, row, { from: 'awaiting_confirmation', to: 'cancelled', reason: 'confirmationExpired' });
          return { id: row.id, expired: true };
        }
        if (row.kind === 'internal' && row.recipient_user_id) {
          const customer = await ledger.customerAccount(userId, row.asset);
          const recipient = await ledger.customerAccount(row.recipient_user_id, row.asset);
          const total = BigInt(row.amount) + BigInt(row.fee);
          const posted = await ledger.settleHold(
            {
              idempotencyKey: withdrawalJournalKey('settle', row.id),
              billType: billTypes.transferOut,
              holdId: row.hold_id,
              accountId: customer,
              amount: total,
              to: [{ accountId: recipient, amount: BigInt(row.amount) }],
              reference: withdrawalReference(row.id),
            },
            trx,
          );
          await moveWithdrawal(trx, row.id, 'awaiting_confirmation', 'completed', {
            journal_id: posted.journalId,
            confirm_before: null,
            completed_at: new Date(),
          });
        } else {
          await moveWithdrawal(trx, row.id, 'awaiting_confirmation', 'processing', { confirm_before: null });
        }
        return { id: row.id, expired: false };
      });
      if (outcome.expired) throw new AppError('withdrawalConfirmationExpired');
      return resultFor(userId, outcome.id);
    },

    /** Cancels a withdrawal still waiting for its second confirmation; the hold returns in full. */
    async cancel(userId: string, serialNumber: string): Promise<WithdrawResult> {
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('withdrawal')
          .selectAll()
          .where('serial_no', '=', serialNumber)
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new AppError('withdrawalNotFound');
        if (row.status !== 'awaiting_confirmation' || !row.hold_id) throw new AppError('withdrawalNotAwaitingConfirmation');
        await releaseAndCancel(trx, ledger, row, { from: 'awaiting_confirmation', to: 'cancelled', reason: 'cancelledByCustomer' });
        return row.id;
      });
      return resultFor(userId, id);
    },

    /** `isStrangerAcAd`: neither saved in the address book nor used for an earlier withdrawal. */
    async strangerAddress(userId: string, input: { chain: string; address: string; tag?: string | undefined }) {
      const valid = destinations.validate(input.chain, input.address, input.tag);
      const entry = await addressBook.find(userId, input.chain, valid.address, valid.tag);
      const used = await db
        .selectFrom('withdrawal')
        .select('id')
        .where('user_id', '=', userId)
        .where('chain', '=', input.chain)
        .where('address', '=', valid.address)
        .where(sql<boolean>`tag is not distinct from ${valid.tag}`)
        .where('status', '=', 'completed')
        .executeTakeFirst();
      return {
        isStranger: !entry && !used,
        inAddressBook: entry !== null,
        trusted: entry?.trusted ?? false,
        usableWithoutVerificationAt: entry?.usableWithoutVerificationAt ?? null,
      };
    },

    async records(userId: string, query: { coin?: string | undefined; status?: string | undefined; pageNo: number; pageSize: number }) {
      const statusFilter = query.status ? statusToRow(query.status) : undefined;
      let base = db.selectFrom('withdrawal').where('user_id', '=', userId);
      if (query.coin) base = base.where('asset', '=', query.coin);
      if (statusFilter) base = base.where('status', '=', statusFilter);
      const [ids, count] = await Promise.all([
        base
          .select('id')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageNo - 1) * query.pageSize)
          .execute(),
        base.select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
      ]);
      const loaded = await loadWithdrawalRecords(
        db,
        userId,
        ids.map((row) => row.id),
      );
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: Number(count.total),
        records: ids.map((row) => loaded.get(row.id)).filter((record) => record !== undefined),
      };
    },
  };
}

function statusToRow(status: string) {
  const map = {
    awaitingConfirmation: 'awaiting_confirmation',
    processing: 'processing',
    confirming: 'confirming',
    completed: 'completed',
    failed: 'failed',
    cancelled: 'cancelled',
  } as const;
  return map[status as keyof typeof map];
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
