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

/** The newest `limit` messages, newest first; only those to `recipient` when one is given. */
export function listDevOutbox(db: Db, limit: number, recipient: string | undefined) {
  let query = db.selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (recipient !== undefined) query = query.where('recipient', '=', recipient);
  return query.execute();
}
