import { sql } from 'kysely';
import { Counter, type Registry } from 'prom-client';
import type { Db } from '../../platform/db/database';
import type { DomainError } from '../../platform/errors/domain-error';
import { identityError } from './identity.errors';

/**
 * How many attempts a subject may spend in a window before it is locked, and for how long.
 * `onSuccess` says what a verified attempt gives back: `reset` clears the subject's count (only
 * for a scope that guards one secret, so proving one secret never refills the tries of
 * another), `refund` returns just that attempt's slot.
 */
export interface AttemptPolicy {
  scope: string;
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
  onSuccess: 'reset' | 'refund';
}

/**
 * Failures are counted per account (and per IP), never per session, so a new session does
 * not start a new count. Every secret the platform checks goes through one of these.
 */
export const attemptPolicies = {
  loginByAccount: { scope: 'login:account', maxFailures: 5, windowMinutes: 15, lockMinutes: 15, onSuccess: 'reset' },
  loginByIp: { scope: 'login:ip', maxFailures: 30, windowMinutes: 15, lockMinutes: 15, onSuccess: 'refund' },
  /** One count for every code of an account (authenticator, SMS, e-mail, reset and binding codes). */
  codeByAccount: { scope: 'code:account', maxFailures: 5, windowMinutes: 15, lockMinutes: 15, onSuccess: 'refund' },
  codeByIp: { scope: 'code:ip', maxFailures: 50, windowMinutes: 15, lockMinutes: 15, onSuccess: 'refund' },
  fundPasswordByAccount: { scope: 'fund-password:account', maxFailures: 5, windowMinutes: 60, lockMinutes: 60, onSuccess: 'reset' },
  fundPasswordByIp: { scope: 'fund-password:ip', maxFailures: 30, windowMinutes: 60, lockMinutes: 60, onSuccess: 'refund' },
} as const satisfies Record<string, AttemptPolicy>;

/** One limit to spend an attempt against: a policy and whom it counts for (user id, IP…). */
export interface AttemptCheck {
  policy: AttemptPolicy;
  subject: string;
}

/** A slot taken before a verification; it stays counted unless the verification succeeds. */
export interface Reservation {
  check: AttemptCheck;
  /** The window the slot was taken in (exact text of the timestamp), so a late refund cannot touch a newer window. */
  window: string;
  /** This slot was the last one: the subject is locked unless the verification succeeds. */
  isLast: boolean;
}

export interface AttemptLimiter {
  /**
   * Takes one slot of every check, each in one atomic statement, before anything is verified:
   * however many requests race, at most `maxFailures` verifications per subject run in a
   * window. Throws accountLocked (and takes nothing) when a check has no slot left.
   */
  reserve(checks: readonly AttemptCheck[]): Promise<Reservation[]>;
  /** The verification succeeded: each slot is given back as its policy says. */
  succeeded(reservations: readonly Reservation[]): Promise<void>;
  /** The verification failed: the slots stay spent; throws accountLocked when one was the last. */
  failed(reservations: readonly Reservation[]): void;
  /**
   * Runs `verify` within the checks' limits: reserve, verify, then give back or keep. A
   * verification that throws keeps its slots (it counts as a failure). Answers whether it
   * succeeded; throws accountLocked when the limit is or becomes exhausted.
   */
  verify(checks: readonly AttemptCheck[], verify: () => Promise<boolean>): Promise<boolean>;
  /**
   * A quota (sends per IP, one code per 60 s): takes a slot that is never given back. Answers
   * null when taken, or how many seconds until the next slot frees up.
   */
  take(policy: Omit<AttemptPolicy, 'onSuccess'>, subject: string): Promise<{ retryAfterSeconds: number } | null>;
  /** Whether the subject is locked now. */
  isLocked(policy: AttemptPolicy, subject: string): Promise<boolean>;
  /** Clears a subject's count (after a proof stronger than the secret, e.g. every factor verified). */
  reset(policy: AttemptPolicy, subject: string): Promise<void>;
}

export function lockedError(policy: Pick<AttemptPolicy, 'lockMinutes'>, lockedUntil: Date): DomainError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
  return identityError('accountLocked', { minutes: Math.min(minutes, policy.lockMinutes) });
}

