import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderPage } from './render-page';

/** Test-only: renders one wallet page the way the app does (i18n, TanStack Query, a router). */
export function renderWalletPage(page: ReactNode, options: { path: string; url?: string }) {
  return renderPage(page, options);
}

/** An answer by path: fixed data, or computed from the request's URL and body. */
export type StubAnswer = unknown | ((request: { url: URL; body: unknown }) => unknown);

/** Test-only: an answer that is a catalogue error envelope (with its HTTP status) instead of data. */
export class StubFailure {
  constructor(
    readonly code: number,
    readonly status = 200,
  ) {}
}

/**
 * Test-only: the server as envelopes. Each path answers `{ code: 0, data }`, or the error of a
 * `StubFailure`; an unknown path answers a catalogue error. Returns the fetch spy, whose calls
 * show what was requested.
 */
export function stubWalletApi(answers: Record<string, StubAnswer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = answers[url.pathname];
    const data = typeof answer === 'function' ? (answer as (request: { url: URL; body: unknown }) => unknown)({ url, body }) : answer;
    if (data instanceof StubFailure) {
      return new Response(JSON.stringify({ code: data.code, msg: '', data: null }), {
        status: data.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(
      JSON.stringify(answer === undefined ? { code: 19000005, msg: 'not found', data: null } : { code: 0, msg: 'ok', data }),
      { headers: { 'content-type': 'application/json' } },
    );
  });
}

/** Test-only: the paths a fetch spy was called with, query strings included. */
export function requestedUrls(spy: ReturnType<typeof stubWalletApi>): string[] {
  return spy.mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));
}
