import { limits, type CodePurpose } from '@coffer/contract';
import { sql } from 'kysely';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import type { DomainError } from '../../platform/errors/domain-error';
import { constantTimeEqual, macOf, randomCode } from '../../platform/security/crypto';
import { attemptPolicies, type AttemptCheck, type AttemptLimiter, type Reservation } from './attempt-limiter';
import { identityError } from './identity.errors';

const codeLifetimeMinutes = 10;
/** Wrong tries one code survives before it is spent. */
const wrongAttemptsPerCode = 5;

export type CodeChannel = 'email' | 'sms';

/** What a code is for: a purpose, or the new address being bound for it. */
export type CodeScope = CodePurpose | `${CodePurpose}:new`;

export interface CodeTarget {
  channel: CodeChannel;
  /** The e-mail address, or +<dial code><number>. */
  address: string;
  userId: string | null;
}

/**
 * A secret that matched but is not spent yet: several are checked first and spent together,
 * so a wrong code in a multi-code step spends none of the right ones.
 */
export interface SecretProof {
  reservations: Reservation[];
  /** Spends the secret inside the caller's transaction; false when a racing request spent it first. */
  spend(trx: Db): Promise<boolean>;
  /** The error when spending finds it already spent. */
  spentError: DomainError;
}

export interface VerificationCodes {
  /**
   * Takes the address's one send per 60 s (spec §5) in one atomic statement, whether or not a
   * code is then sent; throws codeResendTooSoon.
   */
  holdSendSlot(purpose: CodeScope, target: CodeTarget): Promise<void>;
  /** Issues a code and sends it; the caller holds the send slot. */
  issue(
    purpose: CodeScope,
    target: CodeTarget,
    message: (code: string) => { subject: string; text: string },
  ): Promise<{
    resendAfterSeconds: number;
  }>;
  /** Sends a message in place of a code (e.g. "someone tried to register"); the caller holds the send slot. */
  notify(target: CodeTarget, message: { subject: string; text: string }): Promise<{ resendAfterSeconds: number }>;
  /**
   * Checks a code within the account's and the IP's attempt limits, without spending it. A
   * wrong code counts against that code and the account; `field` names the input in the error.
   * Throws codeWrong, codeExpired, codeAlreadyUsed, codeAttemptsExceeded or accountLocked.
   */
  check(purpose: CodeScope, target: CodeTarget, code: string, field: string, ip: string | null): Promise<SecretProof>;
  /** check, then spend. */
  consume(purpose: CodeScope, target: CodeTarget, code: string, field: string, ip: string | null): Promise<void>;
}

/** The attempt limits a code or authenticator check spends: the account's and, when known, the IP's. */
export function codeChecks(subject: string, ip: string | null): AttemptCheck[] {
  const checks: AttemptCheck[] = [{ policy: attemptPolicies.codeByAccount, subject }];
  if (ip) checks.unshift({ policy: attemptPolicies.codeByIp, subject: ip });
  return checks;
}

/**
 * Spends checked secrets together in one transaction: all or none. Each proof's slots are then
 * given back; a proof a racing request spent first counts as a failure and answers its error.
 */
export async function spendProofs(db: Db, limiter: AttemptLimiter, proofs: readonly SecretProof[]): Promise<void> {
  let lost: SecretProof | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      for (const proof of proofs) {
        if (!(await proof.spend(trx))) {
          lost = proof;
          throw lost.spentError;
        }
      }
    })
    .catch((error: unknown) => {
      if (!lost) throw error;
    });
  await limiter.succeeded(proofs.filter((proof) => proof !== lost).flatMap((proof) => proof.reservations));
  if (lost) {
    limiter.failed(lost.reservations);
    throw lost.spentError;
  }
}

/** Gives back the slots of proofs that will not be spent (another secret of the step was wrong). */
export async function releaseProofs(limiter: AttemptLimiter, proofs: readonly SecretProof[]): Promise<void> {
  await limiter.succeeded(proofs.flatMap((proof) => proof.reservations));
}

