import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
// The request fields (language, client kind, jwt-token) these routes read are declared there.
import type {} from '../../platform/http/request-context';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { createPasswordHasher } from '../../platform/security/password-hasher';
import type { ServerSecrets } from '../../platform/security/secrets';
import { createAccountService } from './account.service';
import { createAttemptLimiter, type AttemptLimiter } from './attempt-limiter';
import { createCaptchaGate, type CaptchaVerifier } from './captcha-gate';
import { createAuthenticatorChangeService } from './authenticator-change.service';
import { registerAuthentication } from './authentication';
import { registerDevOutboxRoutes } from './dev-outbox.routes';
import { createIdentityApi, type IdentityApi } from './identity-api';
import type { IdentityDeps } from './identity-core';
import { registerIdentityRoutes, type IdentityServices } from './identity.routes';
import { createLoginRepository } from './login.repository';
import { createLoginService } from './login.service';
import { passkeyRepository } from './passkey.repository';
import { createPasskeyService } from './passkey.service';
import { createPasswordResetService } from './password-reset.service';
import { createPreferencesService } from './preferences.service';
import { createRegistrationService } from './registration.service';
import type { FundingFacts } from './security-change';
import { createSecuritySettingsService } from './security-settings.service';
import { createSessionStore } from './session-store';
import { createUserRepository } from './user.repository';
export { isLaterTotpStep } from './user.repository';
import { createVerificationCodes } from './verification-codes';
import { webAuthnConfig } from './webauthn';

export { requireSession, signedIn, type SessionFacts } from './authentication';
export { requestFacts, type RequestFacts } from './request-facts';
export { createDevOutbox } from './dev-outbox';
export { sessionEndedChannel } from './session-events.migration';
export { findLiveSessionIds } from './session-store';
export type { IdentityApi, NoticeKind, PasskeyChallengePurpose, WithdrawalFacts } from './identity-api';
export type { ChallengeAssertion, ChallengeRefusal } from './webauthn';
export type { CustomerFacts, CustomerHistoryEntry, CustomerLockChange } from './customer-admin.service';
export { attemptPolicies, type AttemptCheck, type AttemptLimiter, type AttemptPolicy } from './attempt-limiter';
export type { Reservation } from './attempt-limiter';
export { createTotpSecret, matchTotpStep, totpCode, totpUri } from './totp';

export type { FundingFacts } from './security-change';
export type { CaptchaVerifier } from './captcha-gate';

export interface IdentityModuleDeps {
  db: Db;
  config: AppConfig;
  secrets: ServerSecrets;
  messenger: Messenger;
  funding: FundingFacts;
  /** The captcha module's token check, for calls the attempt counts say need a captcha. */
  captcha: CaptchaVerifier;
  registry?: Registry;
}

/** What `app.ts` gets: the services behind the routes, the attempt limiter, the API other modules call, the jobs, the routes. */
export interface IdentityModule {
  services: IdentityServices;
  /** The one attempt mechanism: every secret other modules check (API keys, LPOA codes…) goes through it. */
  limiter: AttemptLimiter;
  api: IdentityApi;
  /** The purge of expired passkey challenges. */
  jobs: JobDefinition[];
  register(app: FastifyInstance): void;
}

/**
 * The identity module: accounts, sessions, second factors and security settings. `funding`
 * answers from the ledger whether an account ever received funds (it decides whether a first
 * set-up starts the 24-hour withdrawal lock); identity never reads ledger tables itself.
 */
export function createIdentityModule(deps: IdentityModuleDeps): IdentityModule {
  const { db, config, secrets, messenger } = deps;
  const limiter = createAttemptLimiter(db, deps.registry);
  const identityDeps: IdentityDeps = {
    db,
    users: createUserRepository(db),
    sessions: createSessionStore({ db, key: secrets.key, ttlHours: config.SESSION_TTL_HOURS }),
    codes: createVerificationCodes({ db, messenger, limiter, key: secrets.key }),
    limiter,
    captcha: createCaptchaGate(db, deps.captcha, {
      afterFailures: config.CAPTCHA_AFTER_FAILURES,
      afterIpFailures: config.CAPTCHA_AFTER_IP_FAILURES,
    }),
    hasher: createPasswordHasher(secrets.pepper),
    messenger,
    key: secrets.key,
    codeSendsPerIpPerHour: config.CODE_SENDS_PER_IP_PER_HOUR,
    webauthn: webAuthnConfig(config.PUBLIC_ORIGIN),
  };
  const services: IdentityServices = {
    registration: createRegistrationService(identityDeps),
    login: createLoginService(identityDeps, createLoginRepository(db)),
    passwordReset: createPasswordResetService(identityDeps),
    securitySettings: createSecuritySettingsService(identityDeps, deps.funding),
    account: createAccountService(identityDeps),
    authenticatorChange: createAuthenticatorChangeService(identityDeps, deps.funding),
    preferences: createPreferencesService(db, config.GRAY_RELEASE),
    passkeys: createPasskeyService(identityDeps, deps.funding),
  };
  const purgeChallengesJob: JobDefinition = {
    name: 'identity.purge-passkey-challenges',
    cron: '*/10 * * * *',
    handle: async (_data, { logger }) => {
      const purged = await passkeyRepository.purgeExpiredChallenges(db);
      if (purged > 0) logger.info({ purged }, 'expired passkey challenges purged');
    },
  };
  return {
    services,
    jobs: [purgeChallengesJob],
    /** The one attempt mechanism: every secret other modules check (API keys, LPOA codes…) goes through it. */
    limiter,
    api: createIdentityApi(identityDeps, services.securitySettings),
    register(app: FastifyInstance): void {
      registerAuthentication(app, identityDeps.sessions);
      registerIdentityRoutes(app, services, config);
      if (config.DEV_OUTBOX) registerDevOutboxRoutes(app, db);
    },
  };
}
