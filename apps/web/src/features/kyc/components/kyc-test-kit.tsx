import type { KycAllowance, KycLevelInfo, KycLevelStatus } from '@coffer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createTestI18n } from '../../../../test/i18n';
import kyc from '../../../shared/i18n/locales/en/kyc.json';
import { AntdProvider } from '../../../shared/ui/antd-provider';

/** Test-only: an envelope the stub answers as is (an error code). */
export class KycEnvelope {
  constructor(
    readonly code: number,
    readonly msg = '',
    readonly data: unknown = null,
  ) {}
}

type Request = { method: string; url: URL; body: unknown };
type Answer = unknown | ((request: Request) => unknown);

/**
 * Test-only: the server as envelopes, by "METHOD /path" or "/path". An answer is data, a
 * `KycEnvelope`, or a function of the request giving either; a JSON body is parsed, a raw one
 * (an upload) passed as the Blob. An unknown path answers a catalogue error.
 */
export function stubKycApi(answers: Record<string, Answer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const answer = answers[`${method} ${url.pathname}`] ?? answers[url.pathname];
    const value = typeof answer === 'function' ? (answer as (request: Request) => unknown)({ method, url, body }) : answer;
    const envelope =
      value instanceof KycEnvelope
        ? { code: value.code, msg: value.msg, data: value.data }
        : answer === undefined
          ? { code: 19000005, msg: 'not found', data: null }
          : { code: 0, msg: 'ok', data: value };
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Test-only: renders KYC screens as the app does (English catalogues with `kyc`, antd, TanStack Query, a router). */
export function renderKyc(ui: ReactNode, { url = '/propertyCenter/identification' }: { url?: string } = {}) {
  const i18n = createTestI18n();
  i18n.addResourceBundle('en', 'kyc', kyc);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/propertyCenter/identification',
        element: (
          <>
            <AntdProvider>{ui}</AntdProvider>
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

const allowance = (withdrawal: string | null, trade: string | null): KycAllowance => ({
  withdrawal24hLimitUsd: withdrawal,
  spotTradeMaxUsd: trade,
});

const status = (
  state: KycLevelStatus['state'],
  allows: KycAllowance,
  rejectReason: KycLevelStatus['rejectReason'] = null,
): KycLevelStatus => ({
  state,
  rejectReason,
  allows,
});

/** Test-only: a level answer; the allowances are 0 / 2,000 / 100,000 / unlimited withdrawals. */
export function levelInfo(
  overrides: Partial<Record<'basic' | 'advanced' | 'video', Partial<KycLevelStatus>>> = {},
  level: KycLevelInfo['level'] = 0,
): KycLevelInfo {
  const levels = {
    basic: { ...status('notStarted', allowance('2000', '10000')), ...overrides.basic },
    advanced: { ...status('notStarted', allowance('100000', '500000')), ...overrides.advanced },
    video: { ...status('notStarted', allowance(null, null)), ...overrides.video },
  };
  const current = level === 0 ? allowance('0', '1000') : [levels.basic, levels.advanced, levels.video][level - 1]!.allows;
  return { level, allows: current, fullName: level >= 1 ? 'Anna Müller' : null, levels };
}

/** Test-only: a File of `size` bytes of `type` (its first bytes as a JPEG's, for what little that matters here). */
export function fileOf(name: string, type: string, size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff]);
  return new File([bytes], name, { type });
}
