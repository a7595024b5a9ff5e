import { custodyPaths, errorCatalogue, errorMessage, walletPaths } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../shared/format/format-date';
import { accounts, choose, currencies } from '../components/custody-config-test-kit';
import {
  balances,
  catchSavedFiles,
  holdingOf,
  renderCustodyMoney,
  reportOf,
  requestedUrls,
  stubMoneyApi,
  type StubFile,
} from '../components/custody-money-test-kit';
import { CustodyOrgEnvelope } from '../components/custody-org-test-kit';
import { meOf } from '../components/custody-test-kit';
import { AssetReportPage } from './asset-report-page';

const slow = { timeout: 5_000 };
const files: Record<string, (url: URL) => StubFile> = {
  [custodyPaths.assetReportExport]: (url) =>
    url.searchParams.get('format') === 'xlsx'
      ? { body: 'PK…', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name: 'report.xlsx' }
      : { body: 'Account,Coin\n', type: 'text/csv; charset=utf-8', name: 'report.csv' },
};

function stubServer(answers: Record<string, unknown> = {}, permissions: Parameters<typeof meOf>[0] = ['orders', 'assetReport']) {
  return stubMoneyApi(
    {
      [custodyPaths.me]: meOf(permissions),
      [custodyPaths.accounts]: accounts,
      [custodyPaths.assetReport]: reportOf(),
      [custodyPaths.balances]: balances,
      [walletPaths.currencies]: currencies,
      ...answers,
    },
    files,
  );
}

const renderAt = (url = '/custody/assetReport', language?: 'en' | 'ru' | 'zh-CN' | 'zh-TW') =>
  renderCustodyMoney(<AssetReportPage />, { path: '/custody/assetReport', url, language });

