import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';

/** How many failures a subject may have in a window before it is locked, and for how long. */
export interface AttemptPolicy {
  scope: string;
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

/**
 * Failures are counted per account (and per IP), never per session, so a new session does
 * not start a new count (issue: abuse limits).
 */
export const attemptPolicies = {
  loginByAccount: { scope: 'login:account', maxFailures: 5, windowMinutes: 15, lockMinutes: 15 },
  loginByIp: { scope: 'login:ip', maxFailures: 30, windowMinutes: 15, lockMinutes: 15 },
  codeByAccount: { scope: 'code:account', maxFailures: 5, windowMinutes: 15, lockMinutes: 15 },
  codeByIp: { scope: 'code:ip', maxFailures: 50, windowMinutes: 15, lockMinutes: 15 },
  fundPasswordByAccount: { scope: 'fund-password:account', maxFailures: 5, windowMinutes: 60, lockMinutes: 60 },

} as const satisfies Record<string, AttemptPolicy>;

export interface AttemptLimiter {
  /** Throws accountLocked while the subject is locked. */
  assertNotLocked(policy: AttemptPolicy, subject: string): Promise<void>;
  /** Counts one failure atomically; answers whether that failure locked the subject. */
  recordFailure(policy: AttemptPolicy, subject: string): Promise<{ isLocked: boolean }>;
  reset(policy: AttemptPolicy, subject: string): Promise<void>;
  /** Whether the subject is locked now, without throwing. */
  isLocked(policy: AttemptPolicy, subject: string): Promise<boolean>;
}

export function lockedError(policy: AttemptPolicy, lockedUntil: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
  return new AppError('accountLocked', { minutes: Math.min(minutes, policy.lockMinutes) });
}

export function createAttemptLimiter(db: Db): AttemptLimiter {
  async function lockedUntil(policy: AttemptPolicy, subject: string): Promise<Date | null> {
    const row = await db
      .selectFrom('attempt_counter')
      .select('locked_until')
      .where('scope', '=', policy.scope)
      .where('subject', '=', subject)
      .where('locked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.locked_until ?? null;
  }

  return {
    async assertNotLocked(policy, subject) {
      const until = await lockedUntil(policy, subject);
      if (until) throw lockedError(policy, until);
    },

    async recordFailure(policy, subject) {
      // One statement, so concurrent failures each count: the row lock serialises them.
      const freshWindow = sql`(attempt_counter.window_started_at < now() - make_interval(mins => ${policy.windowMinutes})
        or (attempt_counter.locked_until is not null and attempt_counter.locked_until <= now()))`;
      const nextFailures = sql`case when ${freshWindow} then 1 else attempt_counter.failures + 1 end`;
      const result = await sql<{ failures: number; locked_until: Date | null }>`
        insert into attempt_counter (scope, subject, failures, window_started_at, locked_until)
        values (${policy.scope}, ${subject}, 1, now(),
                case when 1 >= ${policy.maxFailures} then now() + make_interval(mins => ${policy.lockMinutes}) end)
        on conflict (scope, subject) do update set
          failures = ${nextFailures},
          window_started_at = case when ${freshWindow} then now() else attempt_counter.window_started_at end,
          locked_until = case
            when attempt_counter.locked_until > now() then attempt_counter.locked_until
            when ${nextFailures} >= ${policy.maxFailures} then now() + make_interval(mins => ${policy.lockMinutes})
            when ${freshWindow} then null
            else attempt_counter.locked_until end
        returning failures, locked_until
      `.execute(db);
      const row = result.rows[0];
      return { isLocked: row?.locked_until !== null && row?.locked_until !== undefined && row.locked_until > new Date() };
    },

    isLocked: async (policy, subject) => (await lockedUntil(policy, subject)) !== null,

    async reset(policy, subject) {
      await db.deleteFrom('attempt_counter').where('scope', '=', policy.scope).where('subject', '=', subject).execute();
    },
  };
}
