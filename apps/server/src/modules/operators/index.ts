import type { CreatedOperator, OperatorPermission } from '@coffer/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { createPasswordHasher } from '../../platform/security/password-hasher';
import type { ServerSecrets } from '../../platform/security/secrets';
import type { AuditApi } from '../audit';
import type { AttemptLimiter } from '../identity';
import {
  activationOrigin,
  createActivationService,
  ensureFirstOperator,
  type ActivationService,
  type CreatedBy,
} from './operator-activation.service';
import { createRequireOperator } from './operator-authentication';
import { listOperators } from './operator-list';
import { createOperatorLoginService } from './operator-login.service';
import { createOperatorSessionStore } from './operator-sessions';
import { registerOperatorRoutes } from './operators.routes';

export {
  operatorAuditFields,
  operatorOf,
  operatorIdentityOf,
  type OperatorAuditFields,
  type OperatorIdentity,
  type RequireOperator,
} from './operator-authentication';
export { activationOrigin, createOperator, ensureFirstOperator, firstOperatorEmail, type CreatedBy } from './operator-activation.service';
export type { OperatorSession } from './operator-sessions';

/** What other modules may ask of the operators module. */
export interface OperatorsApi {
  /** A disabled-until-activated operator and its one-time activation link (24 h). */
  createOperator: ActivationService['create'];
}

export interface OperatorsModuleDeps {
  db: Db;
  config: Pick<AppConfig, 'COOKIE_SECURE' | 'PUBLIC_ORIGIN' | 'PORT' | 'DATABASE_URL'>;
  secrets: ServerSecrets;
  /** Identity's attempt limiter: the one attempt mechanism. */
  limiter: AttemptLimiter;
  audit: Pick<AuditApi, 'record'>;
}

/** What `app.ts` and `main.ts` get. */
export interface OperatorsModule {
  api: OperatorsApi;
  /**
   * The guard of every operator call (a Fastify preHandler): the operator cookie's session, then
   * the permission, checked on every call against the role as it is now; none: any operator.
   * HTTP 401 without a live session, 403 without the permission.
   */
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  /** `bootstrapFirstOperator` with this module's dependencies. */
  bootstrap(): Promise<CreatedOperator | null>;
  register(app: FastifyInstance): void;
}

/**
 * The first start of the embedded default (no `DATABASE_URL`), for `main.ts` to log: when no
 * operator exists at all, the superAdmin `admin@coffer.local` and its one-time activation link.
 * Null otherwise, and always on a configured database, where `npm run operator -- create` asks
 * for the first one.
 */
export function bootstrapFirstOperator(deps: Omit<OperatorsModuleDeps, 'limiter'>): Promise<CreatedOperator | null> {
  if (deps.config.DATABASE_URL) return Promise.resolve(null);
  return ensureFirstOperator(deps.db, { key: deps.secrets.key, audit: deps.audit, publicOrigin: activationOrigin(deps.config) });
}

/**
 * The operators module: the back office's people (not customers), their activation, login with
 * password and authenticator in one step, sessions (15 min idle, 8 h at most) and permissions.
 */
export function createOperatorsModule(deps: OperatorsModuleDeps): OperatorsModule {
  const { db, config, secrets, audit } = deps;
  const publicOrigin = activationOrigin(config);
  const sessions = createOperatorSessionStore({ db, key: secrets.key });
  const hasher = createPasswordHasher(secrets.pepper);
  const activation = createActivationService({ db, key: secrets.key, audit, publicOrigin, hasher });
  const login = createOperatorLoginService({ db, key: secrets.key, hasher, limiter: deps.limiter, sessions, audit });
  const requireOperator = createRequireOperator(sessions);

  return {
    api: { createOperator: (body, by: CreatedBy) => activation.create(body, by) },
    requireOperator,
    bootstrap: () => bootstrapFirstOperator(deps),
    register(app) {
      registerOperatorRoutes(app, { activation, login, list: () => listOperators(db) }, requireOperator, config);
    },
  };
}
