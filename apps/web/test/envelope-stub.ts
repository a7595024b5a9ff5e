import { vi } from 'vitest';

export type StubRequest = { method: string; url: URL; body: unknown };
export type StubAnswer = unknown | ((request: StubRequest) => unknown);

/** An answer a stub sends as it is: its own envelope code, message, data and HTTP status. */
export interface RawEnvelope {
  code: number;
  msg: string;
  data: unknown;
  status?: number;
}

/**
 * Test-only: the server as envelopes, by "METHOD /path" or "/path". An answer is data (sent
 * with code 0), what `asEnvelope` recognises (sent as that envelope), or a function of the
 * request giving either; a JSON body is parsed, a raw one (an upload) passed as is. An unknown
 * path answers a catalogue error. Returns the fetch spy.
 */
export function stubEnvelopeApi(answers: Record<string, StubAnswer>, asEnvelope: (value: unknown) => RawEnvelope | null) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const answer = answers[`${method} ${url.pathname}`] ?? answers[url.pathname];
    const value = typeof answer === 'function' ? (answer as (request: StubRequest) => unknown)({ method, url, body }) : answer;
    const raw = asEnvelope(value);
    const envelope = raw
      ? { code: raw.code, msg: raw.msg, data: raw.data }
      : answer === undefined
        ? { code: 19000005, msg: 'not found', data: null }
        : { code: 0, msg: 'ok', data: value };
    return new Response(JSON.stringify(envelope), { status: raw?.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
}
