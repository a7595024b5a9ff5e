import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveBalances } from '../../app/use-live-balances';
import { testAssetRows, testCurrencies, testSessionUser, testSummary } from '../../../test/wallet-fixtures';
import { renderWalletPage, StubFailure, stubWalletApi } from '../../../test/wallet-render';
import { BalancePage } from '../../features/wallet/pages/balance-page';
import { sessionUserQuery } from '../api/session-user';

/** A stand-in for the browser's WebSocket: the test pushes messages and closes it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  isClosedByPage = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server closes it. */
  drop(code: number) {
    this.onclose?.({ code });
  }
  close() {
    this.isClosedByPage = true;
  }
}

/** The balance page with the app's live-balance hook beside it, as the root layout has it. */
function LiveBalancePage() {
  useLiveBalances();
  return <BalancePage />;
}

/** The server: USDT available is whatever `balance.usdt` holds when asked; signed out, the session user is refused. */
function stubServer(balance: { usdt: string; isSignedOut?: boolean }) {
  return stubWalletApi({
    '/uc/synUserInfo': () => (balance.isSignedOut ? new StubFailure(403, 401) : testSessionUser),
    '/wallet/user/getCurrency': testCurrencies,
    '/wallet/client/bit-assets': () => ({
      rows: testAssetRows.map((row) => (row.coin === 'USDT' ? { ...row, total: balance.usdt, available: balance.usdt } : row)),
      summary: testSummary,
    }),
  });
}

const usdtRow = () => within(screen.getByTestId('balance-table')).getByRole('link', { name: 'Deposit USDT' }).closest('tr')!;
const assetCalls = (spy: ReturnType<typeof stubServer>) =>
  spy.mock.calls.filter(([input]) => String(input).includes('/wallet/client/bit-assets')).length;

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('live balances over the account socket', () => {
  it('shows the new balance when the server announces a change, without a reload', async () => {
    const balance = { usdt: '1234.567891' };
    stubServer(balance);
    renderWalletPage(<LiveBalancePage />, { path: '/propertyCenter/balance' });
    await within(await screen.findByTestId('balance-table')).findByText('Tether USD');
    expect(within(usdtRow()).getAllByText('1,234.56')).toHaveLength(2);
    // The page knows its session user: the socket opens.
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0]!;
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/ws\/account$/);
    act(() => socket.push({ type: 'ready' }));

    // A deposit of 25 USDT is credited: the server says so and the page reads again.
    balance.usdt = '1259.567891';
    act(() => socket.push({ type: 'balances' }));
    await waitFor(() => expect(within(usdtRow()).getAllByText('1,259.56')).toHaveLength(2));
  });

  it('stops when the session ended, opens again for a new session, and closes on sign-out', async () => {
    const balance = { usdt: '1', isSignedOut: false };
    const fetchSpy = stubServer(balance);
    const { queryClient } = renderWalletPage(<LiveBalancePage />, { path: '/propertyCenter/balance' });
    await within(await screen.findByTestId('balance-table')).findByText('Tether USD');
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const first = FakeSocket.instances[0]!;
    act(() => first.push({ type: 'ready' }));

    // Dropped by the network: it reconnects, and on the new 'ready' reads what it may have missed.
    const before = assetCalls(fetchSpy);
    act(() => first.drop(1006));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2), { timeout: 3_000 });
    const second = FakeSocket.instances[1]!;
    act(() => second.push({ type: 'ready' }));
    await waitFor(() => expect(assetCalls(fetchSpy)).toBe(before + 1));

    // Logged out elsewhere: the server closes with 4401 and the page does not knock again.
    act(() => second.drop(4401));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(FakeSocket.instances).toHaveLength(2);

    // Signed in again: a new session opens a new socket; signing out closes it.
    act(() => queryClient.setQueryData(sessionUserQuery.queryKey, { ...testSessionUser, sessionId: 's2' }));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(3));
    const third = FakeSocket.instances[2]!;
    // As the account menu's log-out does: the socket closes and none opens.
    balance.isSignedOut = true;
    act(() => queryClient.clear());
    await waitFor(() => expect(third.isClosedByPage).toBe(true));
    expect(FakeSocket.instances).toHaveLength(3);
  });
});
