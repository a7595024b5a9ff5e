import { checkConfirmation, checkLoginPassword, securityOperations, type AccountIdentity, type ResetTicket } from '@coffer/contract';
import { macOf, randomToken } from '../../platform/security/crypto';
import {
  consumeUserTotp,
  findUserByAccount,
  loadUser,
  requireCodeFormat,
  resolveAccount,
  sendCode,
  holdSend,
  type Caller,
  type IdentityDeps,
  type ResolvedAccount,
} from './identity-core';
import { accountRuleError, identityError } from './identity.errors';
import { findLivePasswordReset, insertPasswordReset, spendPasswordReset } from './password-reset.repository';
import { insertSecurityHistory } from './security.repository';
import { resetPasswordHash } from './user.repository';

const resetMinutes = 15;

/** Forgot password in two steps (spec §2): verify a code, then set the new password. */
export interface PasswordResetService {
  /** The same answer for a known and an unknown account; only a known one gets a code. */
  sendResetCode(identity: AccountIdentity & { captchaToken?: string | undefined }, caller: Caller): Promise<{ resendAfterSeconds: number }>;
  verifyResetCode(body: AccountIdentity & { code: string }, caller: Caller): Promise<ResetTicket>;
  resetPassword(
    body: { resetToken: string; password: string; confirmPassword: string; gaCode?: string | undefined },
    caller: Caller,
  ): Promise<void>;
}

export function createPasswordResetService(deps: IdentityDeps): PasswordResetService {
  const resetMac = (token: string) => macOf(deps.key, 'password-reset', token);
  const codeTargetOf = (account: ResolvedAccount, userId: string) => ({
    channel: account.kind === 'email' ? ('email' as const) : ('sms' as const),
    address: account.address,
    userId,
  });

  return {
    /** The same answer for a known and an unknown account; only a known one gets a code. */
    async sendResetCode(identity, caller) {
      const account = resolveAccount(identity);
      await deps.captcha.pass('sendCode', { ip: caller.ip }, identity.captchaToken);
      const user = await findUserByAccount(deps.users, account);
      if (!user) {
        // The same slots as a real send (the address's 60-s wait, the IP's quota), so neither
        // the answer nor the wait says which accounts exist.
        return holdSend(deps, 'resetPassword', { ...codeTargetOf(account, ''), userId: null }, caller.ip);
      }
      return sendCode(deps, 'resetPassword', codeTargetOf(account, user.id), caller);
    },

    async verifyResetCode(body: AccountIdentity & { code: string }, caller: Caller): Promise<ResetTicket> {
      const account = resolveAccount(body);
      const code = requireCodeFormat(body.code, 'code');
      const user = await findUserByAccount(deps.users, account);
      if (!user) {
        // No code was sent to an unknown account: answer as a wrong code does, under the same limits.
        await deps.codes.consume('resetPassword', { ...codeTargetOf(account, ''), userId: null }, code, 'code', caller.ip);
        throw identityError('codeWrong', {}, 'code');
      }
      await deps.codes.consume('resetPassword', codeTargetOf(account, user.id), code, 'code', caller.ip);
      const resetToken = randomToken();
      await insertPasswordReset(deps.db, user.id, resetMac(resetToken), resetMinutes);
      // A reset never skips a bound authenticator.
      return { resetToken, twofaRequired: user.totp_secret_encrypted ? ['ga'] : [] };
    },

    async resetPassword(
      body: { resetToken: string; password: string; confirmPassword: string; gaCode?: string | undefined },
      caller: Caller,
    ): Promise<void> {
      const problem = checkLoginPassword(body.password) ?? checkConfirmation(body.password, body.confirmPassword);
      if (problem) throw accountRuleError(problem, problem === 'passwordsNotSame' ? 'confirmPassword' : 'password');
      const reset = await findLivePasswordReset(deps.db, resetMac(body.resetToken));
      if (!reset) throw identityError('codeExpired', {}, 'resetToken');
      const user = await loadUser(deps, reset.user_id);
      if (user.totp_secret_encrypted) {
        await consumeUserTotp(deps, user, requireCodeFormat(body.gaCode, 'gaCode'), 'gaCode', caller.ip);
      }
      const passwordHash = await deps.hasher.hash(body.password);
      await deps.db.transaction().execute(async (trx) => {
        if (!(await spendPasswordReset(trx, reset.id))) throw identityError('codeExpired', {}, 'resetToken');
        await resetPasswordHash(trx, user.id, passwordHash);
        await deps.sessions.endAllOthers(user.id, null, trx);
        await insertSecurityHistory(trx, user.id, securityOperations.resetLoginPassword, caller);
      });
    },
  };
}
