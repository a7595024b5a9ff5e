import type { KycAllowance, KycLevelInfo, KycLevelStatus } from '@coffer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { stubEnvelopeApi, type StubAnswer } from '../../../../test/envelope-stub';
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

/**
 * Test-only: the server as envelopes, by "METHOD /path" or "/path". An answer is data, a
 * `KycEnvelope`, or a function of the request giving either (`test/envelope-stub.ts`).
 */
export function stubKycApi(answers: Record<string, StubAnswer>) {
  return stubEnvelopeApi(answers, (value) =>
    value instanceof KycEnvelope ? { code: value.code, msg: value.msg, data: value.data } : null,
  );
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
