import fastifyWebsocket from '@fastify/websocket';
import { type AccountSocketMessage, accountEventPaths, accountSocketCloseCodes, errorMessage, loginRequiredCode } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../../platform/http/error-handler';
import type { AccountFeed } from './account-feed';

/** The socket takes no messages; the limit only bounds what a client can make the server read. */
const maxSocketMessageBytes = 1024;

/**
 * `/ws/account`: the signed-in customer's live channel. The session comes from the cookie or
 * the `jwt-token` header like every call (resolved before the upgrade); a browser must open it
 * from the site's own origin (`allowed` as the Origin check takes it: null means the request's
 * own host). Without a session the socket answers the login-required message and closes with
 * 4401, which tells the client not to reconnect until it signs in again.
 */
export async function registerAccountFeedRoutes(
  app: FastifyInstance,
  deps: { feed: AccountFeed; allowedOrigins: string[] | null },
): Promise<void> {
  const isOwnOrigin = (request: FastifyRequest, origin: string) =>
    deps.allowedOrigins ? deps.allowedOrigins.includes(origin) : origin === `${request.protocol}://${request.host}`;

  // Another module may have registered the plugin already; it is global once registered.
  if (!app.hasDecorator('websocketServer')) await app.register(fastifyWebsocket, { options: { maxPayload: maxSocketMessageBytes } });
  app.get(
    accountEventPaths.accountSocket,
    {
      websocket: true,
      // Before the upgrade: a page of another site may not open a socket with this site's cookie.
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin === undefined || isOwnOrigin(request, origin)) return;
        request.log.warn({ origin }, 'cross-origin account socket refused');
        await sendError(request, reply, { key: 'forbiddenOrigin' });
      },
    },
    (socket, request) => {
      const session = request.session;
      if (!session) {
        const refusal: AccountSocketMessage = {
          type: 'error',
          code: loginRequiredCode,
          message: errorMessage('loginRequired', request.language),
        };
        socket.send(JSON.stringify(refusal));
        socket.close(accountSocketCloseCodes.sessionEnded, 'login required');
        return;
      }
      socket.on('close', () => deps.feed.unsubscribe(socket));
      deps.feed.subscribe(socket, { userId: session.userId, sessionId: session.sessionId });
    },
  );
}
