import { identityEndpoints } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { listDevOutbox } from './dev-outbox';

/** The embedded default's outbox: every e-mail and SMS, newest first (only when DEV_OUTBOX). */
export function registerDevOutboxRoutes(app: FastifyInstance, db: Db): void {
  routeEndpoint(app, identityEndpoints.devOutbox, {}, async (request) => {
    const rows = await listDevOutbox(db, request.query.limit, request.query.to ? request.query.to.trim().toLowerCase() : undefined);
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
