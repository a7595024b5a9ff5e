import type {
  CustodyAccountBalances,
  CustodyAssetReport,
  CustodyBalances,
  CustodyHolding,
  CustodyInternalMove,
  CustodyTransfer,
} from '@coffer/contract';
import type { Language } from '@coffer/contract/languages';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { StubAnswer } from '../../../../test/envelope-stub';
import custodyEn from '../../../shared/i18n/locales/en/custody.json';
import custodyRu from '../../../shared/i18n/locales/ru/custody.json';
import custodyZhCn from '../../../shared/i18n/locales/zh-CN/custody.json';
import custodyZhTw from '../../../shared/i18n/locales/zh-TW/custody.json';
import moneyEn from '../../../shared/i18n/locales/en/custodyMoney.json';
import moneyRu from '../../../shared/i18n/locales/ru/custodyMoney.json';
import moneyZhCn from '../../../shared/i18n/locales/zh-CN/custodyMoney.json';
import moneyZhTw from '../../../shared/i18n/locales/zh-TW/custodyMoney.json';
import fundsRu from '../../../shared/i18n/locales/ru/funds.json';
import fundsZhCn from '../../../shared/i18n/locales/zh-CN/funds.json';
import fundsZhTw from '../../../shared/i18n/locales/zh-TW/funds.json';
import walletRu from '../../../shared/i18n/locales/ru/wallet.json';
import walletZhCn from '../../../shared/i18n/locales/zh-CN/wallet.json';
import walletZhTw from '../../../shared/i18n/locales/zh-TW/wallet.json';
import { renderCustodyPage, requestUrl, stubCustodyOrgApi } from './custody-org-test-kit';

/** The catalogues of the money pages by language; English funds and wallet come with every test i18n. */
const catalogues: Record<Language, Record<string, object>> = {
  en: { custodyMoney: moneyEn, custody: custodyEn },
  ru: { custodyMoney: moneyRu, custody: custodyRu, funds: fundsRu, wallet: walletRu },
  'zh-CN': { custodyMoney: moneyZhCn, custody: custodyZhCn, funds: fundsZhCn, wallet: walletZhCn },
  'zh-TW': { custodyMoney: moneyZhTw, custody: custodyZhTw, funds: fundsZhTw, wallet: walletZhTw },
};

/**
 * Test-only: renders a custody money page as the app does, in `language` (its catalogues and
 * the HTTP client's error texts alike), at `path`/`url`, with the app's toasts. The test setup
 * puts the client back in English after each test.
 */
export function renderCustodyMoney(ui: ReactNode, { language = 'en', path, url }: { language?: Language; path: string; url?: string }) {
  return renderCustodyPage(ui, { path, url, language, namespaces: catalogues[language] });
}

/** A file the stub answers instead of an envelope: its bytes, type and name. */
export interface StubFile {
  body: string;
  type: string;
  name: string;
}

/**
 * Test-only: the server as envelopes (`stubCustodyOrgApi`) and, for the paths of `files`, file
 * answers with their `Content-Disposition`; a file answer may be a function of the request URL
 * giving a file or an envelope answer. Returns the fetch spy.
 */
export function stubMoneyApi(answers: Record<string, StubAnswer>, files: Record<string, StubFile | ((url: URL) => StubFile | null)> = {}) {
  const spy = stubCustodyOrgApi(answers);
  const envelopes = spy.getMockImplementation();
  spy.mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    const answer = files[url.pathname];
    const file = typeof answer === 'function' ? answer(url) : answer;
    if (file) {
      return new Response(file.body, {
        status: 200,
        headers: { 'content-type': file.type, 'content-disposition': `attachment; filename="${file.name}"` },
      });
    }
    if (!envelopes) throw new Error('no stub');
    return envelopes(input, init);
  });
  return spy;
}

