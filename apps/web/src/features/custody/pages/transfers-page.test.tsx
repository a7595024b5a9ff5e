import { custodyPaths, errorCatalogue, errorMessage, walletPaths, type CustodyTransfer } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rangeInstants } from '../../../shared/format/day-range';
import { formatDateTime } from '../../../shared/format/format-date';
import { accounts, choose, currencies } from '../components/custody-config-test-kit';
import {
  catchSavedFiles,
  moveOf,
  renderCustodyMoney,
  requestedUrls,
  stubMoneyApi,
  transferOf,
  type StubFile,
} from '../components/custody-money-test-kit';
import { CustodyOrgEnvelope } from '../components/custody-org-test-kit';
import { meOf } from '../components/custody-test-kit';
import { TransfersPage } from './transfers-page';

const slow = { timeout: 5_000 };
const csvFile: StubFile = { body: 'Flow ID,Order number\n', type: 'text/csv; charset=utf-8', name: 'transfers.csv' };
const move = moveOf();
const records: CustodyTransfer[] = [
  move.out,
  transferOf(),
  transferOf({
    flowId: '9002',
    orderNo: 'D502',
    coin: 'XRP',
    chain: 'xrpl',
    quantity: '5',
    accountBalance: null,
    state: 'failure',
    failReason: 'belowMinimum',
    completedTime: null,
    source: '',
    hash: 'ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789',
    toAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe#100042',
  }),
];

function stubServer(answers: Record<string, unknown> = {}, files: Record<string, StubFile | ((url: URL) => StubFile | null)> = {}) {
  return stubMoneyApi(
    {
      [custodyPaths.me]: meOf(['orders', 'assetReport']),
      [custodyPaths.accounts]: accounts,
      [walletPaths.currencies]: currencies,
      [custodyPaths.transfers]: ({ url }: { url: URL }) => ({
        pageNo: Number(url.searchParams.get('pageNo') ?? 1),
        pageSize: Number(url.searchParams.get('pageSize') ?? 20),
        total: records.length,
        records,
      }),
      ...answers,
    },
    files,
  );
}

const renderAt = (url = '/custody/transfers', language?: 'en' | 'ru' | 'zh-CN' | 'zh-TW') =>
  renderCustodyMoney(<TransfersPage />, { path: '/custody/transfers', url, language });

