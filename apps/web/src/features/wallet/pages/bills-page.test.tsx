import type { Bill } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWalletPage, requestedUrls, stubWalletApi } from '../../../../test/wallet-render';
import { testCurrencies, testSessionUser } from '../../../../test/wallet-fixtures';
import { BillsPage } from './bills-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const bills: Bill[] = [
  {
    id: '12-34',
    time: '2026-02-10T09:15:00.000Z',
    type: 2004,
    coin: 'USDT',
    amount: '-25.129',
    balanceAfter: null,
    detail: { serialNumber: 'a1b2c3d4e5f6a1b2c3d4e5f6', targetAccount: 'bo***@example.com', remarks: 'rent' },
  },
  { id: '11-34', time: '2026-02-01T08:00:00.000Z', type: 2001, coin: 'BTC', amount: '0.5', balanceAfter: null, detail: {} },
  { id: '10-34', time: '2026-01-20T08:00:00.000Z', type: 9999, coin: 'BTC', amount: '0.1', balanceAfter: null, detail: {} },
];

function stubServer() {
  return stubWalletApi({
    '/uc/synUserInfo': testSessionUser,
    '/wallet/user/getCurrency': testCurrencies,
    '/wallet/client/userBills': { pageNo: 1, pageSize: 20, total: bills.length, records: bills },
    '/wallet/client/billInfo': bills[0],
  });
}

describe('BillsPage', () => {
  it('lists bills with translated types, signed amounts and the raw code of an unknown type', async () => {
    stubServer();
    renderWalletPage(<BillsPage />, { path: '/propertyCenter/bills' });

    const table = await screen.findByTestId('bills-table');
    expect(await within(table).findByText('Transfer out')).toBeTruthy();
    expect(within(table).getByText('-25.12')).toBeTruthy();
    expect(within(table).getByText('+0.50000000')).toBeTruthy();
    expect(within(table).getByText('Type 9999')).toBeTruthy();
    expect(within(table).getByText('Target account:')).toBeTruthy();
  });

  it('refuses a 4-month range without requesting the file', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWalletPage(<BillsPage />, { path: '/propertyCenter/bills', url: '/propertyCenter/bills?start=2026-01-01&end=2026-04-30' });

    await screen.findByTestId('bills-table');
    await user.click(screen.getByTestId('bills-download'));

    expect((await screen.findByRole('alert')).textContent).toContain(errorMessage('billRangeTooLong', 'en'));
    expect(clickSpy).not.toHaveBeenCalled();
    expect(requestedUrls(fetchSpy).some((url) => url.includes('/userBills/export'))).toBe(false);
  });

  it('downloads a range of up to 3 months through a plain link, in the interface language', async () => {
    const user = userEvent.setup();
    stubServer();
    const hrefs: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      hrefs.push(this.getAttribute('href') ?? '');
    });
    renderWalletPage(<BillsPage />, {
      path: '/propertyCenter/bills',
      url: '/propertyCenter/bills?coin=USDT&start=2026-01-01&end=2026-03-31',
    });

    await screen.findByTestId('bills-table');
    await user.click(screen.getByTestId('bills-download'));

    expect(hrefs).toHaveLength(1);
    const url = new URL(hrefs[0] ?? '', 'http://localhost');
    expect(url.pathname).toBe('/wallet/client/userBills/export');
    expect(url.searchParams.get('coin')).toBe('USDT');
    expect(new Date(url.searchParams.get('start') ?? '').getTime()).toBe(new Date(2026, 0, 1).getTime());
    expect(new Date(url.searchParams.get('end') ?? '').getTime()).toBe(new Date(2026, 3, 1).getTime());
    // A link sends no LANGUAGE-TYPE header: the file's language and the calendar of its name go in the address.
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('shows the detail of a bill in the drawer', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderWalletPage(<BillsPage />, { path: '/propertyCenter/bills' });

    const table = await screen.findByTestId('bills-table');
    await user.click(within(table).getAllByRole('button', { name: /^Details of the bill/ })[0]!);

    const detail = await screen.findByTestId('bill-detail');
    expect(within(detail).getByText('Serial number')).toBeTruthy();
    expect(within(detail).getByText('bo***@example.com')).toBeTruthy();
    expect(within(detail).getByText('rent')).toBeTruthy();
    expect(requestedUrls(fetchSpy).some((url) => url.startsWith('/wallet/client/billInfo?id=12-34'))).toBe(true);
  });
});
