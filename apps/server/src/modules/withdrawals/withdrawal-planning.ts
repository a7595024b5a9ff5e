import { fromBaseUnits, toBaseUnits, type PreWithdrawBody } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { centsToString, valueInCents } from '../../platform/money/fiat-valuation';
import type { AssetChainSetting, AssetsApi } from '../assets';
import { createDepositReads } from '../deposits';
import { createLedgerReads } from '../ledger';
import type { MarketApi } from '../market';
import type { AddressBook } from './address-book.service';
import type { ResolvedDestination, WithdrawalDestinations } from './withdrawal-destination';
import { usedCents } from './withdrawals.repository';
import { withdrawalError } from './withdrawals.errors';

export interface WithdrawalSettings {
  /** The customer's rolling 24-hour limit, in US cents: their verified level's (spec §6). */
  dailyLimitCents(userId: string): Promise<bigint>;
  largeWithdrawalCents: bigint;
}

/** Everything about a withdrawal that can be known without moving money. */
export interface WithdrawalPlan {
  row: AssetChainSetting;
  units: bigint;
  fee: bigint;
  cents: bigint;
  price: string;
  destination: ResolvedDestination;
  isInner: boolean;
  skipsVerification: boolean;
  /** The customer's 24-hour limit, read while planning: never inside the submission's locked transaction. */
  dailyLimitCents: bigint;
  /**
   * The coin's withdrawal confirmation count per chain, read while planning for the same reason:
   * the catalogue's cache refills through the pool, and a locked transaction that waits for a
   * pooled connection while its twins hold the rest, waiting for its lock, never ends.
   */
  confirmationCounts: Map<string, number>;
}

/** The checks and figures of a withdrawal shared by its use cases (limits, pre-check, submission). */
export interface WithdrawalPlanning {
  /** The coin's setting on the chain; `withdrawalNetworkNotSupported` or `coinNotSupported` when missing. */
  assetChain(coin: string, chain: string): Promise<AssetChainSetting>;
  /** The coin's live USD price; `serviceUnavailable` without one. */
  usdPrice(coin: string): Promise<string>;
  usedCents(userId: string, executor?: Db): Promise<bigint>;
  withdrawableOf(
    userId: string,
    coin: string,
    executor?: Db,
    confirmationCounts?: Map<string, number>,
  ): Promise<{ available: bigint; withdrawable: bigint }>;
  plan(userId: string, input: PreWithdrawBody): Promise<WithdrawalPlan>;
  assertWithinLimits(userId: string, planned: WithdrawalPlan, executor?: Db): Promise<void>;
}

