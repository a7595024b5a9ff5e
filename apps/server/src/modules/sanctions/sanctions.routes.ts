import { Readable } from 'node:stream';
import { adminSanctionsEndpoints, sanctionsImportMaxBytes } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { operatorIdentityOf, type OperatorIdentity, type RequireOperator } from '../operators';
import type { SanctionsHoldDecisions } from './sanctions-holds.service';
import type { SanctionsLists } from './sanctions-lists.service';
import { sanctionsError } from './sanctions.errors';

/** The content types the import takes as its raw body. */
const listContentTypes = ['application/xml', 'text/xml', 'application/octet-stream'];

const officerOf = (request: FastifyRequest): OperatorIdentity => operatorIdentityOf(request);

/** The back office's sanctions calls, each behind `sanctions.manage` (compliance, super admin). */
export function registerSanctionsRoutes(
  app: FastifyInstance,
  services: { lists: SanctionsLists; holds: SanctionsHoldDecisions },
  deps: { requireOperator: RequireOperator },
): void {
  const { lists, holds } = services;
  const guarded = { preHandler: deps.requireOperator('sanctions.manage'), hide: true };

  app.register(async (scope) => {
    // The list arrives as a stream and is read as it comes: never held whole, cut off past the limit.
    scope.addContentTypeParser(listContentTypes, (_request, payload, done) => done(null, payload));
    routeEndpoint(
      scope,
      adminSanctionsEndpoints.importOfac,
      // Its bytes are judged by the XML scanner, which refuses the characters XML forbids.
      { ...guarded, config: { refusesUnstorableTextItself: true } },
      async (request) => {
        const body: unknown = (request as FastifyRequest).body;
        if (!(body instanceof Readable)) throw sanctionsError('sanctionsListInvalid', { reason: 'no XML body' });
        if (Number(request.headers['content-length'] ?? 0) > sanctionsImportMaxBytes) {
          body.destroy();
          throw sanctionsError('sanctionsListTooLarge', { limit: String(sanctionsImportMaxBytes / 1024 / 1024) });
        }
        return lists.importOfac(body, officerOf(request as FastifyRequest), { override: request.query.override });
      },
    );
  });

  routeEndpoint(app, adminSanctionsEndpoints.versions, guarded, () => lists.versions());
  routeEndpoint(app, adminSanctionsEndpoints.manualEntries, guarded, () => lists.manualEntries());
  routeEndpoint(app, adminSanctionsEndpoints.addManual, guarded, (request) =>
    lists.addManual(request.body, officerOf(request as FastifyRequest)),
  );
  routeEndpoint(app, adminSanctionsEndpoints.removeManual, guarded, async (request) => {
    await lists.removeManual(request.params.id, request.body.note, officerOf(request as FastifyRequest));
    return null;
  });
  routeEndpoint(app, adminSanctionsEndpoints.holds, guarded, (request) => holds.list(request.query));
  routeEndpoint(app, adminSanctionsEndpoints.release, guarded, (request) =>
    holds.release(request.params.id, officerOf(request as FastifyRequest), request.body.reason || null),
  );
  routeEndpoint(app, adminSanctionsEndpoints.refuse, guarded, (request) =>
    holds.refuse(request.params.id, officerOf(request as FastifyRequest), request.body.reason),
  );
}
