import {
  checkConfirmation,
  checkEmail,
  checkFundPassword,
  checkLoginPassword,
  checkPhone,
  findCountry,
  normaliseEmail,
  securityOperations,
  type SecurityVerification,
  type UserCodeBody,
} from '@coffer/contract';
import QRCode from 'qrcode';
import { AppError } from '../../platform/http/app-error';
import { encryptSecret, macOf } from '../../platform/security/crypto';
import type { Db } from '../../platform/db/database';
import { attemptPolicies, type AttemptCheck } from './attempt-limiter';
import {
  newAddressScope,
  checkNewTotp,
  emailTarget,
  loadUser,
  phoneTarget,
  recordSecurityOperation,
  requireCodeFormat,
  sendCode,
  verifyAllFactors,
  withdrawLockUntil,
  type Caller,
  type IdentityDeps,
} from './identity-core';
import { totpUri, createTotpSecret } from './totp';
import type { UserRow } from './user.repository';

interface SignedIn {
  userId: string;
  sessionId: string;
}

/** A pending authenticator secret is bound to the user and expires with this MAC's check. */
const pendingSecretPurpose = 'pending-authenticator';

function validNewPhone(countryCode: string | undefined, phone: string | undefined) {
  const country = countryCode ? findCountry(countryCode) : undefined;
  if (!country) throw new AppError('countryNotFound', {}, 'countryCode');
  const digits = (phone ?? '').replace(/[\s-]/g, '');
  const problem = checkPhone(digits, country.code);
  if (problem) throw new AppError(problem, {}, 'phone');
  return { country, phone: digits, address: `+${country.dialCode}${digits}` };
}

function validNewEmail(email: string | undefined) {
  const normalised = normaliseEmail(email ?? '');
  const problem = checkEmail(normalised);
  if (problem) throw new AppError(problem, {}, 'email');
  return normalised;
}

/** What identity learns from the ledger, injected by `app.ts` (identity never reads ledger tables). */
export interface FundingFacts {
  /** Whether the customer's accounts were ever credited with anything. */
  hasReceivedFunds(userId: string): Promise<boolean>;
}

/**
 * `firstSetUp`: binding a factor or setting the fund password where there was none;
 * `change`: changing, resetting or removing one.
 */
type ChangeKind = 'firstSetUp' | 'change';

/**
 * Security settings (spec §2, §5): every change asks for a code from each bound factor and is
 * recorded with its §9 code, in one transaction with the 24-hour withdrawal lock when it starts one.
 */
