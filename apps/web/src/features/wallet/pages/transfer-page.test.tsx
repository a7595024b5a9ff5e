import type { TransferRecord } from '@coffer/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWalletPage, requestedUrls, StubFailure, stubWalletApi } from '../../../../test/wallet-render';
import { testAssetRows, testCurrencies, testSessionUser, testSummary } from '../../../../test/wallet-fixtures';
import { TransferPage } from './transfer-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const record: TransferRecord = {
  flowId: '9f8e7d6c5b4a9f8e7d6c5b4a',
  orderNo: 'IT2026030100000042',
  coin: 'USDT',
  quantity: '12.5',
  handlingFee: '0',
  accountBalance: '1222.067891',
  businessType: 'transferOut',
  remarks: '',
  recordedTime: '2026-03-01T10:00:00.000Z',
  source: 'al***@example.com',
  hash: null,
  toAddress: 'bo***@example.com',
  status: 'credited',
};

function stubServer(overrides: Record<string, unknown> = {}) {
  return stubWalletApi({
    '/uc/synUserInfo': testSessionUser,
    '/wallet/user/getCurrency': testCurrencies,
    '/wallet/client/bit-assets': { rows: testAssetRows, summary: testSummary },
    '/wallet/client/transferRecipient': ({ body }: { body: unknown }) =>
      (body as { receiver: string }).receiver === '80012346'
        ? { isCustomer: true, receiverMasked: 'bo***@example.com' }
        : { isCustomer: false, receiverMasked: null },
    '/wallet/client/transfers': [],
    '/wallet/client/preTransfer': ({ body }: { body: unknown }) => ({
      ...(body as { coin: string; amount: string }),
      fee: '0',
      available: '1234.567891',
      receiverMasked: 'bo***@example.com',
      secondFactor: 'ga',
    }),
    '/wallet/client/transfer/USDT/80012346': record,
    ...overrides,
  });
}

const posted = (spy: ReturnType<typeof stubServer>, path: string) =>
  spy.mock.calls.filter(([input, init]) => String(input).startsWith(path) && init?.method === 'POST');

describe('TransferPage', () => {
  it('refuses an amount with more decimals than the coin allows, without asking the server', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderWalletPage(<TransferPage />, { path: '/propertyCenter/transfer', url: '/propertyCenter/transfer?coin=USDT' });

    await user.type(await screen.findByTestId('transfer-receiver'), '80012346');
    // USDT has 6 decimals; the 7th is one too many.
    await user.type(screen.getByTestId('transfer-amount'), '1.1234567');
    await user.click(screen.getByTestId('transfer-next'));

    expect(await screen.findByText('USDT allows at most 6 decimals')).toBeTruthy();
    expect(posted(fetchSpy, '/wallet/client/preTransfer')).toHaveLength(0);
    expect(screen.queryByTestId('transfer-confirm')).toBeNull();
  });

  it('accepts a pasted amount with grouping and moves money once for a double click', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderWalletPage(<TransferPage />, { path: '/propertyCenter/transfer', url: '/propertyCenter/transfer?coin=USDT' });

    const receiver = await screen.findByTestId('transfer-receiver');
    await user.type(receiver, '80012346');
    await user.tab();
    expect(await screen.findByText('Coffer account bo***@example.com')).toBeTruthy();

    await user.click(screen.getByTestId('transfer-amount'));
    await user.paste('1 012.5');
    expect((screen.getByTestId('transfer-amount') as HTMLInputElement).value).toBe('1012.5');
    await user.clear(screen.getByTestId('transfer-amount'));
    await user.type(screen.getByTestId('transfer-amount'), '12.5');
    await user.click(screen.getByTestId('transfer-next'));

    const confirm = await screen.findByTestId('transfer-confirm');
    expect(within(confirm).getByTestId('transfer-receiver-masked').textContent).toBe('bo***@example.com');
    expect(within(confirm).getAllByText('0.00 USDT')).toHaveLength(1);
    expect(posted(fetchSpy, '/wallet/client/preTransfer')).toHaveLength(1);

    await user.type(screen.getByTestId('transfer-fund-password'), '258147');
    await user.type(screen.getByTestId('transfer-ga-code'), '123456');
    await user.dblClick(screen.getByTestId('transfer-submit'));

    expect(await screen.findByTestId('transfer-result')).toBeTruthy();
    const transfers = posted(fetchSpy, '/wallet/client/transfer/USDT/80012346');
    expect(transfers).toHaveLength(1);
    const body = JSON.parse(String(transfers[0]?.[1]?.body)) as Record<string, string>;
    expect(body).toMatchObject({ amount: '12.5', fundPassword: '258147', gaCode: '123456' });
    expect(body.requestId?.length).toBeGreaterThanOrEqual(8);
    // The receiver was looked up once, signed in, in the body; never through the anonymous address check.
    const lookups = posted(fetchSpy, '/wallet/client/transferRecipient');
    expect(lookups.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ receiver: '80012346' }]);
    expect(requestedUrls(fetchSpy).filter((url) => url.includes('isInnerAddress'))).toEqual([]);
  });

  it('says when the receiver is no Coffer account and does not go on', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderWalletPage(<TransferPage />, { path: '/propertyCenter/transfer', url: '/propertyCenter/transfer?coin=USDT' });

    await user.type(await screen.findByTestId('transfer-receiver'), 'nobody@example.com');
    await user.type(screen.getByTestId('transfer-amount'), '1');
    await user.click(screen.getByTestId('transfer-next'));

    expect(await screen.findByText('No Coffer account has this user number, e-mail or phone')).toBeTruthy();
    expect(posted(fetchSpy, '/wallet/client/preTransfer')).toHaveLength(0);
    expect(screen.queryByTestId('transfer-confirm')).toBeNull();
  });

  it('explains when the receiver lookups are used up, showing no account', async () => {
    const user = userEvent.setup();
    stubServer({ '/wallet/client/transferRecipient': new StubFailure(19000008, 429) });
    renderWalletPage(<TransferPage />, { path: '/propertyCenter/transfer', url: '/propertyCenter/transfer?coin=USDT' });

    await user.type(await screen.findByTestId('transfer-receiver'), '80012346');
    await user.tab();

    expect(await screen.findByText('Too many receiver checks for now. Wait a while before checking another receiver.')).toBeTruthy();
    expect(screen.getByTestId('transfer-receiver-status').textContent).not.toContain('***');
  });

  it('explains the 24-hour lock and keeps the form from going on', async () => {
    stubServer({ '/uc/synUserInfo': { ...testSessionUser, withdrawLockedUntil: new Date(Date.now() + 3600_000).toISOString() } });
    renderWalletPage(<TransferPage />, { path: '/propertyCenter/transfer' });

    expect(await screen.findByTestId('transfer-lock')).toBeTruthy();
    expect(screen.getByText('Transfers are paused for 24 hours')).toBeTruthy();
    expect((screen.getByTestId('transfer-next') as HTMLButtonElement).disabled).toBe(true);
  });
});
