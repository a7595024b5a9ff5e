import {
  checkEmail,
  checkPhone,
  findCountry,
  isVerificationCodeFormat,
  normaliseEmail,
  type AccountIdentity,
  type CodePurpose,
  type Language,
  type SecondFactor,
  type SecurityVerification,
  type SessionUser,
} from '@coffer/contract';
import { sql } from 'kysely';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { decryptSecret } from '../../platform/security/crypto';
import type { PasswordHasher } from '../../platform/security/password-hasher';
import { attemptPolicies, lockedError, type AttemptLimiter } from './attempt-limiter';
import { codeMessage } from './identity-messages';
import type { RequestFacts } from './request-facts';
import type { SessionStore } from './session-store';
import { matchTotpStep } from './totp';
import type { UserRepository, UserRow } from './user.repository';
import type { CodeScope, CodeTarget, VerificationCodes } from './verification-codes';

export interface IdentityDeps {
  db: Db;
  users: UserRepository;
  sessions: SessionStore;
  codes: VerificationCodes;
  limiter: AttemptLimiter;
  hasher: PasswordHasher;
  messenger: Messenger;
  key: Buffer;
  /** Every e-mail or SMS sent counts against its IP, so one address cannot pump messages. */
  codeSendsPerIpPerHour: number;
}

/** Who is asking, for histories, sessions and the language of messages. */
export interface Caller extends RequestFacts {
  language: Language;
}

export type ResolvedAccount =
  | { kind: 'email'; email: string; address: string }
  | { kind: 'phone'; countryCode: string; dialCode: string; phone: string; address: string };

/** Validates an account named by e-mail or phone (spec §5) and gives its code address. */
export function resolveAccount(identity: AccountIdentity): ResolvedAccount {
  if (identity.accountType === 'email') {
    const email = normaliseEmail(identity.account);
    const problem = checkEmail(email);
    if (problem) throw new AppError(problem, {}, 'account');
    return { kind: 'email', email, address: email };
  }
  const country = identity.countryCode ? findCountry(identity.countryCode) : undefined;
  if (!country) throw new AppError('countryNotFound', {}, 'countryCode');
  const phone = identity.account.replace(/[\s-]/g, '');
  const problem = checkPhone(phone);
  if (problem) throw new AppError(problem, {}, 'account');
  return { kind: 'phone', countryCode: country.code, dialCode: country.dialCode, phone, address: `+${country.dialCode}${phone}` };
}

export function findUserByAccount(users: UserRepository, account: ResolvedAccount): Promise<UserRow | undefined> {
  return account.kind === 'email' ? users.findByEmail(account.email) : users.findByPhone(account.dialCode, account.phone);
}

export function emailTarget(user: UserRow): CodeTarget | null {
  return user.email ? { channel: 'email', address: user.email, userId: user.id } : null;
}

export function phoneTarget(user: UserRow): CodeTarget | null {
  return user.phone && user.phone_dial_code
    ? { channel: 'sms', address: `+${user.phone_dial_code}${user.phone}`, userId: user.id }
    : null;
}

/** The second factors a user has bound (spec §6), authenticator first. */
export function boundFactors(user: UserRow): SecondFactor[] {
  const factors: SecondFactor[] = [];
  if (user.totp_secret_encrypted) factors.push('ga');
  if (user.phone) factors.push('sms');
  if (user.email) factors.push('email');
  return factors;
}

export function requireCodeFormat(code: string | undefined, field: string): string {
  if (code === undefined || code === '') throw new AppError('missingParameter', {}, field);
  if (!isVerificationCodeFormat(code)) throw new AppError('codeWrong', {}, field);
  return code;
}

/**
 * Accepts an authenticator code once: the step it belongs to must be later than the last
 * step used, and the conditional update makes two racing requests with one code see one win.
 */
async function consumeTotp(deps: IdentityDeps, user: UserRow, secret: string, code: string, field: string): Promise<void> {
  const subject = user.id;
  await deps.limiter.assertNotLocked(attemptPolicies.codeByAccount, subject);
  const step = await matchTotpStep(secret, code);
  if (step !== null) {
    const claimed = await deps.db
      .updateTable('app_user')
      .set({ totp_last_step: step })
      .where('id', '=', user.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 1n) return;
  }
  const { isLocked } = await deps.limiter.recordFailure(attemptPolicies.codeByAccount, subject);
  if (isLocked) {
    throw lockedError(attemptPolicies.codeByAccount, new Date(Date.now() + attemptPolicies.codeByAccount.lockMinutes * 60_000));
  }
  throw new AppError('authenticatorCodeWrong', {}, field);
}

