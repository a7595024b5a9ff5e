import type { DevOutbox } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';

/**
 * The embedded default's outbox table (viewable at /dev/outbox): it keeps the text, that is its
 * purpose. The messenger writes here only when `DEV_OUTBOX` is on.
 */
export function createDevOutbox(db: Db): DevOutbox {
  return {
    async keep(message) {
      const row = await db
        .insertInto('dev_outbox')
        .values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.text })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },
  };
}
