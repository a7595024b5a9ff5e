import {
  adminActivationPage,
  checkLoginPassword,
  type ActivationFinishBody,
  type ActivationStart,
  type CreateOperatorBody,
  type CreatedOperator,
} from '@coffer/contract';
import QRCode from 'qrcode';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { PasswordHasher } from '../../platform/security/password-hasher';
import { decryptSecret, encryptSecret, macOf, randomToken } from '../../platform/security/crypto';
import type { AuditActor, AuditApi } from '../audit';
import { createTotpSecret, matchTotpStep, totpUri } from '../identity';
import { operatorRepository } from './operator.repository';
import type { OperatorCaller } from './operator-sessions';
import { operatorsError } from './operators.errors';

/** An activation link is valid this long, once. */
export const activationValidHours = 24;

/** The e-mail of the superAdmin the embedded default creates at its first start. */
export const firstOperatorEmail = 'admin@coffer.local';

export interface ActivationDeps {
  db: Db;
  /** MACs of the link's token, sealing of the authenticator secret. */
  key: Buffer;
  audit: Pick<AuditApi, 'record'>;
  /** Where activation links point: `PUBLIC_ORIGIN`, or this machine at `PORT`. */
  publicOrigin: string;
}

/** Who creates an operator: an operator through the API, or the system (the CLI, the first start). */
export interface CreatedBy {
  actor: AuditActor;
  caller?: OperatorCaller;
}

export interface ActivationService {
  create(body: CreateOperatorBody, by: CreatedBy): Promise<CreatedOperator>;
  /** A fresh authenticator secret, held pending against the link (a later start replaces it). */
  start(token: string): Promise<ActivationStart>;
  /** Password and authenticator set, operator active, link spent: once, whatever races it. */
  finish(body: ActivationFinishBody, caller: OperatorCaller): Promise<void>;
}

/** The origin of activation links. */
export function activationOrigin(config: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'PORT'>): string {
  return config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : `http://localhost:${config.PORT}`;
}

const activationMac = (key: Buffer, token: string) => macOf(key, 'operator-activation', token);

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}

/** Inserts the operator and its audit row on `trx`; the link's token exists only in the answer. */
async function insertOperator(
  trx: Db,
  deps: Omit<ActivationDeps, 'db'>,
  body: CreateOperatorBody,
  by: CreatedBy,
): Promise<CreatedOperator> {
  const token = randomToken();
  const email = body.email.trim().toLowerCase();
  const name = body.name ?? null;
  const { id, expiresAt } = await operatorRepository.insert(trx, {
    email,
    role: body.role,
    name,
    tokenHash: activationMac(deps.key, token),
    validHours: activationValidHours,
  });
  await deps.audit.record(trx, {
    actor: by.actor,
    action: 'operator.create',
    subject: { kind: 'operator', id },
    ip: by.caller?.ip ?? null,
    userAgent: by.caller?.userAgent ?? null,
    after: { email, role: body.role, name, status: 'disabled' },
  });
  const link = `${deps.publicOrigin}${adminActivationPage}?token=${encodeURIComponent(token)}`;
  return { id, email, role: body.role, activationLink: link, expiresAt: expiresAt.toISOString() };
}

/**
 * The first start's superAdmin: when no operator exists at all, creates `admin@coffer.local`
 * and answers its activation link; otherwise null. Processes starting together on one database
 * take a transaction lock, so one creates it.
 */
export function ensureFirstOperator(db: Db, deps: Omit<ActivationDeps, 'db'>): Promise<CreatedOperator | null> {
  return db.transaction().execute(async (trx) => {
    await operatorRepository.lockFirstOperatorCreation(trx);
    if (!(await operatorRepository.isEmpty(trx))) return null;
    return insertOperator(trx, deps, { email: firstOperatorEmail, role: 'superAdmin' }, { actor: { kind: 'system', id: 'bootstrap' } });
  });
}

/** A disabled-until-activated operator (the API's call, and `npm run operator -- create`). */
export async function createOperator(
  db: Db,
  deps: Omit<ActivationDeps, 'db'>,
  body: CreateOperatorBody,
  by: CreatedBy,
): Promise<CreatedOperator> {
  try {
    return await db.transaction().execute((trx) => insertOperator(trx, deps, body, by));
  } catch (error) {
    if (isUniqueViolation(error)) throw operatorsError('duplicateEmail', {}, 'email');
    throw error;
  }
}

export function createActivationService(deps: ActivationDeps & { hasher: PasswordHasher }): ActivationService {
  const { db, key } = deps;

  return {
    create: (body, by) => createOperator(db, deps, body, by),

    async start(token) {
      const secret = createTotpSecret();
      const operator = await operatorRepository.holdPendingSecret(db, activationMac(key, token), encryptSecret(key, secret));
      if (!operator) throw operatorsError('activationLinkExpired', {}, 'token');
      const otpauthUri = totpUri(secret, `${operator.email} (admin)`);
      const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { email: operator.email, secret, otpauthUri, qrCodeSvg };
    },

    async finish(body, caller) {
      if (checkLoginPassword(body.password)) throw operatorsError('passwordRuleViolated', {}, 'password');
      const tokenHash = activationMac(key, body.token);
      const pending = await operatorRepository.findPendingActivation(db, tokenHash);
      if (!pending) throw operatorsError('activationLinkExpired', {}, 'token');
      // The code proves the pending secret was scanned; its step is spent, so it cannot log in too.
      const step = pending.pending ? await matchTotpStep(decryptSecret(key, pending.pending), body.totpCode) : null;
      if (step === null || !pending.pending) throw operatorsError('authenticatorCodeWrong', {}, 'totpCode');
      const pendingSecret = pending.pending;
      const passwordHash = await deps.hasher.hash(body.password);
      const isActivated = await db.transaction().execute(async (trx) => {
        const operator = await operatorRepository.activate(trx, { tokenHash, pendingSecret, passwordHash, totpStep: step });
        if (!operator) return false;
        await deps.audit.record(trx, {
          actor: { kind: 'operator', id: operator.id, name: operator.email },
          action: 'operator.activate',
          subject: { kind: 'operator', id: operator.id },
          ip: caller.ip,
          userAgent: caller.userAgent,
          after: { status: 'active', role: operator.role },
        });
        return true;
      });
      if (!isActivated) throw operatorsError('activationLinkExpired', {}, 'token');
    },
  };
}
