import { checkConfirmation, checkFundPassword, securityOperations, type SecurityVerification } from '@coffer/contract';
import { attemptPolicies, type AttemptCheck } from './attempt-limiter';
import { loadUser, verifyAllFactors, type Caller, type IdentityDeps } from './identity-core';
import { accountRuleError, identityError } from './identity.errors';
import { commitChange, type FundingFacts, type SignedIn } from './security-change';
import { setFundPasswordHash, type UserRow } from './user.repository';

/** The fund password: set, reset, change, and its check for money moves. */
export interface FundPasswordService {
  setFundPassword(
    signedIn: SignedIn,
    body: SecurityVerification & { fundPassword: string; confirmFundPassword: string },
    caller: Caller,
    mode: 'set' | 'reset',
  ): Promise<void>;
  changeFundPassword(
    signedIn: SignedIn,
    body: { oldFundPassword: string; fundPassword: string; confirmFundPassword: string },
    caller: Caller,
  ): Promise<void>;
  /** For later capabilities (withdrawals, transfers): checks the fund password with its limit. */
  verifyFundPassword(userId: string, fundPassword: string, ip: string | null): Promise<void>;
}

function checkNewFundPasswordRules(fundPassword: string, confirmation: string): void {
  const problem = checkFundPassword(fundPassword) ?? checkConfirmation(fundPassword, confirmation);
  if (problem) throw accountRuleError(problem, problem === 'passwordsNotSame' ? 'confirmFundPassword' : 'fundPassword');
}

export function createFundPasswordService(deps: IdentityDeps, funding: FundingFacts): FundPasswordService {
  const changeDeps = { db: deps.db, funding };

  /** The fund password, within the account's and the IP's limits (the attempt is reserved before argon2 runs). */
  async function verifyFundPassword(user: UserRow, fundPassword: string, ip: string | null, field = 'oldFundPassword'): Promise<void> {
    const checks: AttemptCheck[] = [{ policy: attemptPolicies.fundPasswordByAccount, subject: user.id }];
    if (ip) checks.unshift({ policy: attemptPolicies.fundPasswordByIp, subject: ip });
    const hash = user.fund_password_hash;
    const isVerified = await deps.limiter.verify(checks, async () => hash !== null && (await deps.hasher.verify(hash, fundPassword)));
    if (!isVerified) throw identityError('wrongFundPassword', {}, field);
  }

  /**
   * The fund password must not be the login password (spec §5). Comparing them tells whether
   * a guess is the login password, so it runs only after the caller proved who they are.
   */
  async function hashNewFundPassword(user: UserRow, fundPassword: string): Promise<string> {
    if (await deps.hasher.verify(user.password_hash, fundPassword)) {
      throw identityError('fundPasswordSameAsLogin', {}, 'fundPassword');
    }
    return deps.hasher.hash(fundPassword);
  }

  return {
    async setFundPassword(signedIn, body, caller, mode) {
      const user = await loadUser(deps, signedIn.userId);
      if (mode === 'set' && user.fund_password_hash) throw identityError('invalidParameter', {}, 'fundPassword');
      if (mode === 'reset' && !user.fund_password_hash) throw identityError('fundPasswordNotSet');
      checkNewFundPasswordRules(body.fundPassword, body.confirmFundPassword);
      await verifyAllFactors(deps, user, 'fundPassword', body, caller.ip);
      const fundPasswordHash = await hashNewFundPassword(user, body.fundPassword);
      const operation = mode === 'set' ? securityOperations.setPaymentPassword : securityOperations.resetPaymentPassword;
      await commitChange(changeDeps, user, operation, mode === 'set' ? 'firstSetUp' : 'change', caller, async (trx) => {
        await setFundPasswordHash(trx, user.id, fundPasswordHash);
      });
      await deps.limiter.reset(attemptPolicies.fundPasswordByAccount, user.id);
    },

    async changeFundPassword(signedIn, body, caller) {
      const user = await loadUser(deps, signedIn.userId);
      if (!user.fund_password_hash) throw identityError('fundPasswordNotSet');
      checkNewFundPasswordRules(body.fundPassword, body.confirmFundPassword);
      await verifyFundPassword(user, body.oldFundPassword, caller.ip);
      const fundPasswordHash = await hashNewFundPassword(user, body.fundPassword);
      await commitChange(changeDeps, user, securityOperations.changePaymentPassword, 'change', caller, async (trx) => {
        await setFundPasswordHash(trx, user.id, fundPasswordHash);
      });
    },

    verifyFundPassword: async (userId, fundPassword, ip) =>
      verifyFundPassword(await loadUser(deps, userId), fundPassword, ip, 'fundPassword'),
  };
}