export function createVerificationCodes(deps: { db: Db; messenger: Messenger; limiter: AttemptLimiter; key: Buffer }): VerificationCodes {
  const { db, messenger, limiter, key } = deps;
  const macFor = (purpose: string, target: CodeTarget, code: string) =>
    macOf(key, `code:${purpose}:${target.channel}:${target.address}`, code);
  const limiterSubject = (target: CodeTarget) => target.userId ?? `${target.channel}:${target.address}`;
  const resendPolicy = {
    scope: 'code-resend',
    maxFailures: 1,
    windowMinutes: limits.codeResendWaitSeconds / 60,
    lockMinutes: limits.codeResendWaitSeconds / 60,
  };

  const codes: VerificationCodes = {
    async holdSendSlot(purpose, target) {
      const wait = await limiter.take(resendPolicy, `${purpose}:${target.channel}:${target.address}`);
      if (wait) throw identityError('codeResendTooSoon', { seconds: Math.min(wait.retryAfterSeconds, limits.codeResendWaitSeconds) });
    },

    async issue(purpose, target, message) {
      const code = randomCode();
      await db
        .insertInto('verification_code')
        .values({
          purpose,
          channel: target.channel,
          target: target.address,
          user_id: target.userId,
          code_hash: macFor(purpose, target, code),
          expires_at: sql<Date>`now() + make_interval(mins => ${codeLifetimeMinutes})`,
        })
        .execute();
      const { subject, text } = message(code);
      try {
        await messenger.send({ channel: target.channel, to: target.address, subject, text });
      } catch {
        throw identityError('codeSendFailed');
      }
      return { resendAfterSeconds: limits.codeResendWaitSeconds };
    },

    async notify(target, message) {
      await messenger.send({ channel: target.channel, to: target.address, ...message }).catch(() => undefined);
      return { resendAfterSeconds: limits.codeResendWaitSeconds };
    },

    async check(purpose, target, code, field, ip) {
      // The attempt is counted before anything is looked at: a request that dies half-way
      // has still spent it.
      const reservations = await limiter.reserve(codeChecks(limiterSubject(target), ip));
      const latest = await db
        .selectFrom('verification_code')
        .select(['id', 'code_hash', 'used_at', 'wrong_attempts', sql<boolean>`expires_at <= now()`.as('is_expired')])
        .where('purpose', '=', purpose)
        .where('channel', '=', target.channel)
        .where('target', '=', target.address)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const isMatch = latest !== undefined && constantTimeEqual(latest.code_hash, macFor(purpose, target, code));

      if (isMatch && latest.used_at === null && !latest.is_expired && latest.wrong_attempts < wrongAttemptsPerCode) {
        return {
          reservations,
          spentError: identityError('codeAlreadyUsed', {}, field),
          async spend(trx) {
            // Conditional update: of two requests racing with the same code, one wins.
            const spent = await trx
              .updateTable('verification_code')
              .set({ used_at: sql<Date>`now()` })
              .where('id', '=', latest.id)
              .where('used_at', 'is', null)
              .executeTakeFirst();
            return spent.numUpdatedRows === 1n;
          },
        };
      }

      const wrongAttempts =
        latest && !isMatch
          ? (
              await db
                .updateTable('verification_code')
                .set({ wrong_attempts: sql<number>`wrong_attempts + 1` })
                .where('id', '=', latest.id)
                .returning('wrong_attempts')
                .executeTakeFirstOrThrow()
            ).wrong_attempts
          : (latest?.wrong_attempts ?? 0);
      limiter.failed(reservations);
      if (isMatch && latest.used_at !== null) throw identityError('codeAlreadyUsed', {}, field);
      if (isMatch && latest.is_expired) throw identityError('codeExpired', {}, field);
      if (wrongAttempts >= wrongAttemptsPerCode) throw identityError('codeAttemptsExceeded', {}, field);
      throw identityError('codeWrong', {}, field);
    },

    async consume(purpose, target, code, field, ip) {
      const proof = await codes.check(purpose, target, code, field, ip);
      await spendProofs(db, limiter, [proof]);
    },
  };
  return codes;
}