/** Checks a code of an authenticator being bound; answers its step, counting failures. */
export async function matchNewTotp(deps: IdentityDeps, user: UserRow, secret: string, code: string, field: string): Promise<number> {
  await deps.limiter.assertNotLocked(attemptPolicies.codeByAccount, user.id);
  const step = await matchTotpStep(secret, code);
  if (step !== null) return step;
  const { isLocked } = await deps.limiter.recordFailure(attemptPolicies.codeByAccount, user.id);
  if (isLocked) {
    throw lockedError(attemptPolicies.codeByAccount, new Date(Date.now() + attemptPolicies.codeByAccount.lockMinutes * 60_000));
  }
  throw new AppError('authenticatorCodeWrong', {}, field);
}

export async function consumeUserTotp(deps: IdentityDeps, user: UserRow, code: string, field: string): Promise<void> {
  if (!user.totp_secret_encrypted) throw new AppError('authenticatorCodeWrong', {}, field);
  await consumeTotp(deps, user, decryptSecret(deps.key, user.totp_secret_encrypted), code, field);
}

/**
 * A security change asks for a code from every bound factor (spec §5 "security
 * verification"): the e-mail code, the SMS code and the authenticator code.
 */
export async function verifyAllFactors(
  deps: IdentityDeps,
  user: UserRow,
  purpose: CodePurpose,
  verification: SecurityVerification,
): Promise<void> {
  await deps.limiter.assertNotLocked(attemptPolicies.codeByAccount, user.id);
  const email = emailTarget(user);
  const phone = phoneTarget(user);
  if (email) requireCodeFormat(verification.emailCode, 'emailCode');
  if (phone) requireCodeFormat(verification.smsCode, 'smsCode');
  if (user.totp_secret_encrypted) requireCodeFormat(verification.gaCode, 'gaCode');
  // The authenticator first: a later failure costs it only one 30-second step, not a resend.
  if (user.totp_secret_encrypted) await consumeUserTotp(deps, user, verification.gaCode ?? '', 'gaCode');
  if (phone) await deps.codes.consume(purpose, phone, verification.smsCode ?? '', 'smsCode');
  if (email) await deps.codes.consume(purpose, email, verification.emailCode ?? '', 'emailCode');
}

export function newAddressScope(purpose: CodePurpose): CodeScope {
  return `${purpose}:new`;
}

/** Counts a message sent on behalf of an IP address; past the limit it answers tooManyRequests. */
export async function throttleSending(deps: IdentityDeps, ip: string): Promise<void> {
  const policy = { scope: 'code-send:ip', maxFailures: deps.codeSendsPerIpPerHour, windowMinutes: 60, lockMinutes: 60 };
  if (await deps.limiter.isLocked(policy, ip)) throw new AppError('tooManyRequests');
  await deps.limiter.recordFailure(policy, ip);
}

export async function sendCode(
  deps: IdentityDeps,
  scope: CodeScope,
  target: CodeTarget,
  caller: Pick<Caller, 'language' | 'ip'>,
): Promise<{ resendAfterSeconds: number }> {
  await throttleSending(deps, caller.ip);
  const purpose = scope.replace(/:new$/, '') as CodePurpose;
  return deps.codes.issue(scope, target, (code) => codeMessage(purpose, caller.language, code));
}

export async function recordSecurityOperation(
  db: Db,
  userId: string,
  operation: number,
  caller: Caller,
  status: 'success' | 'failed' = 'success',
): Promise<void> {
  await db
    .insertInto('security_history')
    .values({ user_id: userId, operation, status, device: caller.device, ip: caller.ip, location: caller.location })
    .execute();
}

/** Spec §4: any security change blocks withdrawals for 24 hours. */
export const withdrawLockUntil = sql<Date>`now() + interval '24 hours'`;

export async function loadUser(deps: IdentityDeps, userId: string): Promise<UserRow> {
  const user = await deps.users.findById(userId);
  if (!user) throw new AppError('userNotFound');
  return user;
}

export function toSessionUser(user: UserRow, session: { sessionId: string }, caller: Caller): SessionUser {
  const lockedUntil = user.withdraw_locked_until && user.withdraw_locked_until > new Date() ? user.withdraw_locked_until : null;
  return {
    userId: user.user_no,
    userNo: user.user_no,
    idPrefix: 'CF',
    sessionId: session.sessionId,
    email: user.email,
    phone: user.phone,
    countryCode: user.phone_country ?? user.residence_country,
    twofaGA: user.totp_secret_encrypted !== null,
    twofaEmail: user.email !== null,
    twofaPhone: user.phone !== null,
    googleAuth: user.totp_secret_encrypted !== null,
    havePayPwd: user.fund_password_hash !== null,
    fiat: user.fiat,
    kycLevel: user.kyc_level,
    accountKind: user.account_kind,
    inviteCode: user.invite_code,
    ip: caller.ip,
    time: new Date().toISOString(),
    lastLoginAt: user.last_login_at?.toISOString() ?? null,
    withdrawLockedUntil: lockedUntil?.toISOString() ?? null,
  };
}
