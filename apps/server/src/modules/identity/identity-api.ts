import { normaliseEmail, type Language, type PasskeyResponse, type SecondFactor, type SecurityVerification } from '@coffer/contract';
import {
  boundFactors,
  checkPreferredFactor,
  verifyAllFactors,
  emailTarget,
  loadUser,
  phoneTarget,
  sendCode,
  verifyTogether,
  type IdentityDeps,
} from './identity-core';
import { identityError } from './identity.errors';
import { maskEmail, maskPhone, type RequestFacts } from './request-facts';
import { insertSecurityHistory } from './security.repository';
import { passkeyRepository } from './passkey.repository';
import { checkPasskeyForChallenge, optionsForChallenge, type ChallengeAssertion, type ChallengeRefusal } from './webauthn';
import { describedUsers, lockedKycLevel, raiseKycLevel } from './user.repository';
import type { Db } from '../../platform/db/database';
import { findLiveSessionIds } from './session-store';
import type { SecuritySettingsService } from './security-settings.service';
import { createCustomerAdmin, type CustomerAdminApi } from './customer-admin.service';

/** The purposes another module may derive a passkey challenge for. */
export type PasskeyChallengePurpose = 'custody-approval';

/** The notices a customer gets: `security` always, the others as set-preferences chose. */
export type NoticeKind = 'security' | 'login' | 'withdrawal' | 'deposit' | 'marketing';

export interface WithdrawalFacts {
  emailBound: boolean;
  phoneBound: boolean;
  fundPasswordSet: boolean;
  kycLevel: number;
  /** The end of the 24-hour lock after a security change; null when none is running. */
  withdrawLockedUntil: Date | null;
}

/**
 * What other modules may ask of identity (style.md: through index.ts, never the tables):
 * finding a customer by account, the fund password and a second factor for money moves,
 * the 24-hour lock after security changes, and the back office's customer calls
 * (`CustomerAdminApi`: search, facts, lock, histories).
 */
