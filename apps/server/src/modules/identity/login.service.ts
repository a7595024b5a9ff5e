import type { AccountIdentity, LoggedIn, LoginBody, LoginChallenge, LoginTwofaBody } from '@coffer/contract';
import { sql } from 'kysely';
import { AppError } from '../../platform/http/app-error';
import { findUnstorableText } from '../../platform/http/input-guard';
import { macOf, randomToken } from '../../platform/security/crypto';
import { attemptPolicies, type AttemptCheck } from './attempt-limiter';
import {
  boundFactors,
  consumeUserTotp,
  emailTarget,
  findUserByAccount,
  loadUser,
  phoneTarget,
  requireCodeFormat,
  resolveAccount,
  sendCode,
  toSessionUser,
  type Caller,
  type IdentityDeps,
  type ResolvedAccount,
} from './identity-core';
import { deviceName, maskEmail, maskPhone } from './request-facts';
import type { UserRow } from './user.repository';

const preLoginMinutes = 10;

/** The account a request names, when it names one validly; null otherwise. */
function resolvableAccount(identity: AccountIdentity): ResolvedAccount | null {
  try {
    return resolveAccount(identity);
  } catch {
    return null;
  }
}
const ticketSeconds = 120;

export function createLoginService(deps: IdentityDeps) {
  const { db, key, limiter } = deps;
  const preLoginMac = (token: string) => macOf(key, 'pre-login', token);

  async function startSecondFactor(user: UserRow, caller: Caller): Promise<LoginChallenge> {
    const preLoginToken = randomToken();
    await db
      .insertInto('pre_login')
      .values({
        user_id: user.id,
        token_hash: preLoginMac(preLoginToken),
        device: caller.device,
        ip: caller.ip,
        expires_at: sql<Date>`now() + make_interval(mins => ${preLoginMinutes})`,
      })
      .execute();
    return {
      preLoginToken,
      twofaList: boundFactors(user),
      userNo: user.user_no,
      maskedEmail: maskEmail(user.email),
      maskedPhone: maskPhone(user.phone),
    };
  }

  async function findPreLogin(preLoginToken: string): Promise<{ id: string; user: UserRow }> {
    const row = await db
      .selectFrom('pre_login')
      .select(['id', 'user_id'])
      .where('token_hash', '=', preLoginMac(preLoginToken))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!row) throw new AppError('preLoginTokenInvalid', {}, 'preLoginToken');
    return { id: row.id, user: await loadUser(deps, row.user_id) };
  }

  async function recordLogin(userId: string, caller: Caller, status: 'success' | 'failed'): Promise<void> {
    await db
      .insertInto('login_history')
      .values({ user_id: userId, status, device: caller.device, ip: caller.ip, location: caller.location })
      .execute();
  }

  return {
    /** Tells the form whether to ask for a captcha first; the same for every account. */
    async preLogin(identity: AccountIdentity, caller: Caller): Promise<{ captchaRequired: boolean }> {
      resolveAccount(identity);
      const ipCounter = await db
        .selectFrom('attempt_counter')
        .select('failures')
        .where('scope', '=', attemptPolicies.loginByIp.scope)
        .where('subject', '=', caller.ip)
        .executeTakeFirst();
      return { captchaRequired: (ipCounter?.failures ?? 0) >= 10 };
    },

    /**
     * The password step. A wrong password and an unknown account answer alike (same code,
     * same work, same lock): the attempt is reserved against the account (an unknown one
     * under its address) and the IP before the password is checked, so no burst of requests
     * gets more than the limit's verifications, and nothing written afterwards can change
     * the answer.
     */
    async login(body: LoginBody, caller: Caller): Promise<LoginChallenge> {
      // Text the database cannot store is refused here rather than at the edge, as a spent
      // attempt: no request gets past the count, whatever it carries.
      const unstorable = findUnstorableText(body);
      const account = unstorable === null ? resolveAccount(body) : resolvableAccount(body);
      const user = account ? await findUserByAccount(deps.users, account) : undefined;
      const checks: AttemptCheck[] = [{ policy: attemptPolicies.loginByIp, subject: caller.ip }];
      if (account) checks.push({ policy: attemptPolicies.loginByAccount, subject: user ? user.id : `unknown:${account.address}` });
      if (unstorable !== null) {
        // Counted (or refused as locked, which tells no more): either way nothing is verified.
        await limiter.reserve(checks).catch(() => undefined);
        throw new AppError('invalidParameter', {}, unstorable);
      }
      const reservations = await limiter.reserve(checks);
      const isVerified = user
        ? await deps.hasher.verify(user.password_hash, body.password)
        : await deps.hasher.verifyNothing(body.password).then(() => false);
      if (isVerified && user) {
        await limiter.succeeded(reservations);
        return startSecondFactor(user, caller);
      }
      // The failure is already counted (the reservation); the history row is only a record.
      if (user) await recordLogin(user.id, caller, 'failed');
      limiter.failed(reservations);
      throw new AppError('wrongCredentials');
    },

    async sendLoginCode(body: { preLoginToken: string; method: 'sms' | 'email' }, caller: Caller) {
      const { user } = await findPreLogin(body.preLoginToken);
      const target = body.method === 'email' ? emailTarget(user) : phoneTarget(user);
      if (!target) throw new AppError('invalidParameter', {}, 'method');
      return sendCode(deps, 'login', target, caller);
    },

    /** The second-factor step; success spends the pre-login token and opens a session. */
    async loginTwofa(body: LoginTwofaBody, caller: Caller): Promise<LoggedIn & { token: string }> {
      const preLogin = await findPreLogin(body.preLoginToken);
      const { user } = preLogin;
      const code = requireCodeFormat(body.code, 'code');
      if (!boundFactors(user).includes(body.method)) throw new AppError('invalidParameter', {}, 'method');
      try {
        if (body.method === 'ga') {
          await consumeUserTotp(deps, user, code, 'code', caller.ip);
        } else {
          const target = body.method === 'email' ? emailTarget(user) : phoneTarget(user);
          await deps.codes.consume('login', target!, code, 'code', caller.ip);
        }
      } catch (error) {
        await recordLogin(user.id, caller, 'failed');
        throw error;
      }
      const spent = await db
        .updateTable('pre_login')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', preLogin.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (spent.numUpdatedRows !== 1n) throw new AppError('preLoginTokenInvalid', {}, 'preLoginToken');

      const session = await deps.sessions.create(user.id, caller);
      await db
        .updateTable('app_user')
        .set({ last_login_at: sql<Date>`now()` })
        .where('id', '=', user.id)
        .execute();
      await recordLogin(user.id, caller, 'success');
      return { token: session.token, user: toSessionUser(user, session, caller) };
    },

    /** A signed-in user's one-time ticket for handing the login to another client (spec §2). */
    async issueSessionTicket(userId: string): Promise<{ ticket: string; expiresInSeconds: number }> {
      const ticket = randomToken();
      await db
        .insertInto('session_ticket')
        .values({
          user_id: userId,
          ticket_hash: macOf(key, 'session-ticket', ticket),
          expires_at: sql<Date>`now() + make_interval(secs => ${ticketSeconds})`,
        })
        .execute();
      return { ticket, expiresInSeconds: ticketSeconds };
    },

    /**
     * "Get session" (spec §2, §3): spends a ticket and answers the account's second-factor
     * options and a pre-login token; the login still needs the second factor here.
     */
    async requestSession(body: { exSessionId: string; source: string; equipmentName: string }, caller: Caller) {
      const spent = await db
        .updateTable('session_ticket')
        .set({ used_at: sql<Date>`now()` })
        .where('ticket_hash', '=', macOf(key, 'session-ticket', body.exSessionId))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      if (!spent) throw new AppError('sessionExpired', {}, 'exSessionId');
      const user = await loadUser(deps, spent.user_id);
      const challenge = await startSecondFactor(user, { ...caller, device: deviceName(body.equipmentName) || caller.device });
      return { ...challenge, session: null, source: body.source };
    },

    logout: (sessionId: string, userId: string) => deps.sessions.end(sessionId, userId),
  };
}
