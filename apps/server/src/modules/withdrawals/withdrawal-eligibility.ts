import {
  errorCatalogue,
  withdrawalForbiddenCodes,
  type WithdrawalInterception,
  type WithdrawCheck,
  type WithdrawUserInformation,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { withdrawalError } from './withdrawals.errors';
import { isWithdrawalRestricted } from './withdrawals.repository';
import type { IdentityApi } from '../identity';
import type { KycApi } from '../kyc';

/** Catalogue codes of the §5 interception messages. */
const interceptionCodes = {
  emailNotBound: errorCatalogue.withdrawEmailRequired.code,
  phoneNotBound: errorCatalogue.withdrawPhoneRequired.code,
  fundPasswordNotSet: errorCatalogue.fundPasswordMissing.code,
  identityNotVerified: errorCatalogue.kycRequired.code,
} as const;

/**
 * The §4/§5 pre-check of a withdrawal: the forbidden codes (-10094 an operator restriction,
 * -10102 the 24-hour lock after a security change) and the interceptions (bound e-mail, bound
 * phone, fund password, identity verified). Every interception is reported at once, also
 * while a forbidden code stands, so the customer can put everything right in one visit instead
 * of meeting the next requirement after the lock ends. Identity verification (KYC) is not
 * built yet: the account's KYC level is compared with `WITHDRAWAL_MIN_KYC_LEVEL`, which stays
 * 0 (no interception) until it is.
 */
export interface WithdrawalEligibility {
  check(userId: string): Promise<WithdrawCheck>;
  information(userId: string): Promise<WithdrawUserInformation>;
  /** Refuses a withdrawal the pre-check would stop, with the matching catalogue error. */
  assertEligible(userId: string): Promise<void>;
  /** Spec §5 ID check: the last six of the verified ID number and the fund password, each counted; refused during the 24-hour lock. */
  verifyIdCard(userId: string, body: { idCardLast6: string; fundPassword: string }, caller: { ip: string }): Promise<{ verified: true }>;
}

export function createWithdrawalEligibility(deps: {
  db: Db;
  identity: IdentityApi;
  kyc: Pick<KycApi, 'checkIdLast6'>;
  minKycLevel: number;
}): WithdrawalEligibility {
  const { db, identity, minKycLevel } = deps;

  async function information(userId: string): Promise<WithdrawUserInformation> {
    const facts = await identity.withdrawalFacts(userId);
    return {
      emailBound: facts.emailBound,
      phoneBound: facts.phoneBound,
      fundPasswordSet: facts.fundPasswordSet,
      identityVerified: facts.kycLevel >= 1,
      kycLevel: facts.kycLevel,
    };
  }

  async function check(userId: string): Promise<WithdrawCheck> {
    const [facts, restricted, secondFactor] = await Promise.all([
      identity.withdrawalFacts(userId),
      isWithdrawalRestricted(db, userId),
      identity.preferredFactor(userId),
    ]);
    const lockedUntil = facts.withdrawLockedUntil;
    const forbiddenCode = restricted ? withdrawalForbiddenCodes.forbidden : lockedUntil ? withdrawalForbiddenCodes.securityLock : null;
    const interceptions: WithdrawalInterception[] = [];
    if (!facts.emailBound) interceptions.push({ kind: 'emailNotBound', code: interceptionCodes.emailNotBound });
    if (!facts.phoneBound) interceptions.push({ kind: 'phoneNotBound', code: interceptionCodes.phoneNotBound });
    if (!facts.fundPasswordSet) interceptions.push({ kind: 'fundPasswordNotSet', code: interceptionCodes.fundPasswordNotSet });
    if (facts.kycLevel < minKycLevel) interceptions.push({ kind: 'identityNotVerified', code: interceptionCodes.identityNotVerified });
    return {
      canWithdraw: forbiddenCode === null && interceptions.length === 0,
      forbiddenCode,
      lockedUntil: lockedUntil?.toISOString() ?? null,
      interceptions,
      secondFactor,
    };
  }

  return {
    check,
    information,

    /** Refuses a withdrawal the pre-check would stop, with the matching catalogue error. */
    async assertEligible(userId: string): Promise<void> {
      const result = await check(userId);
      if (result.forbiddenCode === withdrawalForbiddenCodes.forbidden) throw withdrawalError('withdrawalForbidden');
      await identity.assertNotSecurityLocked(userId);
      const first = result.interceptions[0];
      if (!first) return;
      const errors = {
        emailNotBound: 'withdrawEmailRequired',
        phoneNotBound: 'withdrawPhoneRequired',
        fundPasswordNotSet: 'fundPasswordNotSet',
        identityNotVerified: 'kycRequired',
      } as const;
      throw withdrawalError(errors[first.kind]);
    },

    async verifyIdCard(userId, body, caller) {
      await identity.assertNotSecurityLocked(userId);
      await identity.verifyFundPassword(userId, body.fundPassword, caller);
      const matches = await deps.kyc.checkIdLast6(userId, body.idCardLast6);
      if (matches === null) throw withdrawalError('identityDocumentMissing', {}, 'idCardLast6');
      if (!matches) throw withdrawalError('kycIdCheckWrong', {}, 'idCardLast6');
      return { verified: true };
    },
  };
}
