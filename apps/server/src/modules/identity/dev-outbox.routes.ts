import { identityEndpoints } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { routeEndpoint } from '../../platform/http/endpoint-route';

/** The embedded default's outbox: every e-mail and SMS, newest first (only when DEV_OUTBOX). */
export function registerDevOutboxRoutes(app: FastifyInstance, db: Db): void {
  routeEndpoint(app, identityEndpoints.devOutbox, {}, async (request) => {
    let query = db.selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').limit(request.query.limit);
    if (request.query.to) query = query.where('recipient', '=', request.query.to.trim().toLowerCase());
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at.toISOString(),
    }));
  });
}
