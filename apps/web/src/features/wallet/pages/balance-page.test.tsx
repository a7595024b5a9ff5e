import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideSmallStorageKey } from '../components/hide-small-preference';
import { renderWalletPage, requestedUrls, stubWalletApi } from '../../../../test/wallet-render';
import { testAssetRows, testCurrencies, testSessionUser, testSummary } from '../../../../test/wallet-fixtures';
import { BalancePage } from './balance-page';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A coin's row, found by its action link (the code and the name of XRP are the same text). */
const rowOf = (table: HTMLElement, coin: string) =>
  within(table)
    .queryByRole('link', { name: `Deposit ${coin}` })
    ?.closest('tr') ?? null;

/** The server's rule: with hideSmall=true, rows worth under 1 USD are left out. */
function stubServer() {
  return stubWalletApi({
    '/uc/synUserInfo': testSessionUser,
    '/wallet/user/getCurrency': testCurrencies,
    '/wallet/client/bit-assets': ({ url }: { url: URL }) => ({
      rows: url.searchParams.get('hideSmall') === 'true' ? testAssetRows.filter((row) => !row.usdValue.startsWith('0.')) : testAssetRows,
      summary: testSummary,
    }),
  });
}

describe('BalancePage', () => {
  it('shows every coin with amounts cut to their display precision', async () => {
    stubServer();
    renderWalletPage(<BalancePage />, { path: '/propertyCenter/balance' });

    const table = await screen.findByTestId('balance-table');
    await within(table).findByText('BTC');
    const btc = rowOf(table, 'BTC')!;
    // 0.012345678 BTC at 8 decimals: the 9th digit is cut, not rounded up.
    expect(within(btc).getByText('0.01234567')).toBeTruthy();
    expect(within(btc).getByText('$1,197.53')).toBeTruthy();
    const usdt = rowOf(table, 'USDT')!;
    expect(within(usdt).getAllByText('1,234.56')).toHaveLength(2);
    expect(rowOf(table, 'XRP')).toBeTruthy();
    expect(screen.getByTestId('balance-total').textContent).toBe('$2,432.33');
  });

  it('hides balances under 1 USD when the switch is on, and remembers it', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderWalletPage(<BalancePage />, { path: '/propertyCenter/balance' });

    const table = await screen.findByTestId('balance-table');
    await within(table).findByText('BTC');
    expect(rowOf(table, 'XRP')).toBeTruthy();

    await user.click(screen.getByTestId('hide-small'));

    await waitFor(() => expect(rowOf(table, 'XRP')).toBeNull());
    expect(rowOf(table, 'BTC')).toBeTruthy();
    expect(rowOf(table, 'USDT')).toBeTruthy();
    expect(requestedUrls(fetchSpy).some((url) => url.startsWith('/wallet/client/bit-assets') && url.includes('hideSmall=true'))).toBe(true);
    expect(localStorage.getItem(hideSmallStorageKey)).toBe('true');
  });

  it('opens with the remembered switch', async () => {
    localStorage.setItem(hideSmallStorageKey, 'true');
    stubServer();
    renderWalletPage(<BalancePage />, { path: '/propertyCenter/balance' });

    const table = await screen.findByTestId('balance-table');
    expect(await within(table).findByText('BTC')).toBeTruthy();
    expect(rowOf(table, 'XRP')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Hide balances under 1 USD' }).getAttribute('aria-checked')).toBe('true');
  });
});