/** Test-only: the URLs of the GET requests to `path`, in order. */
export function requestedUrls(spy: ReturnType<typeof stubMoneyApi>, path: string): URL[] {
  return spy.mock.calls
    .map(([input, init]) => ({
      url: requestUrl(input),
      method: init?.method ?? 'GET',
    }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === path)
    .map(({ url }) => url);
}

/**
 * Test-only: what the browser was handed to save (jsdom has no object URLs and no downloads):
 * the files' names and contents, and the anchors clicked.
 */
export function catchSavedFiles() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      next += 1;
      const address = `blob:test/${next}`;
      blobs.set(address, blob);
      return address;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

const recordedTime = '2026-11-20T10:15:00.000Z';

export function transferOf(overrides: Partial<CustodyTransfer> = {}): CustodyTransfer {
  return {
    flowId: '9001',
    orderNo: 'D501',
    accountId: '7',
    accountName: 'Treasury hot',
    coin: 'BTC',
    chain: 'bitcoin',
    quantity: '1.23456789',
    handlingFee: '0',
    accountBalance: '3.23456789',
    businessType: 'deposit',
    state: 'credited',
    failReason: null,
    remarks: '',
    recordedTime,
    completedTime: '2026-11-20T10:45:00.000Z',
    source: 'bcrt1qsenderaddress0000000000000000000000abc',
    sourcePartner: null,
    sourceAddresses: 'bcrt1qsenderaddress0000000000000000000000abc',
    hash: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
    toAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    ...overrides,
  };
}

/** A move of 0.5 BTC from Treasury hot (7) to Reserve cold (8), as its two records. */
export function moveOf(overrides: Partial<CustodyTransfer> = {}): CustodyInternalMove {
  const common = { orderNo: 'M77', coin: 'BTC', chain: null, quantity: '0.5', hash: null, remarks: 'Sweep', ...overrides };
  return {
    orderNo: 'M77',
    out: transferOf({
      ...common,
      flowId: '9101',
      businessType: 'internalOut',
      state: 'released',
      accountBalance: '2.73456789',
      source: 'Treasury hot',
      toAddress: 'Reserve cold',
    }),
    in: transferOf({
      ...common,
      flowId: '9102',
      accountId: '8',
      accountName: 'Reserve cold',
      businessType: 'internalIn',
      state: 'credited',
      accountBalance: '0.5',
      source: 'Treasury hot',
      toAddress: 'Reserve cold',
    }),
  };
}

export function accountBalancesOf(overrides: Partial<CustodyAccountBalances> = {}): CustodyAccountBalances {
  return {
    accountId: '7',
    name: 'Treasury hot',
    kind: 'hot',
    tier: 'enterprise',
    usdValue: '292345.67',
    assets: [
      { coin: 'BTC', available: '3.23456789', frozen: '0', total: '3.23456789', usdValue: '291111.11' },
      { coin: 'USDT', available: '1234.56', frozen: '10', total: '1244.56', usdValue: '1234.56' },
    ],
    ...overrides,
  };
}

/** Treasury hot (BTC and USDT) and Reserve cold (nothing yet). */
export const balances: CustodyBalances = {
  usdValue: '292345.67',
  accounts: [
    accountBalancesOf(),
    accountBalancesOf({ accountId: '8', name: 'Reserve cold', kind: 'cold', tier: 'prime', usdValue: '0.00', assets: [] }),
  ],
};

export function holdingOf(overrides: Partial<CustodyHolding> = {}): CustodyHolding {
  return {
    accountId: '7',
    accountName: 'Treasury hot',
    kind: 'hot',
    tier: 'enterprise',
    coin: 'BTC',
    balance: '3.23456789',
    available: '3.23456789',
    frozen: '0',
    usdPrice: '90000',
    usdValue: '291111.11',
    ...overrides,
  };
}

/** Three holdings in two accounts, and three days of snapshots. */
export function reportOf(overrides: Partial<CustodyAssetReport> = {}): CustodyAssetReport {
  return {
    asOf: '2026-11-21T08:00:00.000Z',
    usdValue: '337345.67',
    holdings: [
      holdingOf(),
      holdingOf({ coin: 'USDT', balance: '1244.56', available: '1234.56', frozen: '10', usdPrice: '1', usdValue: '1244.56' }),
      holdingOf({
        accountId: '8',
        accountName: 'Reserve cold',
        kind: 'cold',
        tier: 'prime',
        coin: 'ETH',
        balance: '15',
        available: '15',
        frozen: '0',
        usdPrice: '2999.333333',
        usdValue: '44990.00',
      }),
    ],
    start: '2026-10-23',
    end: '2026-11-21',
    days: [
      { day: '2026-11-18', usdValue: '250000.00', coins: [{ coin: 'BTC', balance: '2.8', usdValue: '250000.00' }] },
      { day: '2026-11-19', usdValue: '310000.50', coins: [{ coin: 'BTC', balance: '3.4', usdValue: '310000.50' }] },
      { day: '2026-11-20', usdValue: '301200.00', coins: [{ coin: 'BTC', balance: '3.3', usdValue: '301200.00' }] },
    ],
    ...overrides,
  };
}