export function createAttemptLimiter(db: Db, registry?: Registry): AttemptLimiter {
  const verifications = new Counter({
    name: 'coffer_secret_verifications_total',
    help: 'Secrets verified (passwords, codes, fund passwords), by scope and outcome; refused attempts never reach a verification',
    labelNames: ['scope', 'outcome'],
    registers: registry ? [registry] : [],
  });

  async function lockedUntil(policy: Pick<AttemptPolicy, 'scope'>, subject: string): Promise<Date | null> {
    const row = await db
      .selectFrom('attempt_counter')
      .select('locked_until')
      .where('scope', '=', policy.scope)
      .where('subject', '=', subject)
      .where('locked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.locked_until ?? null;
  }

  /**
   * Takes a slot in one statement: the upsert's row lock serialises racing requests, and the
   * `where` refuses while the subject is locked. A window that has passed, or a lock that has
   * run out, starts a fresh count. The slot that reaches the maximum locks at once, so no
   * request can slip in while the last verification runs.
   */
  async function takeSlot(policy: Omit<AttemptPolicy, 'onSuccess'>, subject: string) {
    const freshWindow = sql`(c.window_started_at < now() - make_interval(mins => ${policy.windowMinutes})
      or (c.locked_until is not null and c.locked_until <= now()))`;
    const nextCount = sql`case when ${freshWindow} then 1 else c.failures + 1 end`;
    const lockFor = sql`now() + make_interval(mins => ${policy.lockMinutes})`;
    const result = await sql<{ failures: number; window: string }>`
      insert into attempt_counter as c (scope, subject, failures, window_started_at, locked_until)
      values (${policy.scope}, ${subject}, 1, now(), case when 1 >= ${policy.maxFailures} then ${lockFor} end)
      on conflict (scope, subject) do update set
        failures = ${nextCount},
        window_started_at = case when ${freshWindow} then now() else c.window_started_at end,
        locked_until = case when ${nextCount} >= ${policy.maxFailures} then ${lockFor} end
      where c.locked_until is null or c.locked_until <= now()
      returning failures, window_started_at::text as window
    `.execute(db);
    return result.rows[0] ?? null;
  }

  /** Gives one slot back within the window it was taken in; a lock it caused is lifted. */
  async function refund(reservation: Reservation): Promise<void> {
    const { policy, subject } = reservation.check;
    await sql`
      update attempt_counter set
        failures = greatest(failures - 1, 0),
        locked_until = case when failures - 1 < ${policy.maxFailures} then null else locked_until end
      where scope = ${policy.scope} and subject = ${subject} and window_started_at = ${reservation.window}::timestamptz
    `.execute(db);
  }

  async function reset(policy: AttemptPolicy, subject: string): Promise<void> {
    await db.deleteFrom('attempt_counter').where('scope', '=', policy.scope).where('subject', '=', subject).execute();
  }

  const limiter: AttemptLimiter = {
    async reserve(checks) {
      const taken: Reservation[] = [];
      for (const check of checks) {
        const slot = await takeSlot(check.policy, check.subject);
        if (!slot) {
          // Nothing was verified: the slots already taken for this request go back.
          await Promise.all(taken.map(refund));
          verifications.inc({ scope: check.policy.scope, outcome: 'refused' });
          const until = await lockedUntil(check.policy, check.subject);
          throw lockedError(check.policy, until ?? new Date(Date.now() + 60_000));
        }
        taken.push({ check, window: slot.window, isLast: slot.failures >= check.policy.maxFailures });
      }
      return taken;
    },

    async succeeded(reservations) {
      for (const reservation of reservations) {
        verifications.inc({ scope: reservation.check.policy.scope, outcome: 'verified' });
        if (reservation.check.policy.onSuccess === 'reset') await reset(reservation.check.policy, reservation.check.subject);
        else await refund(reservation);
      }
    },

    failed(reservations) {
      for (const reservation of reservations) verifications.inc({ scope: reservation.check.policy.scope, outcome: 'failed' });
      const last = reservations.find((reservation) => reservation.isLast);
      if (last) throw lockedError(last.check.policy, new Date(Date.now() + last.check.policy.lockMinutes * 60_000));
    },

    async verify(checks, verify) {
      const reservations = await limiter.reserve(checks);
      let isVerified = false;
      try {
        isVerified = await verify();
      } finally {
        if (isVerified) await limiter.succeeded(reservations);
        else limiter.failed(reservations);
      }
      return isVerified;
    },

    async take(policy, subject) {
      if (await takeSlot(policy, subject)) return null;
      const until = await lockedUntil(policy, subject);
      return { retryAfterSeconds: until ? Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)) : 1 };
    },

    isLocked: async (policy, subject) => (await lockedUntil(policy, subject)) !== null,
    reset,
  };
  return limiter;
}