/** The query of the last page read. */
function lastQuery(spy: ReturnType<typeof stubServer>): Record<string, string> {
  const url = requestedUrls(spy, custodyPaths.transfers).at(-1);
  return Object.fromEntries(url?.searchParams ?? []);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TransfersPage', { timeout: 60_000 }, () => {
  it('shows every §3 field of each record with its §4 state, newest first, and the total', async () => {
    const spy = stubServer();
    renderAt();
    const table = await screen.findByTestId('transfer-table', {}, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const moved = within(rows[0]!);
    expect(moved.getByText('9101')).toBeTruthy();
    expect(moved.getByText('M77')).toBeTruthy();
    expect(moved.getByText('Internal move out')).toBeTruthy();
    expect(moved.getByText('Internal')).toBeTruthy();
    expect(moved.getByTestId('transfer-quantity-9101').textContent).toBe('−0.50000000');
    expect(moved.getByText('2.73456789')).toBeTruthy();
    expect(moved.getByTestId('transfer-state-released').textContent).toBe('✓ Released');
    expect(moved.getByText('Sweep')).toBeTruthy();
    expect(moved.getByText('Reserve cold')).toBeTruthy();

    const deposit = within(rows[1]!);
    expect(deposit.getByText('9001')).toBeTruthy();
    expect(deposit.getByText('D501')).toBeTruthy();
    expect(deposit.getByText('Bitcoin')).toBeTruthy();
    expect(deposit.getByText('Deposit')).toBeTruthy();
    expect(deposit.getByTestId('transfer-quantity-9001').textContent).toBe('+1.23456789');
    expect(deposit.getByText('0.00000000')).toBeTruthy();
    expect(deposit.getByText('3.23456789')).toBeTruthy();
    expect(deposit.getByTestId('transfer-state-credited').textContent).toBe('✓ Credited');
    expect(deposit.getByText(formatDateTime('2026-11-20T10:15:00.000Z', 'en'))).toBeTruthy();
    expect(deposit.getByText('bcrt1q…000abc')).toBeTruthy();
    expect(deposit.getByText('bcrt1q…ygt080')).toBeTruthy();
    expect(deposit.getByText('4a5e1e…eda33b')).toBeTruthy();

    const failed = within(rows[2]!);
    expect(failed.getByTestId('transfer-state-failure').textContent).toBe('✕ Failure');
    expect(failed.getByText('Below the minimum deposit')).toBeTruthy();
    expect(failed.getByText('XRP Ledger')).toBeTruthy();
    // No balance yet, no source named.
    expect(failed.getAllByText('—').length).toBeGreaterThanOrEqual(2);
    expect(failed.getByText('rPT1Sj…100042')).toBeTruthy();

    expect(within(table).getByText('3 records')).toBeTruthy();
    expect(lastQuery(spy)).toEqual({ pageNo: '1', pageSize: '20' });
  });

  it('sends the chosen filters and keeps them in the address', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    const { router } = renderAt();
    await screen.findByTestId('transfer-table', {}, slow);

    await choose(user, 'transfers-account', 'Reserve cold · Cold storage · Prime');
    await waitFor(() => expect(lastQuery(spy)).toEqual({ accountId: '8', pageNo: '1', pageSize: '20' }));
    await choose(user, 'transfers-coin', 'ETH');
    await choose(user, 'transfers-type', 'Internal move in');
    await choose(user, 'transfers-state', 'Pending credit');
    await waitFor(() =>
      expect(lastQuery(spy)).toEqual({
        accountId: '8',
        coin: 'ETH',
        businessType: 'internalIn',
        state: 'pendingCredit',
        pageNo: '1',
        pageSize: '20',
      }),
    );
    expect(router.state.location.search).toBe('?account=8&coin=ETH&type=internalIn&state=pendingCredit');
  });

  it('reads a range of days from the address as the instants of those local days', async () => {
    const spy = stubServer();
    renderAt('/custody/transfers?start=2026-11-01&end=2026-11-30&type=deposit&page=2&size=50');
    await screen.findByTestId('transfer-table', {}, slow);
    const range = rangeInstants('2026-11-01', '2026-11-30');
    expect(lastQuery(spy)).toEqual({ businessType: 'deposit', start: range?.start, end: range?.end, pageNo: '2', pageSize: '50' });
  });

  it('says what is empty: the way to deposit without filters, clearing them with', async () => {
    const user = userEvent.setup();
    stubServer({ [custodyPaths.transfers]: { pageNo: 1, pageSize: 20, total: 0, records: [] } });
    const { router } = renderAt('/custody/transfers?state=failure');
    const filtered = await screen.findByTestId('transfers-empty', {}, slow);
    expect(filtered.textContent).toContain('No transfers match these filters.');
    await user.click(within(filtered).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const empty = await screen.findByTestId('transfers-empty', {}, slow);
    expect(empty.textContent).toContain('No transfers yet.');
    expect(await within(empty).findByRole('link', { name: 'Deposit to an account' }, slow)).toBeTruthy();
  });

  it('shows the skeleton while loading, then the envelope message with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubServer({
      [custodyPaths.transfers]: () => {
        calls += 1;
        return calls === 1
          ? new CustodyOrgEnvelope(errorCatalogue.serviceUnavailable.code)
          : { pageNo: 1, pageSize: 20, total: 1, records };
      },
    });
    renderAt('/custody/transfers', 'ru');
    expect(screen.getByTestId('transfers-loading')).toBeTruthy();
    const failed = await screen.findByTestId('transfers-load-error', {}, slow);
    expect(failed.textContent).toContain(errorMessage('serviceUnavailable', 'ru'));
    await user.click(within(failed).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('transfer-table', {}, slow)).toBeTruthy();
    expect(screen.getByText('Записей: 1')).toBeTruthy();
  });

  it('asks for a range of days before downloading and sends nothing without one', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    const spy = stubServer({}, { [custodyPaths.transfersExport]: csvFile });
    renderAt('/custody/transfers?account=7&state=credited');
    await screen.findByTestId('transfer-table', {}, slow);
    await user.click(screen.getByTestId('transfers-download'));
    expect((await screen.findByTestId('transfers-download-notice', {}, slow)).textContent).toContain(
      'Choose the days to download, at most 366 apart.',
    );
    expect(requestedUrls(spy, custodyPaths.transfersExport)).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('downloads the CSV of the filters and the range, in the page language, and says so', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    const spy = stubServer({}, { [custodyPaths.transfersExport]: csvFile });
    renderAt('/custody/transfers?account=7&state=credited&start=2026-11-01&end=2026-11-30', 'zh-CN');
    await screen.findByTestId('transfer-table', {}, slow);
    await user.click(screen.getByTestId('transfers-download'));
    const notice = await screen.findByTestId('transfers-download-notice', {}, slow);
    expect(notice.textContent).toContain('已下载：transfers.csv');
    const urls = requestedUrls(spy, custodyPaths.transfersExport);
    const range = rangeInstants('2026-11-01', '2026-11-30');
    expect(urls.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { accountId: '7', state: 'credited', start: range?.start, end: range?.end, lang: 'zh-CN' },
    ]);
    expect(saved.map((file) => file.name)).toEqual(['transfers.csv']);
    expect(await saved[0]?.blob.text()).toBe(csvFile.body);
  });

  it('shows the refusal of a download in the page language and saves nothing', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    stubServer({
      [custodyPaths.transfersExport]: new CustodyOrgEnvelope(
        errorCatalogue.custodyRangeInvalid.code,
        errorMessage('custodyRangeInvalid', 'en', { days: 366 }),
      ),
    });
    renderAt('/custody/transfers?start=2026-11-01&end=2026-11-30');
    await screen.findByTestId('transfer-table', {}, slow);
    await user.click(screen.getByTestId('transfers-download'));
    const notice = await screen.findByTestId('transfers-download-notice', {}, slow);
    expect(notice.textContent).toContain(errorMessage('custodyRangeInvalid', 'en', { days: 366 }));
    expect(saved).toEqual([]);
  });
});
