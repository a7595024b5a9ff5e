import type { CustodyMember, CustodyRole } from '@coffer/contract';
import type { Language } from '@coffer/contract/languages';
import type { ReactNode } from 'react';
import { stubEnvelopeApi, type StubAnswer } from '../../../../test/envelope-stub';
import { renderPage } from '../../../../test/render-page';
import { configureHttpClient } from '../../../shared/http/http-client';
import { ToastHost } from '../../../shared/ui/toast-host';
import type { RenderPageOptions } from '../../../../test/render-page';
import en from '../../../shared/i18n/locales/en/custodyOrg.json';
import ru from '../../../shared/i18n/locales/ru/custodyOrg.json';
import zhCn from '../../../shared/i18n/locales/zh-CN/custodyOrg.json';
import consoleEn from '../../../shared/i18n/locales/en/custody.json';
import consoleRu from '../../../shared/i18n/locales/ru/custody.json';
import consoleZhCn from '../../../shared/i18n/locales/zh-CN/custody.json';
import consoleZhTw from '../../../shared/i18n/locales/zh-TW/custody.json';

/** Test-only: an envelope the stub answers as is (an error code). */
export class CustodyOrgEnvelope {
  constructor(
    readonly code: number,
    readonly msg = '',
    readonly data: unknown = null,
  ) {}
}

/** Test-only: the server as envelopes, by "METHOD /path" or "/path" (`test/envelope-stub.ts`). */
export function stubCustodyOrgApi(answers: Record<string, StubAnswer>) {
  return stubEnvelopeApi(answers, (value) =>
    value instanceof CustodyOrgEnvelope ? { code: value.code, msg: value.msg, data: value.data } : null,
  );
}

/** Test-only: the URL a fetch call asked for (a string, a URL or a Request). */
export function requestUrl(input: string | URL | Request): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
}

/** The bodies the stub received for "POST path". */
export function postedTo(fetchSpy: ReturnType<typeof stubCustodyOrgApi>, path: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && requestUrl(input).pathname === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

const catalogues: Partial<Record<Language, object>> = { en, ru, 'zh-CN': zhCn };

/** Test-only: the HTTP client as the app configures it, its error texts in `language`. */
function configureHttpLanguage(language: Language) {
  configureHttpClient({
    language: () => language,
    text: (key) => (key === 'http.netError' ? 'Net Error' : 'Network Error,Please try later'),
    nativeToken: () => null,
  });
}

const consoleCatalogues: Record<Language, object> = { en: consoleEn, ru: consoleRu, 'zh-CN': consoleZhCn, 'zh-TW': consoleZhTw };

/**
 * Test-only: renders a custody page as the app does, in `language` (the console's own catalogue,
 * the given ones and the HTTP client's error texts alike), with the toasts the app shows; the
 * kits of the console's screens call it with their catalogues.
 */
export function renderCustodyPage(
  ui: ReactNode,
  { language = 'en', namespaces, ...options }: Pick<RenderPageOptions, 'path' | 'url' | 'routes' | 'language' | 'namespaces'>,
) {
  configureHttpLanguage(language);
  return renderPage(
    <>
      {ui}
      <ToastHost />
    </>,
    { ...options, language, namespaces: { custody: consoleCatalogues[language], ...namespaces } },
  );
}

/**
 * Test-only: renders a console page as the app does, in `language` — the screen's catalogue and
 * the HTTP client's error texts alike, with the toasts the app shows.
 */
export function renderCustodyOrg(ui: ReactNode, { language = 'en' }: { language?: Language } = {}) {
  return renderCustodyPage(ui, { path: '/custody/console', language, namespaces: { custodyOrg: catalogues[language] ?? en } });
}

const createdAt = '2026-11-20T10:15:00.000Z';

export const builtInRoles: CustodyRole[] = [
  {
    id: '1',
    name: 'Enterprise admin',
    description: '',
    builtInRole: 'admin',
    permissions: ['orders', 'review', 'trade', 'assetReport', 'members', 'addresses', 'lines', 'settings', 'accounts'],
    memberCount: 1,
    createdAt,
  },
  {
    id: '2',
    name: 'Business-line admin',
    description: '',
    builtInRole: 'lineAdmin',
    permissions: ['orders', 'review', 'assetReport', 'addresses'],
    memberCount: 0,
    createdAt,
  },
  { id: '3', name: 'Salesperson', description: '', builtInRole: 'salesperson', permissions: ['assetReport'], memberCount: 0, createdAt },
  { id: '4', name: 'Approver', description: '', builtInRole: 'approver', permissions: ['review'], memberCount: 2, createdAt },
];

export function customRoleOf(overrides: Partial<CustodyRole> = {}): CustodyRole {
  return {
    id: '10',
    name: 'Treasury desk',
    description: 'Moves funds between accounts',
    builtInRole: null,
    permissions: ['trade', 'assetReport'],
    memberCount: 0,
    createdAt,
    ...overrides,
  };
}

export function memberOf(overrides: Partial<CustodyMember> = {}): CustodyMember {
  return {
    id: '100',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    phone: '',
    department: 'Finance',
    note: '',
    salespersonEmail: '',
    roleId: '10',
    roleName: 'Treasury desk',
    state: 'active',
    hasHardwareKey: true,
    createdAt,
    activatedAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}
