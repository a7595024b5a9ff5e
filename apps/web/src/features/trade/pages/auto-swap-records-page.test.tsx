import type { AutoSwapRecord } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { testCurrencies } from '../../../../test/wallet-fixtures';
import { requests, stubTradeApi } from '../../../../test/trade-kit';
import { AutoSwapRecordsPage } from './auto-swap-records-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const record = (overrides: Partial<AutoSwapRecord>): AutoSwapRecord => ({
  id: '1',
  magicKey: 'journal-1',
  sourceCoin: 'BTC',
  targetCoin: 'USDT',
  sourceAmount: '0.5',
  targetAmount: '48450.123456',
  fee: '48.5',
  price: '97000.5',
  pair: 'BTC/USDT',
  status: 'completed',
  statusReason: null,
  time: '2026-03-01T10:00:00.000Z',
  completedAt: '2026-03-01T10:00:01.000Z',
  ...overrides,
});

describe('AutoSwapRecordsPage', () => {
  it('lists source coin, target coin, time, price and the §4 status, paged, with the filters of the address', async () => {
    const fetchSpy = stubTradeApi({
      '/wallet/user/getCurrency': testCurrencies,
      '/trade/auto-swap/records': ({ url }: { url: URL }) => ({
        pageNo: Number(url.searchParams.get('pageNo')),
        pageSize: Number(url.searchParams.get('pageSize')),
        total: 41,
        records: [
          record({}),
          record({ id: '2', status: 'unsettle', targetAmount: null, price: null, pair: null, statusReason: 'insufficientBalance' }),
        ],
      }),
    });
    renderPage(<AutoSwapRecordsPage />, { path: '/trade/automaticSwap/orders', url: '/trade/automaticSwap/orders?source=BTC&page=3' });

    const table = await screen.findByTestId('auto-swap-records', {}, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('BTC');
    expect(rows[1]?.textContent).toContain('48,450.12 USDT');
    expect(rows[1]?.textContent).toContain('BTC/USDT 97,000.50 USDT');
    expect(rows[1]?.textContent).toContain('Completed');
    expect(rows[2]?.textContent).toContain('Unsettled');
    expect(rows[2]?.textContent).toContain('Insufficient balance');
    expect(within(table).getByText('41 in total')).toBeTruthy();
    await waitFor(() =>
      expect(
        requests(fetchSpy).some((request) => request.startsWith('GET /trade/auto-swap/records?sourceCoin=BTC&pageNo=3&pageSize=20')),
      ).toBe(true),
    );
  }, 30_000);
});
