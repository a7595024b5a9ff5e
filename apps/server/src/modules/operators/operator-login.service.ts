import type { OperatorLoginBody, OperatorProfile } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { PasswordHasher } from '../../platform/security/password-hasher';
import { decryptSecret } from '../../platform/security/crypto';
import type { AuditApi, AuditEntry } from '../audit';
import { createTotpSecret, matchTotpStep, type AttemptLimiter, type AttemptPolicy, type Reservation } from '../identity';
import { permissionsOf } from './operator-permissions';
import { operatorRepository, type OperatorRow } from './operator.repository';
import type { OperatorCaller, OperatorSession, OperatorSessionStore } from './operator-sessions';
import { operatorsError } from './operators.errors';

/** Operator logins through identity's one attempt mechanism, under scopes of their own. */
export const operatorAttemptPolicies = {
  loginByAccount: { scope: 'operator-login:account', maxFailures: 5, windowMinutes: 15, lockMinutes: 15, onSuccess: 'reset' },
  loginByIp: { scope: 'operator-login:ip', maxFailures: 20, windowMinutes: 15, lockMinutes: 15, onSuccess: 'refund' },
} as const satisfies Record<string, AttemptPolicy>;

/** Why a login failed, for the audit log only: every one answers the same to the caller. */
type FailureReason = 'locked' | 'unknownEmail' | 'notActivated' | 'wrongPassword' | 'wrongTotp' | 'reusedTotp' | 'disabled';

export interface OperatorLoginService {
  /** Password and authenticator code in one step; answers the session token (for the cookie) and the profile. */
  login(body: OperatorLoginBody, caller: OperatorCaller): Promise<{ token: string; profile: OperatorProfile }>;
  /** Ends the session a token names, if it is live. */
  logout(token: string | null, caller: OperatorCaller): Promise<void>;
}

export interface OperatorLoginDeps {
  db: Db;
  key: Buffer;
  hasher: PasswordHasher;
  limiter: AttemptLimiter;
  sessions: OperatorSessionStore;
  audit: Pick<AuditApi, 'record'>;
}

export function profileOf(operator: Pick<OperatorSession, 'operatorId' | 'email' | 'name' | 'role'>): OperatorProfile {
  return {
    id: operator.operatorId,
    email: operator.email,
    name: operator.name,
    role: operator.role,
    permissions: permissionsOf(operator.role),
  };
}

export function createOperatorLoginService(deps: OperatorLoginDeps): OperatorLoginService {
  const { db, limiter, sessions, audit } = deps;
  /** Checked in place of an unknown or unactivated operator's secret, so every login does the same work. */
  const decoySecret = createTotpSecret();

  function failureEntry(email: string, operator: OperatorRow | undefined, reason: FailureReason, caller: OperatorCaller): AuditEntry {
    return {
      actor: { kind: 'operator', id: operator?.id ?? 'unknown', name: email },
      action: 'operator.loginFailed',
      subject: operator ? { kind: 'operator', id: operator.id } : null,
      ip: caller.ip,
      userAgent: caller.userAgent,
      reason,
    };
  }

  /** Both secrets are checked whatever the first answers: an unknown e-mail costs what a known one does. */
  async function checkSecrets(operator: OperatorRow | undefined, body: OperatorLoginBody): Promise<FailureReason | { step: number }> {
    const passwordHash = operator?.password_hash ?? null;
    const isPasswordRight = passwordHash
      ? await deps.hasher.verify(passwordHash, body.password)
      : await deps.hasher.verifyNothing(body.password).then(() => false);
    const sealed = operator?.totp_secret_encrypted ?? null;
    const step = await matchTotpStep(sealed ? decryptSecret(deps.key, sealed) : decoySecret, body.totpCode);
    if (!operator) return 'unknownEmail';
    if (!passwordHash || !sealed) return 'notActivated';
    if (!isPasswordRight) return 'wrongPassword';
    if (step === null) return 'wrongTotp';
    if (operator.totp_last_step !== null && step <= Number(operator.totp_last_step)) return 'reusedTotp';
    return { step };
  }

  async function refuse(
    email: string,
    operator: OperatorRow | undefined,
    reason: FailureReason,
    caller: OperatorCaller,
    reservations: Reservation[],
  ): Promise<never> {
    const startsLock = reservations.some((reservation) => reservation.isLast);
    await db.transaction().execute(async (trx) => {
      await audit.record(trx, failureEntry(email, operator, reason, caller));
      // The lock is recorded once, as it starts; refusals while it lasts are only counted (the limiter's metric).
      if (startsLock) await audit.record(trx, failureEntry(email, operator, 'locked', caller));
    });
    // Kept counted; the last slot answers accountLocked.
    limiter.failed(reservations);
    throw operatorsError('operatorCredentialsWrong');
  }

  return {
    /**
     * The attempt is reserved against the operator (an unknown e-mail under its address) and the
     * IP before either secret is checked, so a burst of any size gets at most the limit's
     * verifications; a wrong e-mail, password or code answer alike.
     */
    async login(body, caller) {
      const email = body.email.trim().toLowerCase();
      const operator = await operatorRepository.findByEmail(db, email);
      // Refused while locked: no audit row (the row of the attempt that started the lock stands for
      // them), counted by the limiter's `coffer_secret_verifications_total{outcome="refused"}`.
      const reservations = await limiter.reserve([
        { policy: operatorAttemptPolicies.loginByIp, subject: caller.ip },
        { policy: operatorAttemptPolicies.loginByAccount, subject: operator ? operator.id : `unknown:${email}` },
      ]);
      const checked = await checkSecrets(operator, body);
      if (typeof checked === 'string' || !operator)
        return refuse(email, operator, typeof checked === 'string' ? checked : 'unknownEmail', caller, reservations);

      if (operator.status !== 'active') {
        // Every secret was right: the attempt is no guess, but the account may not sign in.
        await limiter.succeeded(reservations);
        await audit.record(db, failureEntry(email, operator, 'disabled', caller));
        throw operatorsError('operatorDisabled');
      }
      const token = await db.transaction().execute(async (trx) => {
        // Of two requests with one code, one claims its step.
        if (!(await operatorRepository.claimLoginStep(trx, operator.id, checked.step))) return null;
        const session = await sessions.create(trx, operator.id, caller);
        await audit.record(trx, {
          actor: { kind: 'operator', id: operator.id, name: operator.email },
          action: 'operator.login',
          subject: { kind: 'operatorSession', id: session.sessionId },
          ip: caller.ip,
          userAgent: caller.userAgent,
        });
        return session.token;
      });
      if (!token) return refuse(email, operator, 'reusedTotp', caller, reservations);
      await limiter.succeeded(reservations);
      return {
        token,
        profile: profileOf({ operatorId: operator.id, email: operator.email, name: operator.display_name, role: operator.role }),
      };
    },

    async logout(token, caller) {
      if (!token) return;
      await db.transaction().execute(async (trx) => {
        const ended = await sessions.end(trx, token);
        if (!ended) return;
        await audit.record(trx, {
          actor: { kind: 'operator', id: ended.operatorId },
          action: 'operator.logout',
          subject: { kind: 'operatorSession', id: ended.sessionId },
          ip: caller.ip,
          userAgent: caller.userAgent,
        });
      });
    },
  };
}
