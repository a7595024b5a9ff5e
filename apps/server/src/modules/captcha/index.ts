import type { CaptchaPurpose } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { ServerSecrets } from '../../platform/security/secrets';
import { createCaptchaRepository } from './captcha.repository';
import { registerCaptchaRoutes } from './captcha.routes';
import { createCaptchaService } from './captcha.service';

/** A challenge may be solved and verified for 5 minutes; its token spent within 2. */
export const captchaChallengeSeconds = 300;
export const captchaTokenSeconds = 120;

/** What other modules (identity, API keys) call: spend a captcha token for a purpose. */
export interface CaptchaApi {
  /**
   * Spends the token `/cap/v2/action/verify` answered, for this purpose only. Throws
   * captchaWrong (forged, spent, another purpose's) or captchaExpired.
   */
  verifyOnce(purpose: CaptchaPurpose, token: string): Promise<void>;
}

/** What `app.ts` gets: the API, the purge job and the routes. */
export interface CaptchaModule {
  api: CaptchaApi;
  jobs: JobDefinition[];
  register(app: FastifyInstance): void;
}

/**
 * The self-hosted proof-of-work captcha (ALTCHA): challenges signed with a key derived from the
 * server's secret and bound to a purpose and an expiry; each solution is verified once into a
 * short-lived token, and each token is spent once by the call it protects.
 */
export function createCaptchaModule(deps: { db: Db; secrets: ServerSecrets; maxNumber: number }): CaptchaModule {
  const repository = createCaptchaRepository(deps.db);
  const service = createCaptchaService({
    repository,
    key: deps.secrets.key,
    maxNumber: deps.maxNumber,
    challengeSeconds: captchaChallengeSeconds,
    tokenSeconds: captchaTokenSeconds,
  });
  const purgeJob: JobDefinition = {
    name: 'captcha.purge-spent',
    cron: '*/10 * * * *',
    handle: async (_data, { logger }) => {
      const purged = await repository.purgeExpired();
      if (purged > 0) logger.info({ purged }, 'expired captcha solutions and tokens purged');
    },
  };
  return {
    api: { verifyOnce: (purpose, token) => service.verifyOnce(purpose, token) },
    jobs: [purgeJob],
    register: (app) => registerCaptchaRoutes(app, service),
  };
}