export function createWithdrawalPlanning(deps: {
  db: Db;
  assets: AssetsApi;
  market: Pick<MarketApi, 'latestUsdPrices'>;
  destinations: WithdrawalDestinations;
  addressBook: Pick<AddressBook, 'trustedAndCooled'>;
  settings: WithdrawalSettings;
  /** Chains with a signer for on-chain withdrawals. */
  sendingChains: () => Set<string>;
}): WithdrawalPlanning {
  const { db, assets, market, destinations, addressBook, settings } = deps;
  const ledgerReads = createLedgerReads(db);
  const depositReads = createDepositReads(db);

  async function assetChain(coin: string, chain: string) {
    const found = await assets.readChainSetting(coin, chain);
    if ('missing' in found) {
      throw found.missing === 'chain'
        ? withdrawalError('withdrawalNetworkNotSupported', {}, 'chain')
        : withdrawalError('coinNotSupported', {}, 'coin');
    }
    return found.setting;
  }

  async function usdPrice(coin: string): Promise<string> {
    const price = (await market.latestUsdPrices()).get(coin);
    if (!price) throw withdrawalError('serviceUnavailable');
    return price.usdPrice;
  }

  function parseAmount(amount: string, scale: number): bigint {
    let units: bigint;
    try {
      units = toBaseUnits(amount, scale);
    } catch {
      throw withdrawalError('invalidParameter', {}, 'amount');
    }
    if (units <= 0n) throw withdrawalError('invalidParameter', {}, 'amount');
    return units;
  }

  /**
   * Available minus credited deposits not yet at the withdrawal confirmation count (spec §9:
   * BTC credits at 1 confirmation, withdraws at 6). Confirmations are counted from block
   * heights, tip − block + 1, with the newest block the chain's deposit watcher has read (and
   * checked for reorganisations) as the tip: the deposit row's own `confirmations` stops at the
   * credit count, so it cannot say when a deposit becomes withdrawable. A chain no block of
   * which has been read yet keeps its credited deposits out.
   */
  async function withdrawableOf(
    userId: string,
    coin: string,
    executor: Db = db,
    confirmationCounts?: Map<string, number>,
  ): Promise<{ available: bigint; withdrawable: bigint }> {
    const counts = confirmationCounts ?? (await withdrawalConfirmations(coin));
    const [available, locked] = await Promise.all([
      ledgerReads.availableOf(userId, coin, executor),
      depositReads.creditedBelowConfirmations(userId, coin, counts, executor),
    ]);
    return { available, withdrawable: available > locked ? available - locked : 0n };
  }

  /** The withdrawal confirmation count of each chain of a coin (the catalogue's, a few seconds old at most). */
  async function withdrawalConfirmations(coin: string): Promise<Map<string, number>> {
    const chains = (await assets.chainSettings()).filter((setting) => setting.asset === coin);
    return new Map(chains.map((setting) => [setting.chain, setting.confirmationsToWithdraw]));
  }

  /** Everything about a withdrawal that can be known without moving money. */
  async function plan(userId: string, input: PreWithdrawBody): Promise<WithdrawalPlan> {
    const row = await assetChain(input.coin, input.chain);
    if (!row.isWithdrawalEnabled) throw withdrawalError('coinSuspended', {}, 'coin');
    const units = parseAmount(input.amount, row.scale);
    const destination = await destinations.resolve(input.chain, input.address, input.tag);
    if (destination.innerUserId === userId) throw withdrawalError('cannotTransferToSelf', {}, 'address');
    const isInner = destination.innerUserId !== null;
    if (!isInner && !deps.sendingChains().has(input.chain)) throw withdrawalError('chainUnavailable', {}, 'chain');
    const minimum = row.minWithdrawal;
    if (units < minimum)
      throw withdrawalError('withdrawalBelowMinimum', { minimum: `${fromBaseUnits(minimum, row.scale)} ${row.asset}` }, 'amount');
    const fee = isInner ? 0n : row.withdrawalFee;
    const price = await usdPrice(row.asset);
    const cents = valueInCents(units, row.scale, price);
    const [trusted, dailyLimitCents, confirmationCounts] = await Promise.all([
      addressBook.trustedAndCooled(userId, input.chain, destination.address, destination.tag),
      settings.dailyLimitCents(userId),
      withdrawalConfirmations(row.asset),
    ]);
    return { row, units, fee, cents, price, destination, isInner, skipsVerification: trusted, dailyLimitCents, confirmationCounts };
  }

  async function assertWithinLimits(userId: string, planned: WithdrawalPlan, executor: Db = db) {
    const { withdrawable } = await withdrawableOf(userId, planned.row.asset, executor, planned.confirmationCounts);
    if (withdrawable < planned.units + planned.fee) throw withdrawalError('insufficientWithdrawable', {}, 'amount');
    const used = await usedCents(executor, userId);
    const limit = planned.dailyLimitCents;
    if (used + planned.cents > limit) {
      throw withdrawalError('withdrawalDailyLimitExceeded', { limit: centsToString(limit) }, 'amount');
    }
  }

  return {
    assetChain,
    usdPrice,
    usedCents: (userId, executor = db) => usedCents(executor, userId),
    withdrawableOf,
    plan,
    assertWithinLimits,
  };
}
