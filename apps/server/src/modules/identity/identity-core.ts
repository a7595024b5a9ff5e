import {
  checkEmail,
  checkPhone,
  findCountry,
  isVerificationCodeFormat,
  limits,
  normaliseEmail,
  type AccountIdentity,
  type CodePurpose,
  type Language,
  type SecondFactor,
  type SecurityVerification,
  type SessionUser,
} from '@coffer/contract';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import { decryptSecret } from '../../platform/security/crypto';
import type { PasswordHasher } from '../../platform/security/password-hasher';
import type { AttemptLimiter } from './attempt-limiter';
import { codeSendScope, type CaptchaGate } from './captcha-gate';
import { codeMessage } from './identity-messages';
import { checkPasskey, type WebAuthnConfig } from './webauthn';
import { accountRuleError, identityError } from './identity.errors';
import type { RequestFacts } from './request-facts';
import type { SessionStore } from './session-store';
import { matchTotpStep } from './totp';
import { preferredLanguage } from './preferences.repository';
import { claimTotpStep, type UserRepository, type UserRow } from './user.repository';
import {
  codeChecks,
  releaseProofs,
  spendProofs,
  type CodeScope,
  type CodeTarget,
  type SecretProof,
  type VerificationCodes,
} from './verification-codes';

export interface IdentityDeps {
  db: Db;
  users: UserRepository;
  sessions: SessionStore;
  codes: VerificationCodes;
  limiter: AttemptLimiter;
  /** When a call needs a captcha (attempt counts), and spending its token. */
  captcha: CaptchaGate;
  hasher: PasswordHasher;
  messenger: Messenger;
  key: Buffer;
  /** Every e-mail or SMS sent counts against its IP, so one address cannot pump messages. */
  codeSendsPerIpPerHour: number;
  /** The relying party passkeys belong to (`webauthn.ts`). */
  webauthn: WebAuthnConfig;
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
    if (problem) throw accountRuleError(problem, 'account');
    return { kind: 'email', email, address: email };
  }
  const country = identity.countryCode ? findCountry(identity.countryCode) : undefined;
  if (!country) throw identityError('countryNotFound', {}, 'countryCode');
  const phone = identity.account.replace(/[\s-]/g, '');
  const problem = checkPhone(phone, country.code);
  if (problem) throw accountRuleError(problem, 'account');
  return { kind: 'phone', countryCode: country.code, dialCode: country.dialCode, phone, address: `+${country.dialCode}${phone}` };
}

export function findUserByAccount(users: UserRepository, account: ResolvedAccount): Promise<UserRow | undefined> {
  return account.kind === 'email' ? users.findByEmail(account.email) : users.findByPhone(account.dialCode, account.phone);
}

export function emailTarget(user: UserRow): CodeTarget | null {
  return user.email ? { channel: 'email', address: user.email, userId: user.id } : null;
}

export function phoneTarget(user: UserRow): CodeTarget | null {
  return user.phone && user.phone_dial_code ? { channel: 'sms', address: `+${user.phone_dial_code}${user.phone}`, userId: user.id } : null;
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
  if (code === undefined || code === '') throw identityError('missingParameter', {}, field);
  if (!isVerificationCodeFormat(code)) throw identityError('codeWrong', {}, field);
  return code;
}

/**
 * Checks an authenticator code within the attempt limits, without spending it: the step it
 * belongs to must be later than the last step used. Spending claims the step with a
 * conditional update, so of two racing requests with one code one wins.
 */
async function checkTotp(
  deps: IdentityDeps,
  user: UserRow,
  secret: string,
  code: string,
  field: string,
  ip: string | null,
): Promise<SecretProof> {
  const reservations = await deps.limiter.reserve(codeChecks(user.id, ip));
  const step = await matchTotpStep(secret, code);
  const lastStep = user.totp_last_step === null ? null : Number(user.totp_last_step);
  if (step === null || (lastStep !== null && step <= lastStep)) {
    deps.limiter.failed(reservations);
    throw identityError('authenticatorCodeWrong', {}, field);
  }
  return {
    reservations,
    spentError: identityError('authenticatorCodeWrong', {}, field),
    spend: (trx) => claimTotpStep(trx, user.id, step),
  };
}

/**
 * Checks a code of an authenticator being bound, within the limits; answers its step (which the
 * binding stores as the last used, so that code cannot log in afterwards). Nothing to spend.
 */
export async function checkNewTotp(
  deps: IdentityDeps,
  user: UserRow,
  secret: string,
  code: string,
  field: string,
  ip: string | null,
): Promise<SecretProof & { step: number }> {
  const reservations = await deps.limiter.reserve(codeChecks(user.id, ip));
  const step = await matchTotpStep(secret, code);
  if (step === null) {
    deps.limiter.failed(reservations);
    throw identityError('authenticatorCodeWrong', {}, field);
  }
  return { reservations, step, spentError: identityError('authenticatorCodeWrong', {}, field), spend: async () => true };
}

function checkUserTotp(deps: IdentityDeps, user: UserRow, code: string, field: string, ip: string | null): Promise<SecretProof> {
  if (!user.totp_secret_encrypted) throw identityError('authenticatorCodeWrong', {}, field);
  return checkTotp(deps, user, decryptSecret(deps.key, user.totp_secret_encrypted), code, field, ip);
}