function lastQuery(spy: ReturnType<typeof stubServer>): Record<string, string> {
  return Object.fromEntries(requestedUrls(spy, custodyPaths.assetReport).at(-1)?.searchParams ?? []);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AssetReportPage', { timeout: 60_000 }, () => {
  it('shows the USD total now, the chart of the daily snapshots, and the holdings per account and asset with totals', async () => {
    const spy = stubServer();
    renderAt();
    expect((await screen.findByTestId('report-total', {}, slow)).textContent).toBe('$337,345.67');
    expect(screen.getByText(`As of ${formatDateTime('2026-11-21T08:00:00.000Z', 'en')}`)).toBeTruthy();
    expect(lastQuery(spy)).toEqual({});

    const chart = screen.getByTestId('report-chart');
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toBe(
      'Assets under custody per day: $250,000.00 on Nov 18, $301,200.00 on Nov 20',
    );
    // The highest and lowest day of the range, and the first and last day.
    expect(chart.textContent).toContain('$310,000.50');
    expect(chart.textContent).toContain('$250,000.00');
    expect(chart.textContent).toContain('Nov 18');
    expect(screen.getByTestId('report-snapshot-days').textContent).toBe('3 days with a snapshot');

    const table = screen.getByTestId('holdings-table');
    const hot = screen.getByTestId('holding-account-7');
    expect(hot.textContent).toContain('Treasury hot');
    expect(hot.textContent).toContain('Hot storage');
    expect(hot.textContent).toContain('Account total $292,355.67');
    expect(screen.getByTestId('holding-account-8').textContent).toContain('Account total $44,990.00');
    expect(screen.getByTestId('holding-balance-7-BTC').textContent).toBe('3.23456789');
    expect(screen.getByTestId('holding-usd-7-BTC').textContent).toBe('$291,111.11');
    const usdt = screen.getByTestId('holding-balance-7-USDT').closest('tr') as HTMLElement;
    expect(within(usdt).getByText('1,244.56')).toBeTruthy();
    expect(within(usdt).getByText('1,234.56')).toBeTruthy();
    expect(within(usdt).getByText('10.00')).toBeTruthy();
    expect(screen.getByTestId('holding-balance-8-ETH').textContent).toBe('15.00000000');
    expect(within(table).getByText('$2,999.33')).toBeTruthy();
    expect(screen.getByTestId('holdings-total').textContent).toBe('$337,345.67');
  });

  it('sends the chosen account and days, kept in the address', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    const { router } = renderAt('/custody/assetReport?start=2026-09-01&end=2026-09-30');
    await screen.findByTestId('holdings-table', {}, slow);
    expect(lastQuery(spy)).toEqual({ start: '2026-09-01', end: '2026-09-30' });
    await choose(user, 'report-account', 'Reserve cold · Cold storage · Prime');
    await waitFor(() => expect(lastQuery(spy)).toEqual({ accountId: '8', start: '2026-09-01', end: '2026-09-30' }));
    expect(router.state.location.search).toBe('?account=8&start=2026-09-01&end=2026-09-30');
  });

  it('downloads the CSV and the Excel workbook of what the page shows, in the page language', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    const spy = stubServer();
    renderAt('/custody/assetReport?account=7', 'zh-TW');
    await screen.findByTestId('holdings-table', {}, slow);
    await user.click(screen.getByTestId('report-download-csv'));
    expect((await screen.findByTestId('report-download-notice', {}, slow)).textContent).toContain('已下載：report.csv');
    await user.click(screen.getByTestId('report-download-xlsx'));
    await waitFor(() => expect(screen.getByTestId('report-download-notice').textContent).toContain('已下載：report.xlsx'));
    // No days chosen: the days the report answered.
    expect(requestedUrls(spy, custodyPaths.assetReportExport).map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { accountId: '7', start: '2026-10-23', end: '2026-11-21', format: 'csv', lang: 'zh-TW' },
      { accountId: '7', start: '2026-10-23', end: '2026-11-21', format: 'xlsx', lang: 'zh-TW' },
    ]);
    expect(saved.map((file) => file.name)).toEqual(['report.csv', 'report.xlsx']);
    expect(saved[1]?.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('shows a refused download in the page language and saves nothing', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    // No file for the export: it answers the envelope.
    stubMoneyApi({
      [custodyPaths.me]: meOf(['assetReport']),
      [custodyPaths.accounts]: accounts,
      [custodyPaths.assetReport]: reportOf(),
      [custodyPaths.assetReportExport]: new CustodyOrgEnvelope(errorCatalogue.noPermission.code),
    });
    renderAt('/custody/assetReport', 'ru');
    await screen.findByTestId('holdings-table', {}, slow);
    await user.click(screen.getByTestId('report-download-csv'));
    expect((await screen.findByTestId('report-download-notice', {}, slow)).textContent).toContain(errorMessage('noPermission', 'ru'));
    expect(saved).toEqual([]);
  });

  it('offers moving funds only to members who may order', async () => {
    stubServer({}, ['assetReport']);
    renderAt();
    await screen.findByTestId('holdings-table', {}, slow);
    expect(screen.queryByTestId('report-move')).toBeNull();
    expect(screen.queryByTestId('holding-move-7-BTC')).toBeNull();
    vi.restoreAllMocks();

    stubServer({
      [custodyPaths.assetReport]: reportOf({
        holdings: [holdingOf(), holdingOf({ coin: 'USDT', balance: '10', available: '0', frozen: '10', usdPrice: '1', usdValue: '10.00' })],
      }),
    });
    renderAt();
    expect(await screen.findByTestId('report-move', {}, slow)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('holding-move-7-BTC') as HTMLButtonElement).disabled).toBe(false));
    // Nothing available to move: all of it frozen.
    expect((screen.getByTestId('holding-move-7-USDT') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says what is empty: no holdings yet, no accounts, no snapshots yet', async () => {
    stubServer({ [custodyPaths.assetReport]: reportOf({ holdings: [], usdValue: '0.00', days: [] }) });
    renderAt();
    const empty = await screen.findByTestId('report-empty', {}, slow);
    expect(empty.textContent).toContain('Nothing is held yet.');
    expect(await within(empty).findByRole('link', { name: 'Deposit to an account' }, slow)).toBeTruthy();
    expect(screen.getByTestId('report-chart-empty').textContent).toContain('A snapshot is taken after each day ends (UTC).');
    expect(screen.queryByTestId('holdings-total')).toBeNull();
    vi.restoreAllMocks();

    stubServer({ [custodyPaths.accounts]: [], [custodyPaths.assetReport]: reportOf({ holdings: [], usdValue: '0.00', days: [] }) }, [
      'assetReport',
      'accounts',
    ]);
    renderAt('/custody/assetReport', 'zh-CN');
    const none = await screen.findByTestId('report-no-accounts', {}, slow);
    expect(none.textContent).toContain('暂无托管账户。');
    expect(await within(none).findByRole('link', { name: '在通用设置中开立托管账户' }, slow)).toBeTruthy();
  });

  it('shows the skeleton while loading, then the envelope message with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubServer({
      [custodyPaths.assetReport]: () => {
        calls += 1;
        return calls === 1 ? new CustodyOrgEnvelope(errorCatalogue.serviceUnavailable.code) : reportOf();
      },
    });
    renderAt();
    expect(screen.getByTestId('report-loading')).toBeTruthy();
    const failed = await screen.findByTestId('report-load-error', {}, slow);
    expect(failed.textContent).toContain(errorMessage('serviceUnavailable', 'en'));
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('holdings-table', {}, slow)).toBeTruthy();
  });
});
