import type { LoginChallenge } from '@coffer/contract';
import { macOf, randomToken } from '../../platform/security/crypto';
import { queueNotices } from '../notices';
import { boundFactors, loadUser, type Caller, type IdentityDeps } from './identity-core';
import { identityError } from './identity.errors';
import { insertLoginHistory, type LoginRepository } from './login.repository';
import { passkeyRepository } from './passkey.repository';
import { maskEmail, maskPhone } from './request-facts';
import type { UserRow } from './user.repository';

const preLoginMinutes = 10;

/** What the second-factor step of a login needs: the account's lookups and the login SQL. */
export interface LoginChallengeDeps extends Pick<IdentityDeps, 'users' | 'key' | 'db'> {
  logins: LoginRepository;
}

const preLoginMac = (deps: Pick<IdentityDeps, 'key'>, token: string) => macOf(deps.key, 'pre-login', token);

/** Opens the second-factor step: a pre-login token and the account's factor options. */
export async function startSecondFactor(deps: LoginChallengeDeps, user: UserRow, caller: Caller): Promise<LoginChallenge> {
  const preLoginToken = randomToken();
  await deps.logins.insertPreLogin({
    userId: user.id,
    tokenHash: preLoginMac(deps, preLoginToken),
    device: caller.device,
    ip: caller.ip,
    minutes: preLoginMinutes,
  });
  return {
    preLoginToken,
    twofaList: (await passkeyRepository.hasAny(deps.db, user.id)) ? [...boundFactors(user), 'passkey'] : boundFactors(user),
    userNo: user.user_no,
    maskedEmail: maskEmail(user.email),
    maskedPhone: maskPhone(user.phone),
  };
}

/** The live pre-login a token names, with its account; preLoginTokenInvalid otherwise. */
export async function findPreLogin(deps: LoginChallengeDeps, preLoginToken: string): Promise<{ id: string; user: UserRow }> {
  const row = await deps.logins.findLivePreLogin(preLoginMac(deps, preLoginToken));
  if (!row) throw identityError('preLoginTokenInvalid', {}, 'preLoginToken');
  return { id: row.id, user: await loadUser(deps, row.user_id) };
}

/**
 * A verified login's session, its history row, the last-login time and the login notice, in one
 * transaction: a notice is queued for every session opened, and for no other.
 */
export async function openLoginSession(
  deps: LoginChallengeDeps & Pick<IdentityDeps, 'sessions'>,
  userId: string,
  caller: Caller,
): Promise<{ token: string; sessionId: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const session = await deps.sessions.create(userId, caller, trx);
    await deps.logins.markLoggedIn(userId, trx);
    await insertLoginHistory(trx, userId, caller, 'success');
    const facts = { ip: caller.ip, device: caller.device };
    await queueNotices(trx, [{ kind: 'login', userId, eventId: session.sessionId, language: caller.language, facts }]);
    return session;
  });
}
