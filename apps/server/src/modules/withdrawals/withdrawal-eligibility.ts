import { withdrawalForbiddenCodes, type WithdrawalInterception, type WithdrawCheck, type WithdrawUserInformation } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { IdentityApi } from '../identity';

/** Catalogue codes of the §5 interception messages. */
const interceptionCodes = {
  emailNotBound: 17000010,
  phoneNotBound: 17000011,
  fundPasswordNotSet: -10097,
  identityNotVerified: -10093,
} as const;

/**
 * The §4/§5 pre-check of a withdrawal: the forbidden codes (-10094 an operator restriction,
 * -10102 the 24-hour lock after a security change) and the interceptions (bound e-mail, bound
 * phone, fund password, identity verified). Identity verification (KYC) is not built yet: the
 * `kyc_level` on the account is compared with `WITHDRAWAL_MIN_KYC_LEVEL`, which stays 0 (no
 * interception) until it is.
 */
export function createWithdrawalEligibility(deps: { db: Db; identity: IdentityApi; minKycLevel: number }) {
  const { db, identity, minKycLevel } = deps;

  // The identity API has no read of these facts yet; one narrow read of the account row.
  async function facts(userId: string) {
    const user = await db
      .selectFrom('app_user')
      .leftJoin('withdrawal_restriction as r', 'r.user_id', 'app_user.id')
      .select(['app_user.email', 'app_user.phone', 'app_user.fund_password_hash', 'app_user.kyc_level', 'app_user.withdraw_locked_until', 'r.reason as restriction'])
      .where('app_user.id', '=', userId)
      .executeTakeFirstOrThrow();
    return user;
  }

  async function information(userId: string): Promise<WithdrawUserInformation> {
    const user = await facts(userId);
    return {
      emailBound: user.email !== null,
      phoneBound: user.phone !== null,
      fundPasswordSet: user.fund_password_hash !== null,
      identityVerified: user.kyc_level >= 1,
      kycLevel: user.kyc_level,
    };
  }

  async function check(userId: string): Promise<WithdrawCheck> {
    const user = await facts(userId);
    const lockedUntil = user.withdraw_locked_until && user.withdraw_locked_until > new Date() ? user.withdraw_locked_until : null;
    const forbiddenCode = user.restriction !== null ? withdrawalForbiddenCodes.forbidden : lockedUntil ? withdrawalForbiddenCodes.securityLock : null;
    const interceptions: WithdrawalInterception[] = [];
    if (user.email === null) interceptions.push({ kind: 'emailNotBound', code: interceptionCodes.emailNotBound });
    if (user.phone === null) interceptions.push({ kind: 'phoneNotBound', code: interceptionCodes.phoneNotBound });
    if (user.fund_password_hash === null) interceptions.push({ kind: 'fundPasswordNotSet', code: interceptionCodes.fundPasswordNotSet });
    if (user.kyc_level < minKycLevel) interceptions.push({ kind: 'identityNotVerified', code: interceptionCodes.identityNotVerified });
    return {
      canWithdraw: forbiddenCode === null && interceptions.length === 0,
      forbiddenCode,
      lockedUntil: lockedUntil?.toISOString() ?? null,
      interceptions,
      secondFactor: await identity.preferredFactor(userId),
    };
  }

  return {
    check,
    information,

    /** Refuses a withdrawal the pre-check would stop, with the matching catalogue error. */
    async assertEligible(userId: string): Promise<void> {
      const result = await check(userId);
      if (result.forbiddenCode === withdrawalForbiddenCodes.forbidden) throw new AppError('withdrawalForbidden');
      await identity.assertNotSecurityLocked(userId);
      const first = result.interceptions[0];
      if (!first) return;
      const errors = { emailNotBound: 'withdrawEmailRequired', phoneNotBound: 'withdrawPhoneRequired', fundPasswordNotSet: 'fundPasswordNotSet', identityNotVerified: 'kycRequired' } as const;
      throw new AppError(errors[first.kind]);
    },
  };
}

export type WithdrawalEligibility = ReturnType<typeof createWithdrawalEligibility>;