export function createSecuritySettingsService(deps: IdentityDeps, funding: FundingFacts) {
  const { db } = deps;

  /**
   * Spec §4 locks withdrawals for 24 hours after a security setting *changes*, so that whoever
   * took over a session cannot swap a factor and leave with the money. The first set-up of a
   * factor or of the fund password on an account that never received funds does not start it:
   * there is nothing to steal yet, and a new customer sets everything up before the first
   * deposit (one lock per set-up step kept them from withdrawing for days). Once anything has
   * arrived, every set-up, change, reset or removal starts it.
   */
  async function startsWithdrawLock(user: UserRow, kind: ChangeKind): Promise<boolean> {
    return kind === 'change' || (await funding.hasReceivedFunds(user.id));
  }

  async function commitChange(
    user: UserRow,
    operation: number,
    kind: ChangeKind,
    caller: Caller,
    change: (trx: Db) => Promise<void>,
  ): Promise<void> {
    const locks = await startsWithdrawLock(user, kind);
    await db.transaction().execute(async (trx) => {
      await change(trx);
      if (locks) await trx.updateTable('app_user').set({ withdraw_locked_until: withdrawLockUntil }).where('id', '=', user.id).execute();
      await recordSecurityOperation(trx, user.id, operation, caller);
    });
  }

  async function assertEmailFree(email: string, userId: string): Promise<void> {
    const owner = await deps.users.findByEmail(email);
    if (owner && owner.id !== userId) throw new AppError('emailAlreadyRegistered', {}, 'email');
  }

  async function assertPhoneFree(dialCode: string, phone: string, userId: string): Promise<void> {
    const owner = await deps.users.findByPhone(dialCode, phone);
    if (owner && owner.id !== userId) throw new AppError('phoneAlreadyRegistered', {}, 'phone');
  }

  function pendingSecretMac(userId: string, secret: string): string {
    return macOf(deps.key, pendingSecretPurpose, `${userId}:${secret}`);
  }

  /** The fund password, within the account's and the IP's limits (the attempt is reserved before argon2 runs). */
  async function verifyFundPassword(user: UserRow, fundPassword: string, ip: string | null, field = 'oldFundPassword'): Promise<void> {
    const checks: AttemptCheck[] = [{ policy: attemptPolicies.fundPasswordByAccount, subject: user.id }];
    if (ip) checks.unshift({ policy: attemptPolicies.fundPasswordByIp, subject: ip });
    const hash = user.fund_password_hash;
    const isVerified = await deps.limiter.verify(checks, async () => hash !== null && (await deps.hasher.verify(hash, fundPassword)));
    if (!isVerified) throw new AppError('wrongFundPassword', {}, field);
  }

  /** The login password, checked within the login limits (a signed-in session proves nothing about it). */
  async function verifyLoginPassword(user: UserRow, password: string, ip: string): Promise<boolean> {
    return deps.limiter.verify(
      [
        { policy: attemptPolicies.loginByIp, subject: ip },
        { policy: attemptPolicies.loginByAccount, subject: user.id },
      ],
      () => deps.hasher.verify(user.password_hash, password),
    );
  }

  function checkNewFundPasswordRules(fundPassword: string, confirmation: string): void {
    const problem = checkFundPassword(fundPassword) ?? checkConfirmation(fundPassword, confirmation);
    if (problem) throw new AppError(problem, {}, problem === 'passwordsNotSame' ? 'confirmFundPassword' : 'fundPassword');
  }

  /**
   * The fund password must not be the login password (spec §5). Comparing them tells whether
   * a guess is the login password, so it runs only after the caller proved who they are.
   */
  async function hashNewFundPassword(user: UserRow, fundPassword: string): Promise<string> {
    if (await deps.hasher.verify(user.password_hash, fundPassword)) {
      throw new AppError('fundPasswordSameAsLogin', {}, 'fundPassword');
    }
    return deps.hasher.hash(fundPassword);
  }

  return {
    /** Codes for a signed-in user: to a bound address, or to the new one being bound. */
    async sendUserCode(signedIn: SignedIn, body: UserCodeBody, caller: Caller) {
      const user = await loadUser(deps, signedIn.userId);
      const isNewAddress =
        (body.purpose === 'bindEmail' && body.channel === 'email') ||
        ((body.purpose === 'bindPhone' || body.purpose === 'changePhone') && body.channel === 'sms');
      if (isNewAddress && body.channel === 'email') {
        const email = validNewEmail(body.email);
        await assertEmailFree(email, user.id);
        return sendCode(deps, newAddressScope(body.purpose), { channel: 'email', address: email, userId: user.id }, caller);
      }
      if (isNewAddress && body.channel === 'sms' && body.phone) {
        const next = validNewPhone(body.countryCode, body.phone);
        await assertPhoneFree(next.country.dialCode, next.phone, user.id);
        return sendCode(deps, newAddressScope(body.purpose), { channel: 'sms', address: next.address, userId: user.id }, caller);
      }
      const target = body.channel === 'email' ? emailTarget(user) : phoneTarget(user);
      if (!target) throw new AppError('invalidParameter', {}, 'channel');
      return sendCode(deps, body.purpose, target, caller);
    },

    async bindEmail(signedIn: SignedIn, body: SecurityVerification & { email: string; newEmailCode: string }, caller: Caller) {
      const user = await loadUser(deps, signedIn.userId);
      if (user.email) throw new AppError('invalidParameter', {}, 'email');
      const email = validNewEmail(body.email);
      await assertEmailFree(email, user.id);
      const newCode = requireCodeFormat(body.newEmailCode, 'newEmailCode');
      const newAddress = { channel: 'email' as const, address: email, userId: user.id };
      await verifyAllFactors(deps, user, 'bindEmail', body, caller.ip, [
        () => deps.codes.check(newAddressScope('bindEmail'), newAddress, newCode, 'newEmailCode', caller.ip),
      ]);
      await commitChange(user, securityOperations.bindEmail, 'firstSetUp', caller, async (trx) => {
        await trx.updateTable('app_user').set({ email }).where('id', '=', user.id).execute();
      });
    },

    async bindPhone(
      signedIn: SignedIn,
      body: SecurityVerification & { countryCode: string; phone: string; newSmsCode: string },
      caller: Caller,
      purpose: 'bindPhone' | 'changePhone',
    ) {
      const user = await loadUser(deps, signedIn.userId);
      if (purpose === 'bindPhone' && user.phone) throw new AppError('invalidParameter', {}, 'phone');
      if (purpose === 'changePhone' && !user.phone) throw new AppError('invalidParameter', {}, 'phone');
      const next = validNewPhone(body.countryCode, body.phone);
      await assertPhoneFree(next.country.dialCode, next.phone, user.id);
      const newCode = requireCodeFormat(body.newSmsCode, 'newSmsCode');
      const newAddress = { channel: 'sms' as const, address: next.address, userId: user.id };
      await verifyAllFactors(deps, user, purpose, body, caller.ip, [
        () => deps.codes.check(newAddressScope(purpose), newAddress, newCode, 'newSmsCode', caller.ip),
      ]);
      const operation = purpose === 'bindPhone' ? securityOperations.bindPhone : securityOperations.changePhone;
      await commitChange(user, operation, purpose === 'bindPhone' ? 'firstSetUp' : 'change', caller, async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ phone: next.phone, phone_dial_code: next.country.dialCode, phone_country: next.country.code })
          .where('id', '=', user.id)
          .execute();
      });
    },

    async changePassword(
      signedIn: SignedIn,
      body: SecurityVerification & { oldPassword: string; password: string; confirmPassword: string },
      caller: Caller,
    ) {
      const user = await loadUser(deps, signedIn.userId);
      const problem = checkLoginPassword(body.password) ?? checkConfirmation(body.password, body.confirmPassword);
      if (problem) throw new AppError(problem, {}, problem === 'passwordsNotSame' ? 'confirmPassword' : 'password');
      if (!(await verifyLoginPassword(user, body.oldPassword, caller.ip))) {
        throw new AppError('wrongOldPassword', {}, 'oldPassword');
      }
      await verifyAllFactors(deps, user, 'changePassword', body, caller.ip);
      const passwordHash = await deps.hasher.hash(body.password);
      await commitChange(user, securityOperations.changeLoginPassword, 'change', caller, async (trx) => {
        await trx.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        await deps.sessions.endAllOthers(user.id, signedIn.sessionId, trx);
      });
    },

    /** A new 32-character secret with its QR code; binding proves the user scanned it. */
    async generateAuthenticator(signedIn: SignedIn) {
      const user = await loadUser(deps, signedIn.userId);
      const secret = createTotpSecret();
      const otpauthUrl = totpUri(secret, user.email ?? `+${user.phone_dial_code ?? ''}${user.phone ?? ''}`);
      const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      // Remember which secret was offered, so a bind can only use one the server made.
      await db
        .insertInto('verification_code')
        .values({
          purpose: pendingSecretPurpose,
          channel: 'email',
          target: `user:${user.id}`,
          user_id: user.id,
          code_hash: pendingSecretMac(user.id, secret),
          expires_at: new Date(Date.now() + 30 * 60_000),
        })
        .execute();
      return { secret, otpauthUrl, qrCodeSvg };
    },

    async bindAuthenticator(
      signedIn: SignedIn,
      body: SecurityVerification & { secret: string; newGaCode: string },
      caller: Caller,
      purpose: 'bindAuthenticator' | 'changeAuthenticator',
    ) {
      const user = await loadUser(deps, signedIn.userId);
      if (purpose === 'bindAuthenticator' && user.totp_secret_encrypted) throw new AppError('invalidParameter', {}, 'secret');
      if (purpose === 'changeAuthenticator' && !user.totp_secret_encrypted) throw new AppError('invalidParameter', {}, 'secret');
      const offered = await db
        .selectFrom('verification_code')
        .select('id')
        .where('purpose', '=', pendingSecretPurpose)
        .where('target', '=', `user:${user.id}`)
        .where('code_hash', '=', pendingSecretMac(user.id, body.secret))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (!offered) throw new AppError('invalidParameter', {}, 'secret');
      const newCode = requireCodeFormat(body.newGaCode, 'newGaCode');
      // The new authenticator's code proves the secret was scanned; its step becomes the last
      // used, so that code cannot log in afterwards. A mistyped one spends none of the others.
      let step = 0;
      await verifyAllFactors(deps, user, purpose, body, caller.ip, [
        async () => {
          const proof = await checkNewTotp(deps, user, body.secret, newCode, 'newGaCode', caller.ip);
          step = proof.step;
          return proof;
        },
      ]);
      const operation = purpose === 'bindAuthenticator' ? securityOperations.bindAuthenticator : securityOperations.changeAuthenticator;
      await commitChange(user, operation, purpose === 'bindAuthenticator' ? 'firstSetUp' : 'change', caller, async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ totp_secret_encrypted: encryptSecret(deps.key, body.secret), totp_last_step: step })
          .where('id', '=', user.id)
          .execute();
        await trx.updateTable('verification_code').set({ used_at: new Date() }).where('id', '=', offered.id).execute();
      });
    },

    async setFundPassword(
      signedIn: SignedIn,
      body: SecurityVerification & { fundPassword: string; confirmFundPassword: string },
      caller: Caller,
      mode: 'set' | 'reset',
    ) {
      const user = await loadUser(deps, signedIn.userId);
      if (mode === 'set' && user.fund_password_hash) throw new AppError('invalidParameter', {}, 'fundPassword');
      if (mode === 'reset' && !user.fund_password_hash) throw new AppError('fundPasswordNotSet');
      checkNewFundPasswordRules(body.fundPassword, body.confirmFundPassword);
      await verifyAllFactors(deps, user, 'fundPassword', body, caller.ip);
      const fundPasswordHash = await hashNewFundPassword(user, body.fundPassword);
      const operation = mode === 'set' ? securityOperations.setPaymentPassword : securityOperations.resetPaymentPassword;
      await commitChange(user, operation, mode === 'set' ? 'firstSetUp' : 'change', caller, async (trx) => {
        await trx.updateTable('app_user').set({ fund_password_hash: fundPasswordHash }).where('id', '=', user.id).execute();
      });
      await deps.limiter.reset(attemptPolicies.fundPasswordByAccount, user.id);
    },

    async changeFundPassword(
      signedIn: SignedIn,
      body: { oldFundPassword: string; fundPassword: string; confirmFundPassword: string },
      caller: Caller,
    ) {
      const user = await loadUser(deps, signedIn.userId);
      if (!user.fund_password_hash) throw new AppError('fundPasswordNotSet');
      checkNewFundPasswordRules(body.fundPassword, body.confirmFundPassword);
      await verifyFundPassword(user, body.oldFundPassword, caller.ip);
      const fundPasswordHash = await hashNewFundPassword(user, body.fundPassword);
      await commitChange(user, securityOperations.changePaymentPassword, 'change', caller, async (trx) => {
        await trx.updateTable('app_user').set({ fund_password_hash: fundPasswordHash }).where('id', '=', user.id).execute();
      });
    },

    /** For later capabilities (withdrawals, transfers): checks the fund password with its limit. */
    verifyFundPassword: async (userId: string, fundPassword: string, ip: string | null) =>
      verifyFundPassword(await loadUser(deps, userId), fundPassword, ip, 'fundPassword'),
  };
}
