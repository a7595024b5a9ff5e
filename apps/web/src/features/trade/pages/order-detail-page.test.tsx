import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { testCurrencies } from '../../../../test/wallet-fixtures';
import { signedOrder, testSigner } from '../../../../test/receipt-kit';
import { stubTradeApi } from '../../../../test/trade-kit';
import { OrderDetailPage } from './order-detail-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const signer = testSigner();

/** A large order the liquidity channel saw, paid (payment held) but never filled. */
function channelOrder(overrides: Parameters<typeof signedOrder>[1]) {
  const order = signedOrder(signer, { settlement: 'channel', completedAt: null, ...overrides });
  return { ...order, receipt: { ...order.receipt, journalId: null } };
}

function renderDetail(order: ReturnType<typeof signedOrder>) {
  stubTradeApi({
    '/wallet/user/getCurrency': testCurrencies,
    '/trade/anon/quote-keys': { keys: [signer.published] },
    [`GET /trade/api/orders/${order.orderNo}`]: order,
  });
  return renderPage(<OrderDetailPage />, { path: '/trade/orders/:orderId', url: `/trade/orders/${order.orderNo}` });
}

describe('OrderDetailPage', () => {
  it('shows the order fields, its status history and the signed receipt, and verifies it in the browser', async () => {
    const user = userEvent.setup();
    renderDetail(signedOrder(signer));

    const fields = await screen.findByTestId('order-fields', {}, { timeout: 15_000 });
    expect(within(fields).getByText('BTC/USDT')).toBeTruthy();
    expect(within(fields).getByText('97,200.50 USDT')).toBeTruthy();
    expect(within(fields).getByText('Completed')).toBeTruthy();
    const history = screen.getByTestId('order-history');
    expect(within(history).getByText('Placed, pending payment')).toBeTruthy();
    expect(within(history).getByText('Settled, completed')).toBeTruthy();

    const receipt = screen.getByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-public-key').textContent).toContain(signer.publicKey);
    expect(within(receipt).getByTestId('receipt-signed-text').textContent).toContain(
      'coffer-quote-v1\nkeyId=k1\nquoteId=5001\npair=BTC/USDT',
    );

    await user.click(within(receipt).getByTestId('receipt-verify'));
    const result = await screen.findByTestId('receipt-result');
    expect(result.getAttribute('data-verified')).toBe('true');
    expect(result.textContent).toContain('Verified: this receipt is authentic');
  }, 30_000);

  it('shows a refunded channel order with its settlement route and the refund with the channel rejection', async () => {
    renderDetail(channelOrder({ status: 'refunded', refundedAt: '2026-03-01T10:00:09.000Z', statusReason: 'channelRejected' }));

    const fields = await screen.findByTestId('order-fields', {}, { timeout: 15_000 });
    expect(within(fields).getByTestId('order-settlement').textContent).toBe('Liquidity channel');
    expect(within(fields).getByText('Refunded')).toBeTruthy();
    const history = screen.getByTestId('order-history');
    expect(within(history).getByText('Paid, payment held for the liquidity channel')).toBeTruthy();
    expect(
      within(history).getByText('Refunded — the liquidity channel rejected the order; your payment was returned in full, with no fee'),
    ).toBeTruthy();
    expect(history.querySelector('time[datetime="2026-03-01T10:00:09.000Z"]')).toBeTruthy();
    expect(within(history).queryByText(/^Now:/)).toBeNull();
    expect(within(history).queryByText('Settled, completed')).toBeNull();
  }, 30_000);

  it('shows an abnormal channel order as retried while its payment stays held', async () => {
    renderDetail(channelOrder({ status: 'abnormal', statusReason: 'channelUnavailable' }));

    const history = await screen.findByTestId('order-history', {}, { timeout: 15_000 });
    expect(
      within(history).getByText(
        'Now: Abnormal — the liquidity channel did not answer; settlement is retried automatically and your payment stays held',
      ),
    ).toBeTruthy();
  }, 30_000);

  it('names the immediate settlement route of an ordinary order', async () => {
    renderDetail(signedOrder(signer));

    const fields = await screen.findByTestId('order-fields', {}, { timeout: 15_000 });
    expect(within(fields).getByTestId('order-settlement').textContent).toBe('Immediate');
  }, 30_000);

  it('shows "not verified" when a signed field was changed after signing', async () => {
    const user = userEvent.setup();
    const order = signedOrder(signer);
    const receiveAmount = '0.5';
    renderDetail({
      ...order,
      receiveAmount,
      receipt: { ...order.receipt, signedFields: { ...order.receipt.signedFields, receiveAmount } },
    });

    await user.click(await screen.findByTestId('receipt-verify', {}, { timeout: 15_000 }));
    const result = await screen.findByTestId('receipt-result');
    await waitFor(() => expect(result.getAttribute('data-verified')).toBe('false'));
    expect(result.textContent).toContain('Not verified: do not rely on this receipt');
    expect(result.textContent).toContain('The signature does not match the signed fields');
  }, 30_000);
});