/** Checks and spends a bound authenticator's code. */
export async function consumeUserTotp(deps: IdentityDeps, user: UserRow, code: string, field: string, ip: string | null): Promise<void> {
  await spendProofs(deps.db, deps.limiter, [await checkUserTotp(deps, user, code, field, ip)]);
}

/**
 * Checks several secrets of one step, then spends them together: a wrong one counts against
 * itself only, and the right ones stay valid for the next try.
 */
export async function verifyTogether(deps: IdentityDeps, checks: ReadonlyArray<() => Promise<SecretProof>>): Promise<void> {
  const proofs: SecretProof[] = [];
  try {
    for (const check of checks) proofs.push(await check());
  } catch (error) {
    await releaseProofs(deps.limiter, proofs);
    throw error;
  }
  await spendProofs(deps.db, deps.limiter, proofs);
}

/**
 * A security change asks for a code from every bound factor (spec §5 "security
 * verification"): the e-mail code, the SMS code and the authenticator code, and whatever the
 * change itself needs (`alsoCheck`: the new address's code); all are spent together or none.
 */
export async function verifyAllFactors(
  deps: IdentityDeps,
  user: UserRow,
  purpose: CodePurpose,
  verification: SecurityVerification,
  ip: string | null,
  alsoCheck: ReadonlyArray<() => Promise<SecretProof>> = [],
): Promise<void> {
  if (verification.passkey) {
    // A passkey answers for every code factor (issue 16): one assertion, counted like a code.
    const assertion = verification.passkey;
    await verifyTogether(deps, [() => checkPasskey(deps, user, `verify:${purpose}`, assertion, 'passkey', ip), ...alsoCheck]);
    return;
  }
  const email = emailTarget(user);
  const phone = phoneTarget(user);
  const gaCode = user.totp_secret_encrypted ? requireCodeFormat(verification.gaCode, 'gaCode') : null;
  const smsCode = phone ? requireCodeFormat(verification.smsCode, 'smsCode') : null;
  const emailCode = email ? requireCodeFormat(verification.emailCode, 'emailCode') : null;
  const checks: Array<() => Promise<SecretProof>> = [];
  if (gaCode !== null) checks.push(() => checkUserTotp(deps, user, gaCode, 'gaCode', ip));
  if (phone && smsCode !== null) checks.push(() => deps.codes.check(purpose, phone, smsCode, 'smsCode', ip));
  if (email && emailCode !== null) checks.push(() => deps.codes.check(purpose, email, emailCode, 'emailCode', ip));
  await verifyTogether(deps, [...checks, ...alsoCheck]);
}

/** The preferred second factor's code (money moves, spec §6): authenticator, else SMS, else e-mail. */
export function checkPreferredFactor(
  deps: IdentityDeps,
  user: UserRow,
  purpose: CodePurpose,
  verification: SecurityVerification,
  ip: string | null,
): () => Promise<SecretProof> {
  if (verification.passkey) {
    const assertion = verification.passkey;
    return () => checkPasskey(deps, user, `verify:${purpose}`, assertion, 'passkey', ip);
  }
  const factor = boundFactors(user)[0] ?? 'email';
  if (factor === 'ga') {
    const code = requireCodeFormat(verification.gaCode, 'gaCode');
    return () => checkUserTotp(deps, user, code, 'gaCode', ip);
  }
  const [target, field] = factor === 'sms' ? [phoneTarget(user), 'smsCode' as const] : [emailTarget(user), 'emailCode' as const];
  const code = requireCodeFormat(verification[field], field);
  if (!target) throw identityError('invalidParameter', {}, field);
  return () => deps.codes.check(purpose, target, code, field, ip);
}

export function newAddressScope(purpose: CodePurpose): CodeScope {
  return `${purpose}:new`;
}

/** Counts a message sent on behalf of an IP address, atomically; past the limit it answers tooManyRequests. */
export async function throttleSending(deps: IdentityDeps, ip: string): Promise<void> {
  const policy = { ...codeSendScope, maxFailures: deps.codeSendsPerIpPerHour, lockMinutes: 60 };
  if (await deps.limiter.take(policy, ip)) throw identityError('tooManyRequests');
}

/**
 * Everything a send costs, taken before anything is sent, whether a code then goes out, a
 * notice does, or (for an unknown account) nothing: the address's 60-s slot and the IP's quota.
 * The answers are the same in all three cases.
 */
export async function holdSend(
  deps: IdentityDeps,
  scope: CodeScope,
  target: CodeTarget,
  ip: string,
): Promise<{ resendAfterSeconds: number }> {
  await deps.codes.holdSendSlot(scope, target);
  await throttleSending(deps, ip);
  return { resendAfterSeconds: limits.codeResendWaitSeconds };
}

export async function sendCode(
  deps: IdentityDeps,
  scope: CodeScope,
  target: CodeTarget,
  caller: Pick<Caller, 'language' | 'ip'>,
): Promise<{ resendAfterSeconds: number }> {
  await holdSend(deps, scope, target, caller.ip);
  const purpose = scope.replace(/:new$/, '') as CodePurpose;
  // A customer's chosen language (set-preferences) writes their messages; else the request's.
  const language = (target.userId ? await preferredLanguage(deps.db, target.userId) : null) ?? caller.language;
  return deps.codes.issue(scope, target, (code) => codeMessage(purpose, language, code));
}

export async function loadUser(deps: Pick<IdentityDeps, 'users'>, userId: string): Promise<UserRow> {
  const user = await deps.users.findById(userId);
  if (!user) throw identityError('userNotFound');
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
