import type { AssetRow, Bill, SpotOrder, TransferRecord, WithdrawalRecord } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withdrawalRecord } from '../../../test/funds-fixtures';
import { WithdrawalRecords } from '../../features/funds/components/withdrawal-records';
import { OrdersTable } from '../../features/trade/components/orders-table';
import { testOrder } from '../../../test/trade-kit';
import { AssetTable } from '../../features/wallet/components/asset-table';
import { BillsTable } from '../../features/wallet/components/bills-table';
import { RecentActivityCard } from '../../features/wallet/components/dashboard-widgets';
import { TransferRecords } from '../../features/wallet/components/transfer-records';
import { testAssetRows } from '../../../test/wallet-fixtures';
import { stubWalletApi } from '../../../test/wallet-render';
import enCommon from '../i18n/locales/en/common.json';
import enFunds from '../i18n/locales/en/funds.json';
import enTrade from '../i18n/locales/en/trade.json';
import enWallet from '../i18n/locales/en/wallet.json';
import ruCommon from '../i18n/locales/ru/common.json';
import ruFunds from '../i18n/locales/ru/funds.json';
import ruTrade from '../i18n/locales/ru/trade.json';
import ruWallet from '../i18n/locales/ru/wallet.json';

afterEach(() => {
  vi.restoreAllMocks();
});

/** One movement of 1,997.009672 USDT, as each screen receives it from the server. */
const amount = '1997.009672';
const time = '2026-03-01T10:00:00.000Z';

const assetRow: AssetRow = { ...testAssetRows[1]!, total: amount, available: amount, frozen: '0' };
const bill: Bill = { id: '1-1', time, type: 2001, coin: 'USDT', amount, balanceAfter: null, detail: {} };
const transfer: TransferRecord = {
  flowId: 'f1',
  orderNo: 'T1',
  coin: 'USDT',
  quantity: amount,
  handlingFee: '0',
  accountBalance: '0',
  businessType: 'transferIn',
  remarks: '',
  recordedTime: time,
  source: 'al***@example.com',
  hash: null,
  toAddress: 'me',
  status: 'credited',
};
const withdrawal: WithdrawalRecord = withdrawalRecord({ amount, status: 'completed' });
const order: SpotOrder = testOrder({
  side: 'sell',
  quoteAmount: amount,
  payCoin: 'BTC',
  receiveCoin: 'USDT',
  receiveAmount: amount,
  status: 'completed',
  isPayable: false,
});

const screens: Record<string, () => ReactNode> = {
  'balance table': () => <AssetTable rows={[assetRow]} fiat="USD" isLoading={false} empty={null} />,
  bills: () => (
    <BillsTable
      page={{ pageNo: 1, pageSize: 20, total: 1, records: [bill] }}
      isLoading={false}
      empty={null}
      onPageChange={() => {}}
      onOpen={() => {}}
    />
  ),
  dashboard: () => <RecentActivityCard bills={[bill]} />,
  transfer: () => <TransferRecords />,
  withdraw: () => <WithdrawalRecords />,
  trade: () => (
    <OrdersTable page={{ pageNo: 1, pageSize: 20, total: 1, records: [order] }} isLoading={false} empty={null} onPageChange={() => {}} />
  ),
};

function renderIn(language: 'en' | 'ru', page: ReactNode) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    resources: {
      en: { common: enCommon, wallet: enWallet, funds: enFunds, trade: enTrade },
      ru: { common: ruCommon, wallet: ruWallet, funds: ruFunds, trade: ruTrade },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/'] });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Every rendering of 1,997.… in the screen's elements, with whatever grouping and decimal mark the locale uses. */
function renderingsOf(container: HTMLElement): string[] {
  const leaves = [...container.querySelectorAll('*')].filter((element) => element.children.length === 0);
  return leaves.flatMap((element) => element.textContent?.match(/1[,\s\u00a0\u202f]?997[.,]\d+/g) ?? []);
}

describe('one amount, one text on every screen', () => {
  it.each([
    ['en', '1,997.00'],
    ['ru', '1\u00a0997,00'],
  ] as const)(
    'shows 1997.009672 USDT as %s → %s on the balance table, bills, dashboard, transfer, withdraw and trade screens',
    async (language, expected) => {
      stubWalletApi({
        [walletPaths.transfers]: [transfer],
        [withdrawalPaths.withdrawals]: { pageNo: 1, pageSize: 10, total: 1, records: [withdrawal] },
      });
      const seen: Record<string, string[]> = {};
      for (const [name, page] of Object.entries(screens)) {
        const view = renderIn(language, page());
        // The screens that load their records wait for them; the others have them at once.
        await vi.waitFor(() => expect(renderingsOf(view.container)).not.toEqual([]), { timeout: 5_000 });
        seen[name] = [...new Set(renderingsOf(view.container))];
        view.unmount();
      }
      expect(seen).toEqual(Object.fromEntries(Object.keys(screens).map((name) => [name, [expected]])));
      expect(screen.queryByText(/997[.,]009672/)).toBeNull();
    },
    30_000,
  );
});
