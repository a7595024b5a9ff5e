import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

function wantsPage(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app beside the API on one port. A browser navigation (Accept:
 * text/html) to a path that is no file gets index.html so the client router resolves it;
 * anything else unknown answers the envelope's routeNotFound.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: 'index.html',
      maxAge: 0,
      setHeaders: (reply, filePath) => {
        // Hashed bundles never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built; only the API is served');
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && wantsPage(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, {
      key: 'routeNotFound',
      params: { method: request.method, path: request.url.split('?')[0] ?? '' },
    });
  });
}