export interface IdentityApi extends CustomerAdminApi {
  /**
   * A customer named by user number, e-mail or phone (+dial code and number). Each lookup by
   * a signed-in customer (`quota.userId`) spends one of their recipient lookups (30 an hour,
   * atomic under concurrency) and throws tooManyRequests past them, so the masked accounts it
   * answers cannot be harvested.
   */
  findCustomer(account: string, quota: { userId: string } | null): Promise<{ userId: string; userNo: string; masked: string } | null>;
  /** The second factor a money move asks for: authenticator, else SMS, else e-mail. */
  preferredFactor(userId: string): Promise<SecondFactor>;
  /** Sends a code to the preferred factor (SMS or e-mail). */
  sendFactorCode(userId: string, purpose: 'transfer', caller: { language: Language; ip: string }): Promise<{ resendAfterSeconds: number }>;
  /** The fund password and the preferred second factor, each within its attempt limits. */
  verifyMoneyMove(
    userId: string,
    purpose: 'transfer',
    fundPassword: string,
    verification: SecurityVerification,
    caller?: { ip: string } | null,
  ): Promise<void>;
  /** The preferred second factor alone, as a withdrawal checks it. */
  verifySecondFactor(userId: string, purpose: 'transfer', verification: SecurityVerification, caller: { ip: string }): Promise<void>;
  /** What a withdrawal needs of the account. */
  withdrawalFacts(userId: string): Promise<WithdrawalFacts>;
  /**
   * Every money move (transfer, withdrawal, address-book change) passes here: refused while the
   * back office has locked the customer (accountSuspended), and for 24 hours after a security
   * change (spec §4, securityChangeWithdrawLock).
   */
  assertNotSecurityLocked(userId: string): Promise<void>;
  /** Which of these sessions are still live (not ended, not expired). */
  liveSessionIds(sessionIds: readonly string[]): Promise<Set<string>>;
  /** Where notices about the account go: its bound e-mail, null when none is bound. */
  noticeEmail(userId: string): Promise<string | null>;
  /**
   * Where a notice of `kind` goes and in which language (set-preferences): the bound e-mail, or
   * null when none is bound or the customer turned that optional notice off. Security notices
   * are never optional; `language` null means the request's.
   */
  noticeRecipient(userId: string, kind: NoticeKind): Promise<{ email: string; language: Language | null } | null>;
  describe(userId: string): Promise<{ userNo: string; masked: string }>;
  /** `describe` of many customers in one query (a back-office list), by user id; throws userNotFound when one is unknown. */
  describeMany(userIds: readonly string[]): Promise<Map<string, { userNo: string; masked: string }>>;
  /** The fund password alone, within its attempt limits (the ID check of spec §5 asks for it). */
  verifyFundPassword(userId: string, fundPassword: string, caller: { ip: string }): Promise<void>;
  /** The verified KYC level (0–3). */
  kycLevel(userId: string): Promise<number>;
  /** Raises the verified KYC level inside the caller's transaction (the kyc module's decision). */
  raiseKycLevel(executor: Db, userId: string, level: number): Promise<void>;
  /** The second factors a security change asks for (every bound one, authenticator first) and whether a fund password is set. */
  securityFactors(userId: string): Promise<{ factors: SecondFactor[]; fundPasswordSet: boolean }>;
  /** Sends a code for a security change (an API key change) to the bound e-mail or phone. */
  sendSecurityCode(
    userId: string,
    purpose: 'apiKey',
    channel: 'email' | 'sms',
    caller: { language: Language; ip: string },
  ): Promise<{ resendAfterSeconds: number }>;
  /**
   * A security change's verification (spec §5): a code from every bound factor and, when
   * `fundPassword` is given, the fund password, each counted by the attempt limiter before it
   * is checked; the codes are spent together or none. After repeated failures of the customer
   * or the IP (the captcha gate's counts) it first demands a captcha of the purpose: without
   * `captchaToken` captchaRequired, before any attempt is spent; the token is spent once.
   */
  verifySecurityChange(
    userId: string,
    purpose: 'apiKey',
    verification: SecurityVerification & { captchaToken?: string | undefined },
    fundPassword: string | null,
    caller: { ip: string },
  ): Promise<void>;
  /** A §9 security-history row of another module's change (an API key's), inside the caller's transaction. */
  recordSecurityChange(
    executor: Db,
    userId: string,
    operation: number,
    facts: Pick<RequestFacts, 'device' | 'ip' | 'location'>,
  ): Promise<void>;
  /** Which of these customers have a passkey or security key registered (WebAuthn). */
  passkeyHolders(userIds: readonly string[]): Promise<Set<string>>;
  /**
   * WebAuthn request options for an assertion by one of the customer's passkeys over a challenge
   * the caller derived from what is signed (base64url; a custody approval's digest), stored for
   * `purpose`, live 5 minutes and spent once; passkeyNotFound when the customer has none.
   */
  passkeyOptionsForChallenge(userId: string, purpose: PasskeyChallengePurpose, challenge: string): Promise<Record<string, unknown>>;
  /**
   * Verifies and spends an assertion that must be over `challenge` (issued by
   * `passkeyOptionsForChallenge` for `purpose`) by one of the customer's own keys. A refusal is
   * counted by the attempt limiter like a wrong code (accountLocked past the limit) and named:
   * `otherChallenge` (another payload was signed), `spent` (replayed or expired; the counter
   * check falls here too), `notYourKey`, `invalid` (malformed, wrong origin or signature).
   */
  verifyPasskeyAssertionForChallenge(
    userId: string,
    purpose: PasskeyChallengePurpose,
    challenge: string,
    response: PasskeyResponse,
    caller: { ip: string },
  ): Promise<{ refused: ChallengeRefusal } | { refused: null; assertion: ChallengeAssertion }>;
  /** The verified KYC level, the customer's row locked until the caller's transaction ends (a decision made on it). */
  lockKycLevel(trx: Db, userId: string): Promise<number>;
}

/** How a back-office list names a customer: the number, and the masked e-mail or phone. */
const describedOf = (user: { user_no: string; email: string | null; phone: string | null }) => ({
  userNo: user.user_no,
  masked: maskEmail(user.email) ?? maskPhone(user.phone) ?? user.user_no,
});

