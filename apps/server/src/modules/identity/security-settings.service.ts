import { checkConfirmation, checkLoginPassword, securityOperations, type SecurityVerification } from '@coffer/contract';
import { attemptPolicies } from './attempt-limiter';
import { createAuthenticatorBindingService, type AuthenticatorBindingService } from './authenticator-binding.service';
import { createContactBindingService, type ContactBindingService } from './contact-binding.service';
import { createFundPasswordService, type FundPasswordService } from './fund-password.service';
import { loadUser, verifyAllFactors, type Caller, type IdentityDeps } from './identity-core';
import { accountRuleError, identityError } from './identity.errors';
import { commitChange, type FundingFacts, type SignedIn } from './security-change';
import { setPasswordHash, type UserRow } from './user.repository';

export type { FundingFacts } from './security-change';

/**
 * Security settings (spec §2, §5): every change asks for a code from each bound factor and is
 * recorded with its §9 code, in one transaction with the 24-hour withdrawal lock when it starts
 * one (`security-change.ts`). The use cases live in their own files; this one changes the login password.
 */
export interface SecuritySettingsService extends ContactBindingService, AuthenticatorBindingService, FundPasswordService {
  changePassword(
    signedIn: SignedIn,
    body: SecurityVerification & { oldPassword: string; password: string; confirmPassword: string },
    caller: Caller,
  ): Promise<void>;
}

export function createSecuritySettingsService(deps: IdentityDeps, funding: FundingFacts): SecuritySettingsService {
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

  return {
    ...createContactBindingService(deps, funding),
    ...createAuthenticatorBindingService(deps, funding),
    ...createFundPasswordService(deps, funding),

    async changePassword(signedIn, body, caller) {
      const user = await loadUser(deps, signedIn.userId);
      const problem = checkLoginPassword(body.password) ?? checkConfirmation(body.password, body.confirmPassword);
      if (problem) throw accountRuleError(problem, problem === 'passwordsNotSame' ? 'confirmPassword' : 'password');
      if (!(await verifyLoginPassword(user, body.oldPassword, caller.ip))) {
        throw identityError('wrongOldPassword', {}, 'oldPassword');
      }
      await verifyAllFactors(deps, user, 'changePassword', body, caller.ip);
      const passwordHash = await deps.hasher.hash(body.password);
      await commitChange({ db: deps.db, funding }, user, securityOperations.changeLoginPassword, 'change', caller, async (trx) => {
        await setPasswordHash(trx, user.id, passwordHash);
        await deps.sessions.endAllOthers(user.id, signedIn.sessionId, trx);
      });
    },
  };
}
