import type { FastifyInstance } from 'fastify';

/**
 * Browser hardening on every answer. The content policy allows only the app's own scripts;
 * inline styles stay allowed because antd writes its CSS at run time. The API reference at
 * /docs brings its own inline bootstrap, so it keeps the rest but not the script rule.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!request.url.startsWith('/docs')) reply.header('content-security-policy', contentSecurityPolicy);
  });
}