export function createIdentityApi(deps: IdentityDeps, securitySettings: Pick<SecuritySettingsService, 'verifyFundPassword'>): IdentityApi {
  async function preferredFactor(userId: string): Promise<SecondFactor> {
    const factors = boundFactors(await loadUser(deps, userId));
    return factors[0] ?? 'email';
  }

  return {
    ...createCustomerAdmin(deps),

    /**
     * A customer named by user number, e-mail or phone (+dial code and number). Each lookup by
     * a signed-in customer (`quota.userId`) spends one of their recipient lookups (30 an hour,
     * atomic under concurrency) and throws tooManyRequests past them, so the masked accounts it
     * answers cannot be harvested. `null` only after the caller proved the fund password and a
     * second factor.
     */
    async findCustomer(
      account: string,
      quota: { userId: string } | null,
    ): Promise<{ userId: string; userNo: string; masked: string } | null> {
      if (quota) {
        const recipientLookups = { scope: 'recipient-lookup:account', maxFailures: 30, windowMinutes: 60, lockMinutes: 60 };
        if (await deps.limiter.take(recipientLookups, quota.userId)) throw identityError('tooManyRequests');
      }
      const text = account.trim();
      const user = /^\d{8}$/.test(text)
        ? await deps.users.findByUserNo(text)
        : text.includes('@')
          ? await deps.users.findByEmail(normaliseEmail(text))
          : await deps.users.findByFullPhone(text.replace(/[\s-]/g, ''));
      if (!user) return null;
      return { userId: user.id, userNo: user.user_no, masked: maskEmail(user.email) ?? maskPhone(user.phone) ?? user.user_no };
    },

    preferredFactor,

    async sendFactorCode(userId: string, purpose: 'transfer', caller: { language: Language; ip: string }) {
      const user = await loadUser(deps, userId);
      const factor = await preferredFactor(userId);
      const target = factor === 'sms' ? phoneTarget(user) : factor === 'email' ? emailTarget(user) : null;
      if (!target) throw identityError('invalidParameter', {}, 'channel');
      return sendCode(deps, purpose, target, caller);
    },

    /**
     * The fund password and the preferred second factor, each within its attempt limits (per
     * account and, given the caller's IP, per IP), reserved before the check runs.
     */
    async verifyMoneyMove(
      userId: string,
      purpose: 'transfer',
      fundPassword: string,
      verification: SecurityVerification,
      caller: { ip: string } | null = null,
    ) {
      const user = await loadUser(deps, userId);
      if (!user.fund_password_hash) throw identityError('fundPasswordNotSet');
      const ip = caller?.ip ?? null;
      const checkFactor = checkPreferredFactor(deps, user, purpose, verification, ip);
      await securitySettings.verifyFundPassword(userId, fundPassword, ip);
      await verifyTogether(deps, [checkFactor]);
    },

    /**
     * The preferred second factor alone, as a withdrawal checks it (spec §6: address actions
     * need security verification), within its attempt limits per account and per the caller's
     * IP; the code is spent once, so of two requests with one code one passes.
     */
    async verifySecondFactor(userId: string, purpose: 'transfer', verification: SecurityVerification, caller: { ip: string }) {
      const user = await loadUser(deps, userId);
      await verifyTogether(deps, [checkPreferredFactor(deps, user, purpose, verification, caller.ip)]);
    },

    /**
     * What a withdrawal needs of the account (spec §4/§5): the bound e-mail and phone, the fund
     * password, the identity-verification level, and the end of a running 24-hour lock.
     */
    async withdrawalFacts(userId: string): Promise<WithdrawalFacts> {
      const user = await loadUser(deps, userId);
      const lockedUntil = user.withdraw_locked_until && user.withdraw_locked_until > new Date() ? user.withdraw_locked_until : null;
      return {
        emailBound: user.email !== null,
        phoneBound: user.phone !== null,
        fundPasswordSet: user.fund_password_hash !== null,
        kycLevel: user.kyc_level,
        withdrawLockedUntil: lockedUntil,
      };
    },

    /** A customer the back office locked moves no money; spec §4: withdrawals and transfers wait 24 hours after a security change. */
    async assertNotSecurityLocked(userId: string): Promise<void> {
      const user = await loadUser(deps, userId);
      if (user.locked_at !== null) throw identityError('accountSuspended');
      if (user.withdraw_locked_until && user.withdraw_locked_until > new Date()) throw identityError('securityChangeWithdrawLock');
    },

    /** Which of these sessions are still live (not ended, not expired): the account feed closes the sockets of the others. */
    liveSessionIds: (sessionIds: readonly string[]): Promise<Set<string>> => findLiveSessionIds(deps.db, sessionIds),

    /** Where notices about the account go (an address-book change): its bound e-mail, null when none is bound. */
    async noticeEmail(userId: string): Promise<string | null> {
      return (await deps.users.findById(userId))?.email ?? null;
    },

    async noticeRecipient(userId: string, kind: NoticeKind) {
      const user = await deps.users.findById(userId);
      if (!user?.email) return null;
      const wanted: Record<NoticeKind, boolean> = {
        security: true,
        login: user.notify_login,
        withdrawal: user.notify_withdrawal,
        deposit: user.notify_deposit,
        marketing: user.notify_marketing,
      };
      return wanted[kind] ? { email: user.email, language: user.language } : null;
    },

    async verifyFundPassword(userId: string, fundPassword: string, caller: { ip: string }): Promise<void> {
      const user = await loadUser(deps, userId);
      if (!user.fund_password_hash) throw identityError('fundPasswordNotSet');
      await securitySettings.verifyFundPassword(userId, fundPassword, caller.ip);
    },

    async kycLevel(userId: string): Promise<number> {
      return (await loadUser(deps, userId)).kyc_level;
    },

    async raiseKycLevel(executor: Db, userId: string, level: number): Promise<void> {
      await raiseKycLevel(executor, userId, level);
    },

    async securityFactors(userId: string) {
      const user = await loadUser(deps, userId);
      return { factors: boundFactors(user), fundPasswordSet: user.fund_password_hash !== null };
    },

    async sendSecurityCode(userId, purpose, channel, caller) {
      const user = await loadUser(deps, userId);
      const target = channel === 'email' ? emailTarget(user) : phoneTarget(user);
      if (!target) throw identityError('invalidParameter', {}, 'channel');
      return sendCode(deps, purpose, target, caller);
    },

    async verifySecurityChange(userId, purpose, verification, fundPassword, caller) {
      const user = await loadUser(deps, userId);
      await deps.captcha.pass(purpose, { ip: caller.ip, account: user.id }, verification.captchaToken);
      if (fundPassword !== null) {
        if (!user.fund_password_hash) throw identityError('fundPasswordNotSet');
        await securitySettings.verifyFundPassword(userId, fundPassword, caller.ip);
      }
      await verifyAllFactors(deps, user, purpose, verification, caller.ip);
    },

    async recordSecurityChange(executor, userId, operation, facts) {
      await insertSecurityHistory(executor, userId, operation, facts);
    },

    passkeyHolders: (userIds) => passkeyRepository.holdersAmong(deps.db, userIds),

    async passkeyOptionsForChallenge(userId, purpose, challenge) {
      return optionsForChallenge(deps, await loadUser(deps, userId), purpose, challenge);
    },

    async verifyPasskeyAssertionForChallenge(userId, purpose, challenge, response, caller) {
      return checkPasskeyForChallenge(deps, await loadUser(deps, userId), purpose, challenge, response, caller.ip);
    },

    async lockKycLevel(trx: Db, userId: string): Promise<number> {
      const level = await lockedKycLevel(trx, userId);
      if (level === undefined) throw identityError('userNotFound');
      return level;
    },

    async describe(userId: string): Promise<{ userNo: string; masked: string }> {
      return describedOf(await loadUser(deps, userId));
    },

    async describeMany(userIds) {
      const rows = await describedUsers(deps.db, userIds);
      const described = new Map(rows.map((row) => [row.id, describedOf(row)]));
      if (userIds.some((id) => !described.has(id))) throw identityError('userNotFound');
      return described;
    },
  };
}
