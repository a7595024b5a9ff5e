import { depositPaths } from '@coffer/contract/deposit-paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { callsTo, stubFundsApi } from '../components/funds-test-server';
import { depositRecord, testDwOptions, testUsdtAddress, testXrpAddress } from '../../../../test/funds-fixtures';
import { RechargePage } from './recharge-page';

/** Under load, antd pages in jsdom take a few seconds to settle. */
const slow = { timeout: 5_000 };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function stubServer(
  records = [
    depositRecord(),
    depositRecord({ id: '2', amount: '0.5', status: 2, failReason: 'belowMinimum', progress: '12/12', confirmations: 12 }),
    depositRecord({ id: '3', amount: '80', status: 1, confirmations: 12, progress: '12/12' }),
  ],
) {
  return stubFundsApi({
    [depositPaths.dwOption]: testDwOptions,
    [depositPaths.depositAddress]: ({ url }: { url: URL }) => (url.searchParams.get('coin') === 'XRP' ? testXrpAddress : testUsdtAddress),
    [depositPaths.dwRecords]: ({ body }: { body: { pageNo: number; pageSize: number } }) => ({
      pageNo: body.pageNo,
      pageSize: body.pageSize,
      total: records.length,
      records,
    }),
  });
}

// antd pages render slowly in jsdom on a shared machine; each test still waits only for what it needs.
describe('RechargePage', { timeout: 20_000 }, () => {
  it('shows the deposit address with its QR code, minimum and confirmations, and the records with their states', async () => {
    const fetchSpy = stubServer();
    renderPage(<RechargePage />, { path: '/propertyCenter/recharge', url: '/propertyCenter/recharge?coin=USDT' });

    expect((await screen.findByTestId('deposit-address', {}, slow)).textContent).toBe(testUsdtAddress.address);
    expect(screen.getByTestId('deposit-qr').getAttribute('src')).toBe(testUsdtAddress.qrCode);
    expect(screen.getByTestId('deposit-minimum').textContent).toBe('1.00 USDT');
    expect(screen.getByTestId('deposit-confirmations').textContent).toBe('12');
    expect(screen.getByText('Ethereum (ERC-20)')).toBeTruthy();
    // No tag on Ethereum, and no faucet unless the server offers one.
    expect(screen.queryByTestId('deposit-memo-warning')).toBeNull();
    expect(screen.queryByTestId('deposit-faucet')).toBeNull();

    const records = await screen.findByTestId('deposit-records', {}, slow);
    expect(within(records).getByText('Waiting to be credited')).toBeTruthy();
    expect(within(records).getByText('Below minimum')).toBeTruthy();
    expect(within(records).getByText('Credited')).toBeTruthy();
    // Each deposit's confirmations as "n of N", with the full sentence on its progress bar.
    expect(
      within(records)
        .getAllByTestId('deposit-progress-count')
        .map((cell) => cell.textContent),
    ).toEqual(['3 of 12', '12 of 12', '12 of 12']);
    expect(within(records).getByRole('progressbar', { name: '3 of 12 confirmations' })).toBeTruthy();
    expect(within(records).getByText('250.00')).toBeTruthy();

    const [query] = callsTo(fetchSpy, 'POST', depositPaths.dwRecords);
    expect(query).toMatchObject({ kind: 'deposit', pageNo: 1 });
  });

  it('shows the XRP tag with its warning when XRP is chosen', async () => {
    const user = userEvent.setup();
    stubServer([]);
    renderPage(<RechargePage />, { path: '/propertyCenter/recharge' });

    await screen.findByTestId('deposit-address', {}, slow);
    await user.click(screen.getByRole('combobox', { name: 'Coin' }));
    await user.click(await screen.findByTitle('XRP XRP', {}, slow));

    expect((await screen.findByTestId('deposit-memo', {}, slow)).textContent).toBe('100042');
    expect(screen.getByTestId('deposit-memo-warning').textContent).toContain('will not be credited');
    expect(screen.getByTestId('deposit-address').textContent).toBe(testXrpAddress.address);
    expect(screen.getByText('No deposits yet. Send coins to the address above and they will appear here.')).toBeTruthy();
  });

  it('keeps asking for the records while a deposit waits for confirmations', async () => {
    const fetchSpy = stubServer([depositRecord()]);
    renderPage(<RechargePage />, { path: '/propertyCenter/recharge' });
    await screen.findByText('Waiting to be credited', {}, slow);
    const before = callsTo(fetchSpy, 'POST', depositPaths.dwRecords).length;

    await vi.waitFor(() => expect(callsTo(fetchSpy, 'POST', depositPaths.dwRecords).length).toBeGreaterThan(before), { timeout: 5_000 });
  });
});
