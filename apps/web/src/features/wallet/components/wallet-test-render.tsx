import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createTestI18n } from '../../../../test/i18n';

// jsdom has neither matchMedia nor ResizeObserver; antd's tables, selects and pickers ask both.
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Test-only: where the router ended up, for pages that navigate away. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Test-only: renders one wallet page the way the app does (i18n, TanStack Query, a router). */
export function renderWalletPage(page: ReactNode, { path, url = path }: { path: string; url?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

/** An answer by path: fixed data, or computed from the request's URL and body. */
export type StubAnswer = unknown | ((request: { url: URL; body: unknown }) => unknown);

/**
 * Test-only: the server as envelopes. Each path answers `{ code: 0, data }`; an unknown path
 * answers a catalogue error. Returns the fetch spy, whose calls show what was requested.
 */
export function stubWalletApi(answers: Record<string, StubAnswer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = answers[url.pathname];
    const data = typeof answer === 'function' ? (answer as (request: { url: URL; body: unknown }) => unknown)({ url, body }) : answer;
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
