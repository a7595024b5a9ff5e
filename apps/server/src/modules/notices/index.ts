import type { Language } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { createPollingLoop } from '../../platform/jobs/polling-loop';
import type { Logger } from '../../platform/observability/logger';
import { createNoticeDelivery, type NoticeDelivery, type NoticeRecipient } from './notice-delivery.service';
import { insertNotices, purgeSettledNotices } from './notice-outbox.repository';
import type { LoginNoticeFacts, MoneyNoticeFacts } from './notices.schema';

export type { NoticeDelivery, NoticeRecipient } from './notice-delivery.service';
export type { LoginNoticeFacts, MoneyNoticeFacts, NoticeKind } from './notices.schema';

/** How often a delivering process looks for due notices when none were left. */
const deliveryPollMs = 1_000;
/** Settled notices are kept this long (what was sent, for support), then purged. */
const keepSettledDays = 30;

/**
 * A notice of one event, keyed by it (`eventId`: the session, deposit or withdrawal id), so the
 * same event queued twice is one notice. `language` is the request's, for a customer who chose none.
 */
export type QueuedNotice = { userId: string; eventId: string; language?: Language | null } & (
  { kind: 'login'; facts: LoginNoticeFacts } | { kind: 'deposit' | 'withdrawal'; facts: MoneyNoticeFacts }
);

/**
 * Queues notices in the transaction of the events they report (a login's session, a deposit's
 * credit, a withdrawal's completion): they exist exactly when the event committed, and leave
 * after commit through the delivery loop. Whether the customer wants each is decided then.
 */
export async function queueNotices(executor: Db, notices: readonly QueuedNotice[]): Promise<void> {
  await insertNotices(
    executor,
    notices.map((notice) => ({
      notice_key: `${notice.kind}:${notice.eventId}`,
      user_id: notice.userId,
      kind: notice.kind,
      language: notice.language ?? null,
      facts: notice.facts,
    })),
  );
}

/** What `app.ts` gets: the delivery (tests drive it), the purge job, and the loop's start and stop. */
export interface NoticesModule {
  delivery: NoticeDelivery;
  jobs: JobDefinition[];
  register(app: FastifyInstance): void;
}

/**
 * The customers' optional notices (issue 16, set-preferences: login, deposit, withdrawal): an
 * outbox written in the events' transactions (`queueNotices`), delivered by a loop in every
 * process that runs jobs (`runsDelivery`), to the recipient identity names (`recipient`: the
 * customer's switch, e-mail and language), worded in `notice-messages.ts`.
 */
export function createNoticesModule(deps: {
  db: Db;
  messenger: Messenger;
  recipient: NoticeRecipient;
  scaleOf: (asset: string) => Promise<number>;
  logger: Logger;
  runsDelivery: boolean;
}): NoticesModule {
  const delivery = createNoticeDelivery(deps);
  const batch = 50;
  const loop = createPollingLoop(
    async () => (await delivery.deliverDue(batch)) === batch,
    deliveryPollMs,
    (error) => deps.logger.error({ err: error }, 'notice delivery failed; retrying'),
  );
  const purgeJob: JobDefinition = {
    name: 'notices.purge-settled',
    cron: '17 * * * *',
    handle: async (_data, { logger }) => {
      const purged = await purgeSettledNotices(deps.db, keepSettledDays, 10_000);
      if (purged > 0) logger.info({ purged }, 'settled notices purged');
    },
  };
  return {
    delivery,
    jobs: [purgeJob],
    register(app: FastifyInstance): void {
      if (!deps.runsDelivery) return;
      app.addHook('onReady', async () => loop.start());
      app.addHook('onClose', async () => loop.stop());
    },
  };
}
