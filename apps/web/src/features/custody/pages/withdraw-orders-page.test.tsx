import { custodyPaths, walletPaths } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choose, currencies } from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, memberOf, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { orderOf, ordersOverview, renderCustodyOrders } from '../components/custody-orders-test-kit';
import { meOf } from '../components/custody-test-kit';
import { WithdrawOrdersPage } from './withdraw-orders-page';

const slow = { timeout: 5_000 };
const pageOf = (records = [orderOf()], total = records.length) => ({ records, pageNo: 1, pageSize: 20, total });

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({
    [custodyPaths.me]: meOf(['orders']),
    [custodyPaths.overview]: ordersOverview,
    [walletPaths.currencies]: currencies,
    [custodyPaths.orders]: pageOf(),
    ...answers,
  });
}

const renderOrders = (url = '/custody/withdrawOrders', language?: 'en' | 'zh-CN') =>
  renderCustodyOrders(<WithdrawOrdersPage />, { path: '/custody/withdrawOrders', url, language });

function orderRequests(spy: ReturnType<typeof stubServer>): URL[] {
  return spy.mock.calls
    .map(([input]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'))
    .filter((url) => url.pathname === custodyPaths.orders);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('WithdrawOrdersPage', { timeout: 60_000 }, () => {
  it('shows loading, then the orders with state, amount, fee and a link to the review', async () => {
    stubServer();
    renderOrders();
    expect(screen.getByTestId('orders-loading')).toBeTruthy();
    const table = await screen.findByTestId('orders-table', {}, slow);
    expect(table.textContent).toContain('WO202611290001');
    expect(table.textContent).toContain('1,250.5');
    expect(table.textContent).toContain('Fee 2');
    expect(table.textContent).toContain('Sam Submitter');
    expect(within(table).getByTestId('order-state').textContent).toBe('Pending review');
    expect(within(table).getByTestId('order-link').getAttribute('href')).toBe('/custody/withdrawOrders/31/review');
  });

  it('sends the filters from the address and the ones chosen, back to the first page', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    renderOrders('/custody/withdrawOrders?state=reviewing&page=2');
    await screen.findByTestId('orders-table', {}, slow);
    const first = orderRequests(spy)[0];
    expect(first?.searchParams.get('state')).toBe('reviewing');
    expect(first?.searchParams.get('pageNo')).toBe('2');
    await choose(user, 'orders-line', 'Treasury');
    await waitFor(() => {
      const last = orderRequests(spy).at(-1);
      expect(last?.searchParams.get('lineId')).toBe('2');
      expect(last?.searchParams.get('state')).toBe('reviewing');
      expect(last?.searchParams.get('pageNo')).toBe('1');
    }, slow);
  });

  it('filters by batch (a submitted batch lands here), submitter (the caller or a member) and submission days', async () => {
    const user = userEvent.setup();
    const spy = stubServer({
      [custodyPaths.me]: meOf(['orders', 'members']),
      [custodyPaths.members]: [memberOf({ id: '14', name: 'Sam Submitter' })],
      [custodyPaths.orders]: pageOf([orderOf({ type: 'batch', batchId: '61' })]),
    });
    renderOrders('/custody/withdrawOrders?batch=61&start=2026-11-01&end=2026-11-29');
    const table = await screen.findByTestId('orders-table', {}, slow);
    expect(table.textContent).toContain('Batch #61');
    expect(screen.getByTestId('orders-batch').textContent).toContain('Batch #61');
    const first = orderRequests(spy)[0];
    expect(first?.searchParams.get('batchId')).toBe('61');
    // The days of the user's calendar as instants: from the first day's start to the day after the last.
    expect(first?.searchParams.get('start')).toBe(new Date(2026, 10, 1).toISOString());
    expect(first?.searchParams.get('end')).toBe(new Date(2026, 10, 30).toISOString());
    await choose(user, 'orders-submitter', 'Sam Submitter');
    await waitFor(() => {
      const last = orderRequests(spy).at(-1);
      expect(last?.searchParams.get('submitterId')).toBe('14');
      expect(last?.searchParams.get('batchId')).toBe('61');
    }, slow);
    await user.click(screen.getByTestId('orders-batch').querySelector('.ant-tag-close-icon')!);
    await waitFor(() => {
      const last = orderRequests(spy).at(-1);
      expect(last?.searchParams.has('batchId')).toBe(false);
      expect(last?.searchParams.get('submitterId')).toBe('14');
    }, slow);
  });

  it('offers a member without the members permission their own orders as the submitter filter', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    renderOrders();
    await screen.findByTestId('orders-table', {}, slow);
    await choose(user, 'orders-submitter', 'Ada Acme (me)');
    await waitFor(() => expect(orderRequests(spy).at(-1)?.searchParams.get('submitterId')).toBe(meOf(['orders']).member.id), slow);
    expect(spy.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes(custodyPaths.members))).toBe(
      false,
    );
  });

  it('shows the empty state, filtered or not, and the load error with a retry', async () => {
    const user = userEvent.setup();
    stubServer({ [custodyPaths.orders]: pageOf([]) });
    const first = renderOrders('/custody/withdrawOrders?coin=BTC');
    const empty = await screen.findByTestId('orders-empty', {}, slow);
    expect(empty.textContent).toContain('No withdrawal order matches these filters.');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('orders-empty').textContent).toContain('No withdrawal orders yet.'), slow);
    expect(within(screen.getByTestId('orders-empty')).getByRole('link', { name: 'Submit a withdrawal' })).toBeTruthy();
    first.unmount();
    vi.restoreAllMocks();
    stubServer({ [custodyPaths.orders]: new CustodyOrgEnvelope(500, 'boom', null) });
    renderOrders();
    expect(await screen.findByTestId('orders-load-error', {}, slow)).toBeTruthy();
  });

  it('speaks Simplified Chinese', async () => {
    stubServer();
    renderOrders('/custody/withdrawOrders', 'zh-CN');
    const table = await screen.findByTestId('orders-table', {}, slow);
    expect(within(table).getByTestId('order-state').textContent).toBe('待审核');
    expect(screen.getByTestId('custody-withdraw-orders-page').textContent).toContain('提币订单');
  });
});
