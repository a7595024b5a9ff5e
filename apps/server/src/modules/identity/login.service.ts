import type { AccountIdentity, LoggedIn, LoginBody, LoginChallenge, LoginTwofaBody } from '@coffer/contract';
import { findUnstorableText } from '../../platform/http/input-guard';
import { attemptPolicies, type AttemptCheck } from './attempt-limiter';
import {
  boundFactors,
  consumeUserTotp,
  emailTarget,
  findUserByAccount,
  phoneTarget,
  requireCodeFormat,
  resolveAccount,
  sendCode,
  toSessionUser,
  type Caller,
  type IdentityDeps,
  type ResolvedAccount,
} from './identity-core';
import { identityError } from './identity.errors';
import { findPreLogin, openLoginSession, startSecondFactor } from './login-challenge';
import type { LoginRepository } from './login.repository';
import { spendProofs } from './verification-codes';
import { assertionOptions, checkPasskey } from './webauthn';
import { createSessionHandOffService, type SessionHandOffService } from './session-hand-off.service';

/** The account a request names, when it names one validly; null otherwise. */
function resolvableAccount(identity: AccountIdentity): ResolvedAccount | null {
  try {
    return resolveAccount(identity);
  } catch {
    return null;
  }
}

/** Whom the login limits count for: the user, or an unknown account under its address alike. */
function accountSubject(account: ResolvedAccount, user: { id: string } | undefined): string {
  return user ? user.id : `unknown:${account.address}`;
}

/** Login in two steps (password, then a second factor), logout, and the session hand-off (`session-hand-off.service.ts`). */
export interface LoginService extends SessionHandOffService {
  /** Tells the form whether to ask for a captcha first, from the IP's and the account's failures (an unknown account's alike). */
  preLogin(identity: AccountIdentity, caller: Caller): Promise<{ captchaRequired: boolean }>;
  /** The password step: a wrong password and an unknown account answer alike. */
  login(body: LoginBody, caller: Caller): Promise<LoginChallenge>;
  sendLoginCode(body: { preLoginToken: string; method: 'sms' | 'email' }, caller: Caller): Promise<{ resendAfterSeconds: number }>;
  /** A passkey challenge for the second-factor step of a live pre-login. */
  loginPasskeyOptions(body: { preLoginToken: string }): Promise<Record<string, unknown>>;
  /** The second-factor step (a code, or a passkey assertion); success spends the pre-login token and opens a session. */
  loginTwofa(body: LoginTwofaBody, caller: Caller): Promise<LoggedIn & { token: string }>;
  logout(sessionId: string, userId: string): Promise<boolean>;
}

export function createLoginService(deps: IdentityDeps, logins: LoginRepository): LoginService {
  const { limiter } = deps;
  const challengeDeps = { users: deps.users, key: deps.key, db: deps.db, logins };

  return {
    async preLogin(identity, caller) {
      const account = resolveAccount(identity);
      const user = await findUserByAccount(deps.users, account);
      return { captchaRequired: await deps.captcha.isDemanded('login', { ip: caller.ip, account: accountSubject(account, user) }) };
    },

    /**
     * The password step. A wrong password and an unknown account answer alike (same code,
     * same work, same lock): the attempt is reserved against the account (an unknown one
     * under its address) and the IP before the password is checked, so no burst of requests
     * gets more than the limit's verifications, and nothing written afterwards can change
     * the answer.
     */
    async login(body, caller) {
      // Text the database cannot store is refused here rather than at the edge, as a spent
      // attempt: no request gets past the count, whatever it carries.
      const unstorable = findUnstorableText(body);
      const account = unstorable === null ? resolveAccount(body) : resolvableAccount(body);
      const user = account ? await findUserByAccount(deps.users, account) : undefined;
      const subject = account ? accountSubject(account, user) : undefined;
      // Before any attempt is spent: a call without the captcha it needs costs nothing.
      await deps.captcha.pass('login', { ip: caller.ip, ...(subject ? { account: subject } : {}) }, body.captchaToken);
      const checks: AttemptCheck[] = [{ policy: attemptPolicies.loginByIp, subject: caller.ip }];
      if (subject) checks.push({ policy: attemptPolicies.loginByAccount, subject });
      if (unstorable !== null) {
        // Counted (or refused as locked, which tells no more): either way nothing is verified.
        await limiter.reserve(checks).catch(() => undefined);
        throw identityError('invalidParameter', {}, unstorable);
      }
      const reservations = await limiter.reserve(checks);
      const isVerified = user
        ? await deps.hasher.verify(user.password_hash, body.password)
        : await deps.hasher.verifyNothing(body.password).then(() => false);
      if (isVerified && user) {
        await limiter.succeeded(reservations);
        // Said only to whoever proved the password: to anyone else a locked account answers
        // wrongCredentials like every wrong password and unknown account.
        if (user.locked_at !== null) {
          await logins.recordLogin(user.id, caller, 'failed');
          throw identityError('accountSuspended');
        }
        return startSecondFactor(challengeDeps, user, caller);
      }
      // The failure is already counted (the reservation); the history row is only a record.
      if (user) await logins.recordLogin(user.id, caller, 'failed');
      limiter.failed(reservations);
      throw identityError('wrongCredentials');
    },

    async sendLoginCode(body, caller) {
      const { user } = await findPreLogin(challengeDeps, body.preLoginToken);
      const target = body.method === 'email' ? emailTarget(user) : phoneTarget(user);
      if (!target) throw identityError('invalidParameter', {}, 'method');
      return sendCode(deps, 'login', target, caller);
    },

    async loginPasskeyOptions(body) {
      const { user } = await findPreLogin(challengeDeps, body.preLoginToken);
      if (user.locked_at !== null) throw identityError('accountSuspended');
      return assertionOptions(deps, user, 'login');
    },

    async loginTwofa(body, caller) {
      const preLogin = await findPreLogin(challengeDeps, body.preLoginToken);
      const { user } = preLogin;
      // Locked since the password step: the code is not even checked.
      if (user.locked_at !== null) throw identityError('accountSuspended');
      const method = body.method;
      const code = method === 'passkey' ? '' : requireCodeFormat(body.code, 'code');
      if (method !== 'passkey' && !boundFactors(user).includes(method)) throw identityError('invalidParameter', {}, 'method');
      if (method === 'passkey' && !body.passkey) throw identityError('missingParameter', {}, 'passkey');
      try {
        if (method === 'passkey') {
          await spendProofs(deps.db, limiter, [await checkPasskey(deps, user, 'login', body.passkey!, 'passkey', caller.ip)]);
        } else if (method === 'ga') {
          await consumeUserTotp(deps, user, code, 'code', caller.ip);
        } else {
          const target = method === 'email' ? emailTarget(user) : phoneTarget(user);
          await deps.codes.consume('login', target!, code, 'code', caller.ip);
        }
      } catch (error) {
        await logins.recordLogin(user.id, caller, 'failed');
        throw error;
      }
      if (!(await logins.spendPreLogin(preLogin.id))) throw identityError('preLoginTokenInvalid', {}, 'preLoginToken');

      const session = await openLoginSession({ ...deps, logins }, user.id, caller);
      return { token: session.token, user: toSessionUser(user, session, caller) };
    },

    ...createSessionHandOffService(challengeDeps),

    logout: (sessionId, userId) => deps.sessions.end(sessionId, userId),
  };
}
