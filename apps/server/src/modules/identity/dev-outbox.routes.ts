import { envelopeSchema, identityPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { successEnvelope } from '../../platform/http/envelope';

const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

/** The embedded default's outbox: every e-mail and SMS, newest first (only when DEV_OUTBOX). */
export function registerDevOutboxRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    identityPaths.devOutbox,
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the dev outbox holds',
        querystring: z.object({ to: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: envelopeSchema(z.array(outboxMessageSchema)) },
      },
    },
    async (request) => {
      let query = db.selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').limit(request.query.limit);
      if (request.query.to) query = query.where('recipient', '=', request.query.to.trim().toLowerCase());
      const rows = await query.execute();
      return successEnvelope(
        request.language,
        rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          createdAt: row.created_at.toISOString(),
        })),
      );
    },
  );
}
