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

/**
 * `hsts`: tell browsers to use HTTPS only (set when the session cookie is `Secure`, i.e. the
 * site is served over HTTPS). `isDocsPublic`: /docs is served and keeps its own scripts.
 * Every answer that does not choose its own caching (the web app's files do) is `no-store`:
 * envelopes and exports carry a customer's data, and no shared cache may keep them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean; isDocsPublic: boolean }): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (options.hsts) reply.header('strict-transport-security', 'max-age=31536000');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    const isDocs = request.url === '/docs' || request.url.startsWith('/docs/');
    if (!(options.isDocsPublic && isDocs)) reply.header('content-security-policy', contentSecurityPolicy);
  });
}
