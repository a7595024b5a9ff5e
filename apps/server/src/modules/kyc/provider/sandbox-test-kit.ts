import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { freeLoopbackPort as freePort } from '../../../platform/process/free-port';
import { registerErrorHandler } from '../../../platform/http/error-handler';
import { registerInputGuard } from '../../../platform/http/input-guard';
import { registerOriginCheck } from '../../../platform/http/origin-check';
import { registerRequestContext } from '../../../platform/http/request-context';
import { registerSecurityHeaders } from '../../../platform/http/security-headers';
import type { IdentityProvider, ProviderSessionRequest } from './identity-provider';
import { createSandboxProvider } from './sandbox-identity-provider';
import type { SandboxSessionStore } from './sandbox-session-store';
import { registerSandboxKycRoutes, type SandboxKycRoutes } from './sandbox.routes';

export const sandboxSecret = 'kyc-sandbox-secret-for-tests-0001';

/** A few bytes that pass the sandbox's magic-byte checks. */
export const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);
export const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 9)]);

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** Our side of the webhook: records every delivery, answering 500 to the first `failFirst`. */
export async function startCallbackServer(options: { failFirst?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks) });
      response.statusCode = failuresLeft > 0 ? 500 : 204;
      failuresLeft = Math.max(0, failuresLeft - 1);
      response.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kyc/webhook`;
  return {
    url,
    received,
    async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`waited for ${count} webhooks, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SandboxHarness {
  app: FastifyInstance;
  baseUrl: string;
  routes: SandboxKycRoutes;
  provider: IdentityProvider;
  close(): Promise<void>;
}

/**
 * An app serving the sandbox on a real port, with the platform's own HTTP hooks (security
 * headers, input guard, Origin check, error envelope) around it as in the real app.
 */
export async function startSandboxApp(store: SandboxSessionStore, options: { retryDelaysMs?: number[] } = {}): Promise<SandboxHarness> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = Fastify({ logger: false });
  registerRequestContext(app);
  registerErrorHandler(app);
  registerOriginCheck(app, null);
  registerSecurityHeaders(app, { hsts: false, isDocsPublic: false });
  registerInputGuard(app);
  const routes = await registerSandboxKycRoutes(app, {
    secret: sandboxSecret,
    store,
    publicBaseUrl: baseUrl,
    retryDelaysMs: options.retryDelaysMs ?? [20, 40, 80],
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    routes,
    provider: createSandboxProvider({ baseUrl, secret: sandboxSecret }),
    close: () => app.close(),
  };
}

export function sessionRequest(callbackUrl: string, overrides: Partial<ProviderSessionRequest> = {}): ProviderSessionRequest {
  return {
    reference: 'kyc-app-2001',
    customerRef: 'cust-91bc',
    country: 'DE',
    documentType: 'idCard',
    successUrl: 'https://coffer.test/kyc/return?application=2001',
    errorUrl: 'https://coffer.test/kyc/error?application=2001',
    callbackUrl,
    locale: 'en',
    ...overrides,
  };
}

/** The hosted page's form as a browser sends it (multipart), with images for every step by default. */
export function completeForm(
  fields: Record<string, string>,
  files: Partial<Record<'documentFront' | 'documentBack' | 'selfie', Buffer | null>> = {},
): FormData {
  const form = new FormData();
  const images = { documentFront: jpegBytes, documentBack: pngBytes, selfie: jpegBytes, ...files };
  for (const [name, bytes] of Object.entries(images)) {
    if (bytes) form.append(name, new Blob([bytes], { type: 'image/jpeg' }), `${name}.jpg`);
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export function submitOutcome(baseUrl: string, sessionId: string, form: FormData): Promise<Response> {
  return fetch(`${baseUrl}/sandbox/kyc/session/${sessionId}/complete`, { method: 'POST', body: form, redirect: 'manual' });
}
