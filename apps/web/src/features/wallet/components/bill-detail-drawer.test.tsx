import type { Bill } from '@coffer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ruWallet from '../../../shared/i18n/locales/ru/wallet.json';
import enWallet from '../../../shared/i18n/locales/en/wallet.json';
import ruCommon from '../../../shared/i18n/locales/ru/common.json';
import enCommon from '../../../shared/i18n/locales/en/common.json';
import { BillDetailDrawer } from './bill-detail-drawer';
import { stubWalletApi } from '../../../../test/wallet-render';

afterEach(() => {
  vi.restoreAllMocks();
});

const txid = '0x9f3c2a7b1d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8';

const deposit: Bill = {
  id: '21-7',
  time: '2026-03-01T10:00:00.000Z',
  type: 2001,
  coin: 'USDT',
  amount: '500',
  balanceAfter: null,
  detail: { txid, chain: 'ethereum', depositAddress: '0x1111111111111111111111111111111111111111', confirmations: '12/12' },
};

const withdrawal: Bill = {
  id: '22-7',
  time: '2026-03-01T11:00:00.000Z',
  type: 2002,
  coin: 'USDT',
  amount: '-102',
  balanceAfter: null,
  detail: {
    serialNumber: 'W202603011100000001',
    withdrawalAddress: '0x2222222222222222222222222222222222222222',
    txid,
    chain: 'ethereum',
    fee: '2',
    status: 'completed',
  },
};

const trade: Bill = {
  id: '23-8',
  time: '2026-03-01T12:00:00.000Z',
  type: 2007,
  coin: 'BTC',
  amount: '0.00051',
  balanceAfter: null,
  detail: { orderNo: '4021', pair: 'BTC/USDT', side: 'buy', price: '97012.35678912' },
};

function renderDrawer(bill: Bill, language: 'en' | 'ru') {
  stubWalletApi({
    '/wallet/client/billInfo': ({ url }: { url: URL }) => [deposit, withdrawal, trade].find((one) => one.id === url.searchParams.get('id')),
  });
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { wallet: enWallet, common: enCommon }, ru: { wallet: ruWallet, common: ruCommon } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BillDetailDrawer bill={bill} onClose={() => {}} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The drawer's rows as "label → text", in order. */
async function rowsOf(): Promise<Array<[string, string]>> {
  const detail = await screen.findByTestId('bill-detail');
  const labels = [...detail.querySelectorAll('.ant-descriptions-item-label')];
  const contents = [...detail.querySelectorAll('.ant-descriptions-item-content')];
  return labels.map((label, index) => [label.textContent ?? '', contents[index]?.textContent ?? '']);
}

describe('BillDetailDrawer', () => {
  it('shows a deposit’s TXID shortened with copy, its network, address and confirmations', async () => {
    renderDrawer(deposit, 'en');
    const rows = await rowsOf();
    expect(rows.map(([label]) => label)).toEqual(['Time', 'Type', 'Coin', 'Amount', 'TXID', 'Network', 'Deposit address', 'Confirmations']);
    const detail = screen.getByTestId('bill-detail');
    expect(within(detail).getByText('0x9f3c2a…b5c6d7e8')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: `Copy ${txid}` })).toBeTruthy();
    expect(rows.find(([label]) => label === 'Confirmations')?.[1]).toBe('12/12');
  });

  it('shows a withdrawal’s address, TXID, serial number, fee in its coin and status in words', async () => {
    renderDrawer(withdrawal, 'en');
    const rows = Object.fromEntries(await rowsOf());
    expect(Object.keys(rows)).toEqual([
      'Time',
      'Type',
      'Coin',
      'Amount',
      'Serial number',
      'Withdrawal address',
      'TXID',
      'Network',
      'Fee',
      'Status',
    ]);
    expect(rows['Type']).toBe('Withdrawal');
    expect(rows['Fee']).toBe('2.00 USDT');
    expect(rows['Status']).toBe('Completed');
  });

  it('shows a trade’s order number, pair, side and unit price at the pair’s tick in the quote coin', async () => {
    renderDrawer(trade, 'en');
    const rows = Object.fromEntries(await rowsOf());
    expect(rows).toMatchObject({
      Type: 'Trade (buy)',
      'Order number': '4021',
      Pair: 'BTC/USDT',
      Side: 'Buy',
      'Unit price': '97,012.35 USDT',
    });
  });

  it('names every label and value in Russian', async () => {
    renderDrawer(withdrawal, 'ru');
    const rows = Object.fromEntries(await rowsOf());
    expect(rows).toMatchObject({
      Тип: 'Вывод',
      'Номер операции': 'W2026030…00000001Копировать',
      Комиссия: '2,00 USDT',
      Статус: 'Выполнен',
      Сеть: 'ethereum',
    });
    expect(Object.keys(rows)).toContain('Адрес вывода');
  });
});
