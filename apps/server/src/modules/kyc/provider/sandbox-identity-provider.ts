import { IdentityProviderError, headerValue, type IdentityProvider } from './identity-provider';
import {
  assertSandboxSecret,
  sandboxCountriesAnswerSchema,
  sandboxHeaders,
  sandboxPaths,
  sandboxSessionAnswerSchema,
  sandboxWebhookSchema,
  sandboxWindowSeconds,
  signSandboxRequest,
  signSandboxWebhook,
} from './sandbox-protocol';
import { isSameHexMac, unixSeconds, unixSecondsOf } from './signing';

export interface SandboxProviderOptions {
  /** Where the app serving the sandbox is reached from the server (its own address in dev). */
  baseUrl: string;
  /** Shared with `registerSandboxKycRoutes`: signs requests and webhooks. */
  secret: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** The clock requests are signed with (tests). */
  clock?: () => Date;
}

/**
 * The adapter to the sandbox identity provider the app serves under /sandbox/kyc. It reaches
 * it only over HTTP, exactly as it would a real provider, so it holds no store of its own.
 */
export function createSandboxProvider(options: SandboxProviderOptions): IdentityProvider {
  assertSandboxSecret(options.secret);
  const fetchImpl = options.fetchImpl ?? fetch;
  const clock = options.clock ?? (() => new Date());
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; answer: unknown }> {
    const url = new URL(`${baseUrl}${path}`);
    const timestamp = String(unixSeconds(clock()));
    const response = await fetchImpl(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        [sandboxHeaders.timestamp]: timestamp,
        [sandboxHeaders.signature]: signSandboxRequest(options.secret, timestamp, method, `${url.pathname}${url.search}`, body ?? ''),
      },
      ...(body === undefined ? {} : { body }),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    }).catch((error: unknown) => {
      throw new IdentityProviderError(`The KYC sandbox could not be reached (${error instanceof Error ? error.name : 'error'})`, {
        provider: 'sandbox',
      });
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = typeof answer === 'object' && answer !== null && 'error' in answer ? String(answer.error).slice(0, 40) : undefined;
      throw new IdentityProviderError(
        `The KYC sandbox refused ${method} ${url.pathname}: HTTP ${response.status}${code ? ` (${code})` : ''}`,
        {
          provider: 'sandbox',
          status: response.status,
          ...(code === undefined ? {} : { providerCode: code }),
        },
      );
    }
    return { status: response.status, answer };
  }

  return {
    name: 'sandbox',

    async supportedCountries() {
      const { status, answer } = await call('GET', sandboxPaths.countries);
      const parsed = sandboxCountriesAnswerSchema.safeParse(answer);
      if (!parsed.success)
        throw new IdentityProviderError(`The KYC sandbox answered HTTP ${status} without countries`, { provider: 'sandbox', status });
      return parsed.data.countries;
    },

    async createSession(request) {
      const { status, answer } = await call('POST', sandboxPaths.sessions, JSON.stringify(request));
      const parsed = sandboxSessionAnswerSchema.safeParse(answer);
      if (!parsed.success)
        throw new IdentityProviderError(`The KYC sandbox answered HTTP ${status} without a session`, { provider: 'sandbox', status });
      return { sessionId: parsed.data.sessionId, redirectUrl: parsed.data.redirectUrl, expiresAt: new Date(parsed.data.expiresAt) };
    },

    parseWebhook(rawBody, headers, now) {
      const timestampText = headerValue(headers, sandboxHeaders.timestamp);
      const timestamp = unixSecondsOf(timestampText);
      if (timestampText === undefined || timestamp === null) return { ok: false, reason: 'malformed' };
      const expected = signSandboxWebhook(options.secret, timestampText, rawBody);
      if (!isSameHexMac(expected, headerValue(headers, sandboxHeaders.signature))) return { ok: false, reason: 'badSignature' };
      if (Math.abs(unixSeconds(now) - timestamp) > sandboxWindowSeconds) return { ok: false, reason: 'staleTimestamp' };

      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const body = sandboxWebhookSchema.safeParse(json);
      if (!body.success || headerValue(headers, sandboxHeaders.delivery) !== body.data.deliveryId)
        return { ok: false, reason: 'malformed' };
      return {
        ok: true,
        webhook: {
          deliveryId: body.data.deliveryId,
          sessionId: body.data.sessionId,
          reference: body.data.reference,
          outcome: body.data.outcome,
          occurredAt: new Date(body.data.occurredAt),
        },
      };
    },
  };
}
