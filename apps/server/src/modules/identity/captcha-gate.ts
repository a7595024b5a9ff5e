import type { CaptchaPurpose } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { attemptPolicies } from './attempt-limiter';
import { readRecentCounts, type CountRead } from './attempt-counter.repository';
import { identityError } from './identity.errors';

/**
 * What identity needs of the captcha module (`app.ts` passes the captcha module's API): spend
 * a captcha token for a purpose, throwing captchaWrong or captchaExpired.
 */
export interface CaptchaVerifier {
  verifyOnce(purpose: CaptchaPurpose, token: string): Promise<void>;
}

export interface CaptchaThresholds {
  /** Failures of one account in the attempt window after which a captcha is demanded. */
  afterFailures: number;
  /** Failures (or code sends) of one IP address in the window after which a captcha is demanded. */
  afterIpFailures: number;
}

/** The IP's quota of e-mails and SMS (`throttleSending`): its count is the code-sending one. */
export const codeSendScope = { scope: 'code-send:ip', windowMinutes: 60 } as const;

/** Whom a protected call counts for: always its IP, and the account it names when it names one. */
export interface CaptchaSubjects {
  ip: string;
  /** The attempt limiter's subject of the account (user id, or `unknown:<address>` alike). */
  account?: string;
}

/**
 * Decides from the attempt counters when a call needs a captcha, and spends its token then.
 * Login: wrong passwords of the account or the IP. Registration: wrong codes of the IP or the
 * address. An API key change: wrong codes or fund passwords of the customer or the IP. Code
 * sending: the IP's sends. An unknown account is counted as a known one is, so
 * the demand tells nobody whether an account exists.
 */
export interface CaptchaGate {
  isDemanded(purpose: CaptchaPurpose, subjects: CaptchaSubjects): Promise<boolean>;
  /** When demanded: throws captchaRequired without a token, else spends it (captchaWrong/captchaExpired). A token not demanded is left unspent. */
  pass(purpose: CaptchaPurpose, subjects: CaptchaSubjects, token: string | undefined): Promise<void>;
}

export function createCaptchaGate(db: Db, verifier: CaptchaVerifier, thresholds: CaptchaThresholds): CaptchaGate {
  function readsFor(purpose: CaptchaPurpose, subjects: CaptchaSubjects): Array<CountRead & { threshold: number }> {
    const perIp = (policy: { scope: string; windowMinutes: number }) => ({
      ...policy,
      subject: subjects.ip,
      threshold: thresholds.afterIpFailures,
    });
    const perAccount = (policy: { scope: string; windowMinutes: number }) =>
      subjects.account === undefined ? [] : [{ ...policy, subject: subjects.account, threshold: thresholds.afterFailures }];
    switch (purpose) {
      case 'login':
        return [perIp(attemptPolicies.loginByIp), ...perAccount(attemptPolicies.loginByAccount)];
      case 'register':
        return [perIp(attemptPolicies.codeByIp), ...perAccount(attemptPolicies.codeByAccount)];
      case 'apiKey':
        // A key change's verification checks codes and, for the withdraw right, the fund password: failures of either count.
        return [
          perIp(attemptPolicies.codeByIp),
          perIp(attemptPolicies.fundPasswordByIp),
          ...perAccount(attemptPolicies.codeByAccount),
          ...perAccount(attemptPolicies.fundPasswordByAccount),
        ];
      case 'sendCode':
        return [perIp(codeSendScope)];
    }
  }

  const gate: CaptchaGate = {
    async isDemanded(purpose, subjects) {
      const reads = readsFor(purpose, subjects);
      const counts = await readRecentCounts(db, reads);
      return reads.some((read, index) => (counts[index] ?? 0) >= read.threshold);
    },

    async pass(purpose, subjects, token) {
      if (!(await gate.isDemanded(purpose, subjects))) return;
      if (!token) throw identityError('captchaRequired', {}, 'captchaToken');
      await verifier.verifyOnce(purpose, token);
    },
  };
  return gate;
}
