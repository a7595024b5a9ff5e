import {
  errorCatalogue,
  fromBaseUnits,
  toBaseUnits,
  type CanWithdrawCoin,
  type Language,
  type PreWithdraw,
  type PreWithdrawBody,
  type StrangerAddress,
  type WithdrawalRecord,
  type WithdrawCheck,
  type WithdrawLimit,
  type WithdrawalStatus,
  type WithdrawResult,
  type WithdrawUserInformation,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { ApiKeyCaller } from '../../platform/http/api-key-request';
import { DomainError } from '../../platform/errors/domain-error';
import { centsToString } from '../../platform/money/fiat-valuation';
import type { AssetsApi } from '../assets';
import type { IdentityApi } from '../identity';
import type { Ledger } from '../ledger';
import type { MarketApi } from '../market';
import type { SanctionsScreening } from '../sanctions';
import type { AddressBook } from './address-book.service';
import { createWithdrawalConfirmation } from './withdrawal-confirmation';
import type { WithdrawalDestinations } from './withdrawal-destination';
import type { WithdrawalEligibility } from './withdrawal-eligibility';
import { createWithdrawalPlanning, type WithdrawalSettings } from './withdrawal-planning';
import { loadWithdrawalRecords } from './withdrawal-records';
import { createApiKeyWithdrawalRules } from './withdrawal-api-key-rules';
import { rowStatusesShownAs } from './withdrawal-states';
import { createWithdrawalSubmission, type WithdrawalSubmission } from './withdrawal-submission';
import { hasCompletedWithdrawalTo, withdrawalIdsPage } from './withdrawals.repository';
import { withdrawalError } from './withdrawals.errors';

export type { WithdrawalSettings } from './withdrawal-planning';

const priceScale = 18;

/** One page of the customer's withdrawal records. */
export interface WithdrawalRecordsPage {
  pageNo: number;
  pageSize: number;
  total: number;
  records: WithdrawalRecord[];
}

/** The withdrawal calls of spec §7 (the address book and reconciliation have their own). */
export interface WithdrawalService extends WithdrawalSubmission, Pick<WithdrawalEligibility, 'verifyIdCard'> {
  check(userId: string): Promise<WithdrawCheck>;
  information(userId: string): Promise<WithdrawUserInformation>;
  canWithdraw(coin: string, chain: string): Promise<CanWithdrawCoin>;
  limits(userId: string, coin: string, chain: string): Promise<WithdrawLimit>;
  /** The figures of a withdrawal before it is submitted; through an API key (`caller.apiKey`) only to the key's bound entries. */
  preWithdraw(userId: string, input: PreWithdrawBody, caller?: { apiKey: ApiKeyCaller | null } | null): Promise<PreWithdraw>;
  sendCode(userId: string, caller: { language: Language; ip: string }): Promise<{ resendAfterSeconds: number }>;
  confirm(userId: string, serialNumber: string): Promise<WithdrawResult>;
  cancel(userId: string, serialNumber: string): Promise<WithdrawResult>;
  strangerAddress(userId: string, input: { chain: string; address: string; tag?: string | undefined }): Promise<StrangerAddress>;
  records(
    userId: string,
    query: { coin?: string | undefined; status?: WithdrawalStatus | undefined; pageNo: number; pageSize: number },
  ): Promise<WithdrawalRecordsPage>;
}

/**
 * Ordinary and internal withdrawals (spec §1, §2, §5, §9): the checks, the 24-hour limit in USD,
 * the fund password and second factor (skipped for a trusted address past its cooling period),
 * the second confirmation of large withdrawals, and the submission: the withdrawal row and the
 * hold of amount + fee in one transaction, idempotent per request id. Internal withdrawals
 * (another customer's deposit address) move through the ledger at once, without a chain fee.
 * The use cases live beside it: `withdrawal-planning.ts` (checks and figures),
 * `withdrawal-submission.ts`, `withdrawal-confirmation.ts`.
 */
export function createWithdrawalService(deps: {
  db: Db;
  assets: AssetsApi;
  ledger: Ledger;
  identity: IdentityApi;
  market: Pick<MarketApi, 'latestUsdPrices'>;
  eligibility: WithdrawalEligibility;
  destinations: WithdrawalDestinations;
  addressBook: AddressBook;
  settings: WithdrawalSettings;
  /** Chains with a signer for on-chain withdrawals. */
  sendingChains: () => Set<string>;
  /** Screens every destination at submission. */
  sanctions: Pick<SanctionsScreening, 'screen' | 'openHold'>;
}): WithdrawalService {
  const { db, assets, ledger, identity, eligibility, destinations, addressBook, settings } = deps;
  const planning = createWithdrawalPlanning({
    db,
    assets,
    market: deps.market,
    destinations,
    addressBook,
    settings,
    sendingChains: deps.sendingChains,
  });
  const { assetChain, usdPrice, usedCents, withdrawableOf, plan, assertWithinLimits } = planning;

  async function resultFor(userId: string, withdrawalId: string): Promise<WithdrawResult> {
    const record = (await loadWithdrawalRecords(db, assets, userId, [withdrawalId])).get(withdrawalId);
    if (!record) throw withdrawalError('withdrawalNotFound');
    return { record, confirmationCode: record.status === 'awaitingConfirmation' ? errorCatalogue.secondConfirmationRequired.code : null };
  }

  const apiKeyRules = createApiKeyWithdrawalRules({ db, destinations, addressBook });
  const submission = createWithdrawalSubmission({
    apiKeyRules,
    db,
    ledger,
    identity,
    eligibility,
    planning,
    settings,
    sanctions: deps.sanctions,
    resultFor,
  });
  const confirmation = createWithdrawalConfirmation({ db, ledger, resultFor });

  return {
    check: (userId: string) => eligibility.check(userId),
    verifyIdCard: (userId, body, caller) => eligibility.verifyIdCard(userId, body, caller),
    information: (userId: string) => eligibility.information(userId),

    async canWithdraw(coin: string, chain: string): Promise<CanWithdrawCoin> {
      try {
        const row = await assetChain(coin, chain);
        const suspended = !row.isWithdrawalEnabled;
        return {
          coin: row.asset,
          chain: row.chain,
          canWithdraw: !suspended,
          reasonCode: suspended ? errorCatalogue.coinSuspended.code : null,
        };
      } catch (error) {
        if (error instanceof DomainError && (error.key === 'coinNotSupported' || error.key === 'withdrawalNetworkNotSupported')) {
          return { coin, chain, canWithdraw: false, reasonCode: errorCatalogue[error.key].code };
        }
        throw error;
      }
    },

    async limits(userId: string, coin: string, chain: string): Promise<WithdrawLimit> {
      const row = await assetChain(coin, chain);
      const [{ withdrawable }, used, price, dailyLimitCents] = await Promise.all([
        withdrawableOf(userId, row.asset),
        usedCents(userId),
        usdPrice(row.asset),
        settings.dailyLimitCents(userId),
      ]);
      const fee = row.withdrawalFee;
      const remainingCents = used >= dailyLimitCents ? 0n : dailyLimitCents - used;
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
        displayPrecision: row.displayPrecision,
        minWithdrawal: fromBaseUnits(row.minWithdrawal, row.scale),
        fee: fromBaseUnits(fee, row.scale),
        available: fromBaseUnits(withdrawable, row.scale),
        maxWithdrawable: fromBaseUnits(maxWithdrawable, row.scale),
        dailyLimitUsd: centsToString(dailyLimitCents),
        dailyUsedUsd: centsToString(used),
        dailyRemainingUsd: centsToString(remainingCents),
        dailyRemainingCoin: fromBaseUnits(remainingCoin, row.scale),
        usdPrice: price,
        largeWithdrawalUsd: centsToString(settings.largeWithdrawalCents),
        confirmationsToWithdraw: row.confirmationsToWithdraw,
        needsMemo: row.chain === 'xrpl',
      };
    },

    async preWithdraw(userId: string, input: PreWithdrawBody, caller: { apiKey: ApiKeyCaller | null } | null = null): Promise<PreWithdraw> {
      // The submission's rule, in the same place: a bound key learns nothing about other destinations.
      if (caller?.apiKey) await apiKeyRules.assertDestinationBound(userId, caller.apiKey, input);
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

    withdraw: submission.withdraw,
    confirm: confirmation.confirm,
    cancel: confirmation.cancel,

    /** `isStrangerAcAd`: neither saved in the address book nor used for an earlier withdrawal. */
    async strangerAddress(userId: string, input: { chain: string; address: string; tag?: string | undefined }) {
      const valid = destinations.validate(input.chain, input.address, input.tag);
      const entry = await addressBook.find(userId, input.chain, valid.address, valid.tag);
      const used = await hasCompletedWithdrawalTo(db, userId, input.chain, valid.address, valid.tag);
      return {
        isStranger: !entry && !used,
        inAddressBook: entry !== null,
        trusted: entry?.trusted ?? false,
        usableWithoutVerificationAt: entry?.usableWithoutVerificationAt ?? null,
      };
    },

    async records(userId, query) {
      const page = await withdrawalIdsPage(db, userId, {
        coin: query.coin,
        statuses: query.status ? rowStatusesShownAs(query.status) : undefined,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      });
      const loaded = await loadWithdrawalRecords(db, assets, userId, page.ids);
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: page.total,
        records: page.ids.map((id) => loaded.get(id)).filter((record) => record !== undefined),
      };
    },
  };
}
