import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
type AnyData = any;

export interface ApiAnswer {
  status: number;
  body: { code: number; msg: string; data: AnyData };
}

/** Drives the identity API as a client would, through app.inject. */
export function identityClient(app: FastifyInstance) {
  let cookie: string | null = null;

  async function call(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    const response: LightMyRequestResponse = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) cookie = first.split(';')[0]!;
    return { status: response.statusCode, body: response.json() as ApiAnswer['body'] };
  }

  return {
    call,
    post: (url: string, payload: unknown = {}, headers?: Record<string, string>) => call('POST', url, payload, headers),
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    forgetCookie: () => {
      cookie = null;
    },
    get cookie() {
      return cookie;
    },
  };
}

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=1` });
  const body = response.json().data[0]?.body as string | undefined;
  const match = body ? /\b(\d{6})\b/.exec(body) : null;
  if (!match) throw new Error(`no code in the outbox for ${to}`);
  return match[1]!;
}
