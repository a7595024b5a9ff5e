import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSumsubRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A local stand-in for Sumsub's API answering in its documented format. It checks each request
 * as Sumsub does: `X-App-Token` known, `X-App-Access-Ts` within a minute of its clock, and
 * `X-App-Access-Sig` the hex HMAC-SHA256 (secret key) of `ts + METHOD + path?query + body`.
 * `POST /resources/sdkIntegrations/levels/-/websdkLink` answers `{ url }`; refusals answer
 * `{ description, code, correlationId, errorCode?, errorName? }`.
 */
export async function startFakeSumsub(options: { appToken: string; secretKey: string; levels: string[] }) {
  const received: ReceivedSumsubRequest[] = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      received.push({ method: request.method ?? '', path, headers: request.headers, body });
      const answer = (status: number, json: Record<string, unknown>) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(json));
      };
      const refuse = (status: number, description: string, extra: Record<string, unknown> = {}) =>
        answer(status, { description, code: status, correlationId: randomBytes(16).toString('hex'), ...extra });

      const token = request.headers['x-app-token'];
      const timestamp = request.headers['x-app-access-ts'];
      const signature = request.headers['x-app-access-sig'];
      if (token !== options.appToken) return refuse(401, 'App token is invalid');
      if (typeof timestamp !== 'string' || !/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 60)
        return refuse(401, 'Request timestamp is out of range');
      const expected = createHmac('sha256', options.secretKey)
        .update(timestamp + (request.method ?? '') + path + body)
        .digest();
      const given = typeof signature === 'string' && /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : null;
      if (!given || !timingSafeEqual(expected, given))
        return refuse(401, 'Request signature mismatch', { errorCode: 4003, errorName: 'app-token-signature mismatch' });

      const url = new URL(path, 'http://sumsub.local');
      if (request.method !== 'POST' || url.pathname !== '/resources/sdkIntegrations/levels/-/websdkLink') return refuse(404, 'Not found');
      let parsed: { levelName?: unknown; userId?: unknown; ttlInSecs?: unknown };
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        return refuse(400, 'Invalid JSON');
      }
      if (typeof parsed.levelName !== 'string' || !options.levels.includes(parsed.levelName))
        return refuse(404, `Level ${String(parsed.levelName)} not found`);
      if (typeof parsed.userId !== 'string' || parsed.userId === '') return refuse(400, 'userId is required');
      return answer(200, { url: `${origin}/websdk/p/${randomBytes(12).toString('base64url')}` });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook body as Sumsub documents it, with `createdAtMs` in its `yyyy-MM-dd HH:mm:ss.fff` UTC form. */
export function sumsubWebhookBody(fields: {
  type: string;
  externalUserId: string;
  levelName: string;
  createdAt: Date;
  reviewResult?: {
    reviewAnswer: string;
    rejectLabels?: string[];
    reviewRejectType?: string;
    moderationComment?: string;
    clientComment?: string;
  };
}): string {
  return JSON.stringify({
    applicantId: '5cb56e8e0a975a35f333cb83',
    inspectionId: '5cb56e8e0a975a35f333cb84',
    correlationId: `req-${randomBytes(8).toString('hex')}`,
    externalUserId: fields.externalUserId,
    levelName: fields.levelName,
    type: fields.type,
    ...(fields.reviewResult ? { reviewResult: fields.reviewResult } : {}),
    reviewStatus: fields.type === 'applicantOnHold' ? 'onHold' : 'completed',
    createdAtMs: fields.createdAt.toISOString().replace('T', ' ').replace('Z', ''),
    sandboxMode: true,
    clientId: 'coffer',
  });
}
