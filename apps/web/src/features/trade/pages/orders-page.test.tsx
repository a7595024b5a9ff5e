import { errorCatalogue } from '@coffer/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { closeToast, currentToasts } from '../../../shared/ui/toast-store';
import { testCurrencies } from '../../../../test/wallet-fixtures';
import { requests, stubTradeApi, StubError, testOrder, testPairs, type StubAnswer } from '../../../../test/trade-kit';
import { OrdersPage } from './orders-page';

afterEach(() => {
  vi.restoreAllMocks();
  closeToast('error');
  closeToast('success');
});

const payable = testOrder({ orderNo: '77' });
const lapsed = testOrder({ orderNo: '78', isPayable: false });
const completed = testOrder({
  orderNo: '79',
  status: 'completed',
  isPayable: false,
  paidAt: '2026-03-01T10:00:03.000Z',
  completedAt: '2026-03-01T10:00:03.000Z',
});

function stubServer(overrides: Record<string, StubAnswer> = {}) {
  return stubTradeApi({
    '/trade/anon/pairs': testPairs,
    '/wallet/user/getCurrency': testCurrencies,
    'GET /trade/api/orders': ({ url }: { url: URL }) => ({
      pageNo: Number(url.searchParams.get('pageNo')),
      pageSize: Number(url.searchParams.get('pageSize')),
      total: 43,
      records: [payable, lapsed, completed],
    }),
    ...overrides,
  });
}

const listRequests = (spy: ReturnType<typeof stubServer>) =>
  requests(spy).filter((request) => request.startsWith('GET /trade/api/orders?'));

async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, label: string) {
  await user.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(label);
  await user.click(options[options.length - 1]!);
}

describe('OrdersPage', () => {
  it('sends the filters of the address, and a changed filter starts again at page 1', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderPage(<OrdersPage />, {
      path: '/trade/orders',
      url: '/trade/orders?pair=BTC/USDT&status=pendingPayment&start=2026-03-01&end=2026-03-02&page=2',
    });

    const table = await screen.findByTestId('orders-table', {}, { timeout: 15_000 });
    expect(within(table).getByText('43 in total')).toBeTruthy();
    const first = new URL(`http://localhost${listRequests(fetchSpy)[0]?.slice(4)}`);
    expect(first.searchParams.get('pair')).toBe('BTC/USDT');
    expect(first.searchParams.get('status')).toBe('pendingPayment');
    expect(first.searchParams.get('side')).toBeNull();
    expect(first.searchParams.get('start')).toBe(new Date(2026, 2, 1).toISOString());
    expect(first.searchParams.get('end')).toBe(new Date(2026, 2, 3).toISOString());
    expect(first.searchParams.get('pageNo')).toBe('2');

    await choose(user, 'orders-side', 'Sell');
    await waitFor(() => {
      const last = new URL(`http://localhost${listRequests(fetchSpy).at(-1)?.slice(4)}`);
      expect(last.searchParams.get('side')).toBe('sell');
      expect(last.searchParams.get('pair')).toBe('BTC/USDT');
      expect(last.searchParams.get('pageNo')).toBe('1');
    });
  }, 30_000);

  it('marks only the orders settled through the liquidity channel', async () => {
    const channel = testOrder({
      orderNo: '80',
      settlement: 'channel',
      status: 'inProgress',
      isPayable: false,
      paidAt: '2026-03-01T10:00:03.000Z',
    });
    stubServer({ 'GET /trade/api/orders': { pageNo: 1, pageSize: 20, total: 2, records: [completed, channel] } });
    renderPage(<OrdersPage />, { path: '/trade/orders' });

    await screen.findByTestId('orders-table', {}, { timeout: 15_000 });
    expect(screen.getByTestId('order-channel-80').textContent).toBe('Liquidity channel');
    expect(screen.queryByTestId('order-channel-79')).toBeNull();
  }, 30_000);

  it('offers pay only while payable and cancel while pending payment, each behind a confirmation', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer({ 'POST /trade/api/orders/77/pay': testOrder({ orderNo: '77', status: 'completed', isPayable: false }) });
    renderPage(<OrdersPage />, { path: '/trade/orders' });

    await screen.findByTestId('orders-table', {}, { timeout: 15_000 });
    expect(screen.getByTestId('order-pay-77')).toBeTruthy();
    expect(screen.queryByTestId('order-pay-78')).toBeNull();
    expect(screen.getByTestId('order-cancel-78')).toBeTruthy();
    expect(screen.queryByTestId('order-pay-79')).toBeNull();
    expect(screen.queryByTestId('order-cancel-79')).toBeNull();

    const readsBefore = listRequests(fetchSpy).length;
    await user.click(screen.getByTestId('order-pay-77'));
    expect(requests(fetchSpy)).not.toContain('POST /trade/api/orders/77/pay');
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Pay this order?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Pay' }));

    await waitFor(() => expect(requests(fetchSpy)).toContain('POST /trade/api/orders/77/pay'));
    await waitFor(() => expect(currentToasts().success?.text).toBe('Order 77 paid'));
    await waitFor(() => expect(listRequests(fetchSpy).length).toBeGreaterThan(readsBefore));
  }, 30_000);

  it('answers a refused payment and a refused cancellation with the server error as a toast', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer({
      'POST /trade/api/orders/77/pay': new StubError(errorCatalogue.quoteExpired.code),
      'POST /trade/api/orders/78/cancel': new StubError(errorCatalogue.illegalOrderTransition.code),
    });
    renderPage(<OrdersPage />, { path: '/trade/orders' });

    await screen.findByTestId('orders-table', {}, { timeout: 15_000 });
    await user.click(screen.getByTestId('order-pay-77'));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(currentToasts().error?.text).toBe('The quote has expired, please re-order'));

    await user.click(screen.getByTestId('order-cancel-78'));
    const confirms = await screen.findAllByRole('tooltip');
    const cancelConfirm = confirms.find((element) => within(element).queryByText('Cancel this order?'));
    await user.click(within(cancelConfirm!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentToasts().error?.text).toBe('The order cannot change to that state'));
    expect(requests(fetchSpy)).toContain('POST /trade/api/orders/78/cancel');
    expect(currentToasts().success).toBeNull();
  }, 30_000);
});
