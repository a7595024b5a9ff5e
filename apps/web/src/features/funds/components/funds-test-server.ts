import { vi } from 'vitest';

/** Test-only: an envelope the stub answers as is (a silent or error code). */
export class Envelope {
  constructor(
    readonly code: number,
    readonly data: unknown = null,
    readonly msg = '',
  ) {}
}

type Request = { method: string; url: URL; body: unknown };
export type FundsAnswer = unknown | ((request: Request) => unknown);

/**
 * Test-only: the server as envelopes, by "METHOD /path" or "/path" (any method). An answer is
 * data (`{ code: 0, data }`), an `Envelope`, or a function of the request giving either. An
 * unknown path answers a catalogue error. Returns the fetch spy.
 */
export function stubFundsApi(answers: Record<string, FundsAnswer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = answers[`${method} ${url.pathname}`] ?? answers[url.pathname];
    const value = typeof answer === 'function' ? (answer as (request: Request) => unknown)({ method, url, body }) : answer;
    const envelope =
      value instanceof Envelope
        ? { code: value.code, msg: value.msg, data: value.data }
        : answer === undefined
          ? { code: 19000005, msg: 'not found', data: null }
          : { code: 0, msg: 'ok', data: value };
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
}

/** Test-only: the calls made with `method` to `path` (query strings ignored), with their JSON bodies. */
export function callsTo(spy: ReturnType<typeof stubFundsApi>, method: string, path: string): unknown[] {
  return spy.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}
