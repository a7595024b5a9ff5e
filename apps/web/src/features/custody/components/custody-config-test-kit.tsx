import type { Currency, CustodyAccount, CustodyAddress, CustodyLine, CustodySettings, DwChainOption, DwOption } from '@coffer/contract';
import type { Language } from '@coffer/contract/languages';
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import configEn from '../../../shared/i18n/locales/en/custodyConfig.json';
import configRu from '../../../shared/i18n/locales/ru/custodyConfig.json';
import configZhCn from '../../../shared/i18n/locales/zh-CN/custodyConfig.json';
import configZhTw from '../../../shared/i18n/locales/zh-TW/custodyConfig.json';
import orgEn from '../../../shared/i18n/locales/en/custodyOrg.json';
import orgRu from '../../../shared/i18n/locales/ru/custodyOrg.json';
import orgZhCn from '../../../shared/i18n/locales/zh-CN/custodyOrg.json';
import orgZhTw from '../../../shared/i18n/locales/zh-TW/custodyOrg.json';
import { renderCustodyPage } from './custody-org-test-kit';

const catalogues: Record<Language, { custodyConfig: object; custodyOrg: object }> = {
  en: { custodyConfig: configEn, custodyOrg: orgEn },
  ru: { custodyConfig: configRu, custodyOrg: orgRu },
  'zh-CN': { custodyConfig: configZhCn, custodyOrg: orgZhCn },
  'zh-TW': { custodyConfig: configZhTw, custodyOrg: orgZhTw },
};

/**
 * Test-only: renders a console configuration page as the app does, in `language` (its
 * catalogues and the HTTP client's error texts alike), at `path`/`url`, with the app's toasts.
 * The test setup puts the client back in English after each test.
 */
export function renderCustodyConfig(
  ui: ReactNode,
  {
    language = 'en',
    path = '/custody/page',
    url,
    routes,
  }: { language?: Language; path?: string; url?: string; routes?: RouteObject[] } = {},
) {
  return renderCustodyPage(ui, { path, url, routes, language, namespaces: catalogues[language] });
}

const slow = { timeout: 5_000 };

/** Test-only: replaces the text of the input `testId` (pasted, as a person would). */
export async function fill(user: UserEvent, testId: string, text: string) {
  const field = screen.getByTestId(testId);
  await user.clear(field);
  if (text !== '') {
    field.focus();
    await user.paste(text);
  }
}

/** Picks `label` in the select `testId` (each label of `labels` for a multiple select), in that select's own dropdown. */
export async function choose(user: UserEvent, testId: string, ...labels: string[]) {
  const combobox = within(screen.getByTestId(testId)).getByRole('combobox');
  await user.click(combobox);
  for (const label of labels) {
    const option = await waitFor(() => {
      const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
      const dropdown = list?.closest('.ant-select-dropdown');
      const found = [...(dropdown?.querySelectorAll('.ant-select-item-option-content') ?? [])].find(
        (element) => element.textContent === label,
      );
      if (!found) throw new Error(`no option ${label} for ${testId}`);
      return found;
    }, slow);
    await user.click(option);
  }
}

/** Test-only: waits until the field whose input carries `testId` shows the error `text`. */
export async function expectErrorAt(testId: string, text: string): Promise<void> {
  await waitFor(() => {
    const item = screen.getByTestId(testId).closest('.ant-form-item');
    expect(item?.querySelector('.ant-form-item-explain-error')?.textContent).toBe(text);
  }, slow);
}

const createdAt = '2026-11-20T10:15:00.000Z';

export function accountOf(overrides: Partial<CustodyAccount> = {}): CustodyAccount {
  return { id: '7', name: 'Treasury hot', kind: 'hot', tier: 'enterprise', addressCount: 2, createdAt, ...overrides };
}

export const accounts: CustodyAccount[] = [
  accountOf(),
  accountOf({ id: '8', name: 'Reserve cold', kind: 'cold', tier: 'prime', addressCount: 0 }),
];

export function lineOf(overrides: Partial<CustodyLine> = {}): CustodyLine {
  return {
    id: '40',
    name: 'OTC desk',
    adminEmail: 'otc@acme.test',
    currencies: ['BTC', 'USDT'],
    accountIds: ['7'],
    minReviewers: 2,
    reviewerMemberIds: ['100', '101'],
    limits: [{ asset: 'BTC', perTransaction: '1.5', perDay: '5', perWeek: '20', perMonth: '50' }],
    whitelist: [
      { asset: 'BTC', chain: 'bitcoin', address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', tag: '', note: 'Exchange hot wallet' },
    ],
    frozenAt: null,
    createdAt,
    ...overrides,
  };
}

export function settingsOf(overrides: Partial<CustodySettings> = {}): CustodySettings {
  return { requireHardwareKey: false, sessionMinutes: 30, consoleIps: '', ...overrides };
}

export function addressOf(overrides: Partial<CustodyAddress> = {}): CustodyAddress {
  return {
    id: '300',
    accountId: '7',
    asset: 'ETH',
    chain: 'ethereum',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    tag: '',
    note: 'Payroll wallet',
    createdAt,
    ...overrides,
  };
}

function chainOf(chain: string, needsMemo = false): DwChainOption {
  return {
    chain,
    tokenStandard: 'native',
    contractAddress: null,
    needsMemo,
    depositEnabled: true,
    withdrawEnabled: true,
    minDeposit: '0',
    confirmationsToCredit: 1,
    confirmationsToWithdraw: 6,
    minWithdrawal: '0',
    withdrawalFee: '0',
  };
}

/** The deposit/withdraw options (`DwOption`): BTC on Bitcoin, ETH and USDT on Ethereum, XRP on the XRP Ledger (with a tag). */
export const networkOptions: DwOption[] = [
  { coin: 'BTC', name: 'Bitcoin', icon: '', displayPrecision: 8, chains: [chainOf('bitcoin')] },
  { coin: 'ETH', name: 'Ether', icon: '', displayPrecision: 6, chains: [chainOf('ethereum')] },
  { coin: 'USDT', name: 'Tether', icon: '', displayPrecision: 2, chains: [chainOf('ethereum')] },
  { coin: 'XRP', name: 'XRP', icon: '', displayPrecision: 4, chains: [chainOf('xrpl', true)] },
];

function currencyOf(coin: string, name: string, scale: number): Currency {
  return { coin, name, scale, displayPrecision: Math.min(scale, 8), icon: '', usdPrice: '1', chains: [] };
}

/** The supported coins with their scales: BTC 8, ETH 18, USDT 6, XRP 6. */
export const currencies: Currency[] = [
  currencyOf('BTC', 'Bitcoin', 8),
  currencyOf('ETH', 'Ether', 18),
  currencyOf('USDT', 'Tether', 6),
  currencyOf('XRP', 'XRP', 6),
];
