import {
  checkConfirmation,
  checkLoginPassword,
  isRestrictedRegion,
  findCountry,
  securityOperations,
  type LoggedIn,
  type RegisterBody,
  type RegisterCodeBody,
} from '@coffer/contract';
import { randomInt } from 'node:crypto';
import { alreadyRegisteredMessage } from './identity-messages';
import {
  findUserByAccount,
  loadUser,
  requireCodeFormat,
  resolveAccount,
  sendCode,
  holdSend,
  toSessionUser,
  type Caller,
  type IdentityDeps,
  type ResolvedAccount,
} from './identity-core';
import { accountRuleError, identityError } from './identity.errors';
import { insertLoginHistory } from './login.repository';
import { insertSecurityHistory } from './security.repository';
import { insertUserUnlessTaken } from './user.repository';

const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  return Array.from({ length: 8 }, () => inviteAlphabet[randomInt(inviteAlphabet.length)]).join('');
}

function newUserNo(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

/** Spec §8/§9: restricted regions cannot register and are told so. */
function assertRegionServed(countryCode: string): void {
  if (!findCountry(countryCode)) throw identityError('countryNotFound', {}, 'countryCode');
  if (isRestrictedRegion(countryCode)) throw identityError('countryRestricted', {}, 'countryCode');
}

function codeTarget(account: ResolvedAccount) {
  return { channel: account.kind === 'email' ? ('email' as const) : ('sms' as const), address: account.address, userId: null };
}

/** Sign-up (spec §2): the registration code, invite codes, the account itself. */
export interface RegistrationService {
  /** Sends a registration code, or a notice to an address already registered; the answer is the same. */
  sendRegisterCode(body: RegisterCodeBody, caller: Caller): Promise<{ resendAfterSeconds: number }>;
  verifyInviteCode(inviteCode: string): Promise<{ valid: boolean }>;
  /** Creates the account and logs it in. */
  register(body: RegisterBody, caller: Caller): Promise<LoggedIn & { token: string }>;
}

export function createRegistrationService(deps: IdentityDeps): RegistrationService {
  return {
    /**
     * Sends a registration code. An address that already has an account gets a notice
     * instead, and the answer is the same, so nobody learns who is registered.
     */
    async sendRegisterCode(body: RegisterCodeBody, caller: Caller) {
      assertRegionServed(body.countryCode);
      const account = resolveAccount(body);
      await deps.captcha.pass('sendCode', { ip: caller.ip }, body.captchaToken);
      const existing = await findUserByAccount(deps.users, account);
      if (existing) {
        await holdSend(deps, 'register', codeTarget(account), caller.ip);
        return deps.codes.notify(codeTarget(account), alreadyRegisteredMessage(caller.language));
      }
      return sendCode(deps, 'register', codeTarget(account), caller);
    },

    async verifyInviteCode(inviteCode: string): Promise<{ valid: boolean }> {
      return { valid: (await deps.users.findByInviteCode(inviteCode.toUpperCase())) !== undefined };
    },

    /** Creates the account and logs it in; every rule is checked before anything is written. */
    async register(body: RegisterBody, caller: Caller): Promise<LoggedIn & { token: string }> {
      if (!body.agreeTerms) throw identityError('missingParameter', {}, 'agreeTerms');
      assertRegionServed(body.countryCode);
      const account = resolveAccount(body);
      const code = requireCodeFormat(body.code, 'code');
      const passwordProblem = checkLoginPassword(body.password) ?? checkConfirmation(body.password, body.confirmPassword);
      if (passwordProblem) throw accountRuleError(passwordProblem, passwordProblem === 'passwordsNotSame' ? 'confirmPassword' : 'password');
      const inviter = body.inviteCode ? await deps.users.findByInviteCode(body.inviteCode.toUpperCase()) : undefined;
      if (body.inviteCode && !inviter) throw identityError('invalidParameter', {}, 'inviteCode');
      const target = codeTarget(account);
      await deps.captcha.pass('register', { ip: caller.ip, account: `${target.channel}:${target.address}` }, body.captchaToken);

      // For a taken address no code was ever issued, so this fails as a wrong code would.
      await deps.codes.consume('register', codeTarget(account), code, 'code', caller.ip);
      const passwordHash = await deps.hasher.hash(body.password);

      const { userId, session } = await deps.db.transaction().execute(async (trx) => {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const inserted = await insertUserUnlessTaken(trx, {
            user_no: newUserNo(),
            account_kind: body.accountKind,
            email: account.kind === 'email' ? account.email : null,
            phone_country: account.kind === 'phone' ? account.countryCode : null,
            phone_dial_code: account.kind === 'phone' ? account.dialCode : null,
            phone: account.kind === 'phone' ? account.phone : null,
            residence_country: body.countryCode,
            password_hash: passwordHash,
            invite_code: newInviteCode(),
            invited_by: inviter?.id ?? null,
            last_login_at: new Date(),
          });
          if (inserted) {
            await insertSecurityHistory(trx, inserted.id, securityOperations.register, caller);
            await insertLoginHistory(trx, inserted.id, caller, 'success');
            return { userId: inserted.id, session: await deps.sessions.create(inserted.id, caller, trx) };
          }
          // A conflict is either the address (taken meanwhile) or a random number reused.
          if (await findUserByAccount(deps.users, account)) throw identityError('accountAlreadyExists', {}, 'account');
        }
        throw identityError('unknownError');
      });

      const user = await loadUser(deps, userId);
      return { token: session.token, user: toSessionUser(user, session, caller) };
    },
  };
}
