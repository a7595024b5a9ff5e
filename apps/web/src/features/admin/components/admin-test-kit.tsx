import type { OperatorPermission, OperatorProfile, OperatorRole } from '@coffer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { stubEnvelopeApi, type StubAnswer } from '../../../../test/envelope-stub';
import { createTestI18n } from '../../../../test/i18n';
import admin from '../../../shared/i18n/locales/en/admin.json';
import kyc from '../../../shared/i18n/locales/en/kyc.json';
import zhAdmin from '../../../shared/i18n/locales/zh-CN/admin.json';
import zhFunds from '../../../shared/i18n/locales/zh-CN/funds.json';
import zhKyc from '../../../shared/i18n/locales/zh-CN/kyc.json';
import zhSecurity from '../../../shared/i18n/locales/zh-CN/security.json';
import { AdminApp } from '../pages/admin-app';

/** Test-only: an answer with its own HTTP status and envelope (an error, a 401, a 403). */
export class AdminEnvelope {
  constructor(
    readonly code: number,
    readonly msg = '',
    readonly status = 200,
    readonly data: unknown = null,
  ) {}
}

/**
 * Test-only: the server as envelopes, by "METHOD /path" or "/path". An answer is data, an
 * `AdminEnvelope`, or a function of the request giving either (`test/envelope-stub.ts`).
 * Returns the fetch spy.
 */
export function stubAdminApi(answers: Record<string, StubAnswer>) {
  return stubEnvelopeApi(answers, (value) =>
    value instanceof AdminEnvelope ? { code: value.code, msg: value.msg, data: value.data, status: value.status } : null,
  );
}

/** Test-only: the calls made with `method` to `path` (query strings ignored), with their JSON bodies. */
export function adminCallsTo(spy: ReturnType<typeof stubAdminApi>, method: string, path: string): unknown[] {
  return spy.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

/** Test-only: a signed-in operator with exactly `permissions`. */
export function operatorWith(permissions: OperatorPermission[], role: OperatorRole = 'compliance'): OperatorProfile {
  return { id: '7', email: 'ops@coffer.test', name: 'Olga Ops', role, permissions };
}

/** Test-only: the back office as the router mounts it (/admin/*) with the namespaces it loads, in English or Chinese, starting at `url`. */
export function renderAdmin(url: string, language: 'en' | 'zh-CN' = 'en') {
  const i18n = createTestI18n();
  i18n.addResourceBundle('en', 'admin', admin);
  i18n.addResourceBundle('en', 'kyc', kyc);
  if (language === 'zh-CN') {
    i18n.addResourceBundle('zh-CN', 'admin', zhAdmin);
    i18n.addResourceBundle('zh-CN', 'kyc', zhKyc);
    i18n.addResourceBundle('zh-CN', 'security', zhSecurity);
    i18n.addResourceBundle('zh-CN', 'funds', zhFunds);
    void i18n.changeLanguage('zh-CN');
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/*', element: <AdminApp /> }], { initialEntries: [url] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}
