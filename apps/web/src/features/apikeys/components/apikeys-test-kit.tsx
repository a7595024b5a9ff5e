import type { ApiKey, ApiKeyPendingChange, ApiKeyPermission, WithdrawAddress } from '@coffer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { stubEnvelopeApi, type StubAnswer } from '../../../../test/envelope-stub';
import { createTestI18n } from '../../../../test/i18n';
import apikeysEn from '../../../shared/i18n/locales/en/apikeys.json';
import apikeysZh from '../../../shared/i18n/locales/zh-CN/apikeys.json';
import commonZh from '../../../shared/i18n/locales/zh-CN/common.json';
import walletZh from '../../../shared/i18n/locales/zh-CN/wallet.json';

/** Test-only: an envelope the stub answers as is (an error code). */
export class ApiKeysEnvelope {
  constructor(
    readonly code: number,
    readonly msg = '',
    readonly data: unknown = null,
  ) {}
}

/** Test-only: the server as envelopes, by "METHOD /path" or "/path" (`test/envelope-stub.ts`). */
export function stubApiKeysApi(answers: Record<string, StubAnswer>) {
  return stubEnvelopeApi(answers, (value) =>
    value instanceof ApiKeysEnvelope ? { code: value.code, msg: value.msg, data: value.data } : null,
  );
}

/** The requests the stub saw, as "METHOD /path" with their bodies. */
export function requestsOf(fetchSpy: ReturnType<typeof stubApiKeysApi>) {
  return fetchSpy.mock.calls.map(([input, init]) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return { route: `${init?.method ?? 'GET'} ${url.pathname}`, body };
  });
}

function zhCnI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { common: commonZh, wallet: walletZh, apikeys: apikeysZh } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Test-only: renders API management as the app does (catalogues with `apikeys`, TanStack Query, a router). */
export function renderApiKeys(ui: ReactNode, { language = 'en' }: { language?: 'en' | 'zh-CN' } = {}) {
  const i18n = language === 'en' ? createTestI18n() : zhCnI18n();
  if (language === 'en') i18n.addResourceBundle('en', 'apikeys', apikeysEn);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/propertyCenter/api'] });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

export const ed25519Pem =
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA98Eg20hb1/zhlKkX0OZ+mgny3pdVVf4tODqgwxBwzQU=\n-----END PUBLIC KEY-----';

export const rsaPem =
  '-----BEGIN PUBLIC KEY-----\nMIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDA4g2ro/rQ32BSkgNUPVC6LdXP\nb9uDqcHlqDS52ClQsmKxGxM9esH4jRngFRUCTSBZX2E8MKWTtTlbkkmC5tiB+1Pd\n9s5AaI4vJr7I8Vj2SmkhHyRdRRRSmMoXXwf29Hk0C2SNQPfF4VfcU8iaR1wPg8Fr\nmzJPYt8YuOJZ0MLjkwIDAQAB\n-----END PUBLIC KEY-----';

export const platformPublicKey = 'MCowBQYDK2VwAyEAq1Xk3pJm3yq0d1m4b8v4Yh0m2aYfD0o8kq0bqQ8Zt3E=';

export const permission: ApiKeyPermission = { rights: ['read', 'trade', 'withdraw'], maxKeys: 10, maxIps: 10, platformPublicKey };

export function apiKeyOf(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    accessKey: 'ak_7f3c9a2e41b84d0c',
    label: 'Treasury bot',
    publicKey: ed25519Pem,
    platformPublicKey,
    rights: ['read', 'trade'],
    ips: ['203.0.113.7', '198.51.100.0/24'],
    withdrawDailyUsd: null,
    withdrawAddressIds: [],
    createdAt: '2026-11-20T10:15:00.000Z',
    updatedAt: '2026-11-20T10:15:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

export function pendingChange(overrides: Partial<ApiKeyPendingChange> = {}): ApiKeyPendingChange {
  return {
    changeId: 'chg_1',
    kind: 'create',
    expiresAt: '2026-11-26T19:00:00.000Z',
    twofaList: ['email'],
    fundPasswordRequired: false,
    ...overrides,
  };
}

export const addressBook: WithdrawAddress[] = [
  {
    id: '41',
    chain: 'ETH',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    tag: null,
    note: 'Cold',
    trusted: true,
    trustedAt: null,
    usableWithoutVerificationAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
  },
  {
    id: '42',
    chain: 'TRX',
    address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    tag: null,
    note: 'Desk',
    trusted: false,
    trustedAt: null,
    usableWithoutVerificationAt: null,
    createdAt: '2026-11-02T00:00:00.000Z',
  },
];
