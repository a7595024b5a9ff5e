import { limits, type CodePurpose } from '@coffer/contract';
import { sql } from 'kysely';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { constantTimeEqual, macOf, randomCode } from '../../platform/security/crypto';
import { attemptPolicies, lockedError, type AttemptLimiter } from './attempt-limiter';

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

export interface VerificationCodes {
  /** Issues a code and sends it; refuses a resend within 60 s (spec §5). */
  issue(purpose: CodeScope, target: CodeTarget, message: (code: string) => { subject: string; text: string }): Promise<{
    resendAfterSeconds: number;
  }>;
  /** Sends a message in place of a code (e.g. "someone tried to register"), under the same wait. */
  notify(purpose: CodeScope, target: CodeTarget, message: { subject: string; text: string }): Promise<{ resendAfterSeconds: number }>;
  /**
   * Spends a code. A wrong code counts against the code and the account; `field` names the
   * input in the error. Throws codeWrong, codeExpired or accountLocked.
   */
  consume(purpose: CodeScope, target: CodeTarget, code: string, field: string): Promise<void>;
}

export function createVerificationCodes(deps: {
  db: Db;
  messenger: Messenger;
  limiter: AttemptLimiter;
  key: Buffer;
}): VerificationCodes {
  const { db, messenger, limiter, key } = deps;
  const macFor = (purpose: string, target: CodeTarget, code: string) =>
    macOf(key, `code:${purpose}:${target.channel}:${target.address}`, code);
  const limiterSubject = (target: CodeTarget) => target.userId ?? `${target.channel}:${target.address}`;

  async function assertResendAllowed(purpose: CodeScope, target: CodeTarget): Promise<void> {
    const latest = await db
      .selectFrom('verification_code')
      .select(sql<number>`extract(epoch from now() - created_at)::float8`.as('age_seconds'))
      .where('purpose', '=', purpose)
      .where('channel', '=', target.channel)
      .where('target', '=', target.address)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest && latest.age_seconds < limits.codeResendWaitSeconds) {
      throw new AppError('codeResendTooSoon', { seconds: Math.ceil(limits.codeResendWaitSeconds - latest.age_seconds) });
    }
  }

  async function record(purpose: CodeScope, target: CodeTarget, codeHash: string): Promise<void> {
    await db
      .insertInto('verification_code')
      .values({
        purpose,
        channel: target.channel,
        target: target.address,
        user_id: target.userId,
        code_hash: codeHash,
        expires_at: sql<Date>`now() + make_interval(mins => ${codeLifetimeMinutes})`,
      })
      .execute();
  }

  return {
    async issue(purpose, target, message) {
      await assertResendAllowed(purpose, target);
      const code = randomCode();
      await record(purpose, target, macFor(purpose, target, code));
      const { subject, text } = message(code);
      try {
        await messenger.send({ channel: target.channel, to: target.address, subject, text });
      } catch {
        throw new AppError('codeSendFailed');
      }
      return { resendAfterSeconds: limits.codeResendWaitSeconds };
    },

    async notify(purpose, target, message) {
      await assertResendAllowed(purpose, target);
      // A spent row keeps the resend wait identical to a real code's, and matches nothing.
      await db
        .insertInto('verification_code')
        .values({
          purpose,
          channel: target.channel,
          target: target.address,
          user_id: target.userId,
          code_hash: 'none',
          expires_at: sql<Date>`now()`,
          used_at: sql<Date>`now()`,
        })
        .execute();
      await messenger.send({ channel: target.channel, to: target.address, ...message }).catch(() => undefined);
      return { resendAfterSeconds: limits.codeResendWaitSeconds };
    },

    async consume(purpose, target, code, field) {
      const subject = limiterSubject(target);
      await limiter.assertNotLocked(attemptPolicies.codeByAccount, subject);
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
        // Conditional update: of two requests racing with the same code, one wins.
        const spent = await db
          .updateTable('verification_code')
          .set({ used_at: sql<Date>`now()` })
          .where('id', '=', latest.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (spent.numUpdatedRows === 1n) {
          await limiter.reset(attemptPolicies.codeByAccount, subject);
          return;
        }
      }

      if (latest && !isMatch) {
        await db
          .updateTable('verification_code')
          .set({ wrong_attempts: sql<number>`wrong_attempts + 1` })
          .where('id', '=', latest.id)
          .execute();
      }
      const { isLocked } = await limiter.recordFailure(attemptPolicies.codeByAccount, subject);
      if (isLocked) throw lockedError(attemptPolicies.codeByAccount, new Date(Date.now() + attemptPolicies.codeByAccount.lockMinutes * 60_000));
      if (isMatch && latest.used_at !== null) throw new AppError('codeAlreadyUsed', {}, field);
      if (isMatch && latest.is_expired) throw new AppError('codeExpired', {}, field);
      if (latest && latest.wrong_attempts + 1 >= wrongAttemptsPerCode) throw new AppError('codeAttemptsExceeded', {}, field);
      throw new AppError('codeWrong', {}, field);
    },
  };
}
