import { errorCatalogue } from '@coffer/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { testAssetRows, testCurrencies, testSummary } from '../../../../test/wallet-fixtures';
import {
  emptyPage,
  requests,
  stubTradeApi,
  StubError,
  testOrder,
  testPairs,
  testQuotationBoard,
  testQuote,
  type StubAnswer,
} from '../../../../test/trade-kit';
import { SpotTradePage } from './spot-trade-page';

afterEach(() => {
  vi.restoreAllMocks();
});

function stubServer(overrides: Record<string, StubAnswer> = {}) {
  return stubTradeApi({
    '/trade/anon/pairs': testPairs,
    '/wallet/user/getCurrency': testCurrencies,
    '/wallet/client/bit-assets': { rows: testAssetRows, summary: testSummary },
    '/rate/anon/api/quotations': testQuotationBoard,
    'GET /trade/api/orders': emptyPage,
    'POST /trade/api/quote': () => testQuote(),
    'POST /trade/api/orders': testOrder(),
    'POST /trade/api/orders/77/pay': testOrder({
      status: 'completed',
      isPayable: false,
      paidAt: '2026-03-01T10:00:03.000Z',
      completedAt: '2026-03-01T10:00:03.000Z',
    }),
    ...overrides,
  });
}

async function askForQuote(user: ReturnType<typeof userEvent.setup>, amount = '0.01') {
  await user.type(await screen.findByTestId('spot-amount'), amount);
  await user.click(screen.getByTestId('spot-get-quote'));
  return screen.findByTestId('quote-panel');
}

describe('SpotTradePage', () => {
  it('asks a quote for the amount in the chosen coin and shows price, amounts, fee, balances and the market price', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderPage(<SpotTradePage />, { path: '/trade/spot' });

    expect((await screen.findByTestId('spot-market-price', {}, { timeout: 15_000 })).textContent).toContain('1 BTC ≈ 97,012.50 USDT');
    expect((await screen.findByTestId('spot-balance-USDT')).textContent).toContain('1,234.56 USDT');
    expect(screen.getByTestId('spot-balance-BTC').textContent).toContain('0.01000000 BTC');

    const panel = await askForQuote(user);
    expect(within(panel).getByTestId('quote-price').textContent).toBe('1 BTC = 97,200.50 USDT');
    expect(within(panel).getByTestId('quote-pay').textContent).toBe('972.005 USDT');
    expect(within(panel).getByTestId('quote-receive').textContent).toBe('0.00999000 BTC');
    expect(within(panel).getByTestId('quote-fee').textContent).toBe('0.00001000 BTC');
    expect(within(panel).getByText('Fee (0.1%)')).toBeTruthy();

    const asked = fetchSpy.mock.calls.find(([input, init]) => String(input) === '/trade/api/quote' && init?.method === 'POST');
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
  }, 30_000);

  it('only lets the amount hold a decimal the coin can carry', async () => {
    const user = userEvent.setup();
    stubServer();
    renderPage(<SpotTradePage />, { path: '/trade/spot' });

    const amount = (await screen.findByTestId('spot-amount')) as HTMLInputElement;
    await user.type(amount, '0.123456789x');
    // BTC has 8 decimals: the ninth and the letter never arrive.
    expect(amount.value).toBe('0.12345678');
  });

  it('counts the validity down, then refuses the lapsed quote in the user language and re-quotes', async () => {
    const user = userEvent.setup();
    let asked = 0;
    const fetchSpy = stubServer({
      'POST /trade/api/quote': () => {
        asked += 1;
        return testQuote({ quoteId: String(5000 + asked), validitySeconds: asked === 1 ? 2 : 30 });
      },
    });
    renderPage(<SpotTradePage />, { path: '/trade/spot' });

    const panel = await askForQuote(user);
    expect(within(panel).getByTestId('quote-countdown').textContent).toContain('Valid for 2 s');
    await waitFor(() => expect(within(panel).getByTestId('quote-countdown').textContent).toContain('Valid for 1 s'), { timeout: 2000 });

    const expired = await screen.findByTestId('quote-expired', {}, { timeout: 3000 });
    expect(expired.textContent).toContain(errorCatalogue.quoteExpired.messages.en);
    expect(screen.queryByTestId('quote-confirm')).toBeNull();

    await user.click(screen.getByTestId('quote-requote'));
    await waitFor(() => expect(screen.getByTestId('quote-countdown').textContent).toContain('Valid for 30 s'));
    expect(screen.queryByTestId('quote-expired')).toBeNull();
    expect(requests(fetchSpy).filter((request) => request === 'POST /trade/api/quote')).toHaveLength(2);
  }, 10_000);

  it('places the order from the quote and pays it on confirmation, then refreshes balances and recent trades', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderPage(<SpotTradePage />, { path: '/trade/spot' });

    await askForQuote(user);
    const balanceReads = requests(fetchSpy).filter((request) => request.startsWith('GET /wallet/client/bit-assets')).length;
    await user.click(screen.getByTestId('quote-confirm'));

    const result = await screen.findByTestId('trade-result');
    expect(result.textContent).toContain('Trade completed');
    expect(result.textContent).toContain('Paid 972.00 USDT, received 0.00999000 BTC · order 77');
    const placed = fetchSpy.mock.calls.find(([input, init]) => String(input) === '/trade/api/orders' && init?.method === 'POST');
    expect(JSON.parse(String(placed?.[1]?.body))).toEqual({ quoteId: '5001' });
    expect(requests(fetchSpy)).toContain('POST /trade/api/orders/77/pay');
    await waitFor(() =>
      expect(requests(fetchSpy).filter((request) => request.startsWith('GET /wallet/client/bit-assets')).length).toBeGreaterThan(
        balanceReads,
      ),
    );
  });

  it('shows the liquidity channel notice only for a channel quote', async () => {
    const user = userEvent.setup();
    let asked = 0;
    stubServer({
      'POST /trade/api/quote': () => {
        asked += 1;
        return testQuote({ quoteId: String(5000 + asked), settlement: asked === 1 ? 'immediate' : 'channel' });
      },
    });
    renderPage(<SpotTradePage />, { path: '/trade/spot' });

    const immediate = await askForQuote(user);
    expect(within(immediate).queryByTestId('quote-channel-notice')).toBeNull();

    await user.click(within(immediate).getByTestId('quote-discard'));
    await user.click(screen.getByTestId('spot-get-quote'));
    const notice = await within(await screen.findByTestId('quote-panel')).findByTestId('quote-channel-notice');
    expect(notice.textContent).toContain(
      'Large order: after you pay, your payment is held while the order is settled through our liquidity channel.',
    );
    expect(notice.textContent).toContain('the full payment is returned and no fee is charged');
  });

  it('says a paid channel order is settling through the liquidity channel while its payment is held', async () => {
    const user = userEvent.setup();
    stubServer({
      'POST /trade/api/quote': () => testQuote({ settlement: 'channel' }),
      'POST /trade/api/orders': testOrder({ settlement: 'channel' }),
      'POST /trade/api/orders/77/pay': testOrder({
        settlement: 'channel',
        status: 'pendingSettlement',
        isPayable: false,
        paidAt: '2026-03-01T10:00:03.000Z',
      }),
    });
    renderPage(<SpotTradePage />, { path: '/trade/spot' });

    await askForQuote(user);
    await user.click(screen.getByTestId('quote-confirm'));

    const result = await screen.findByTestId('trade-result');
    expect(result.textContent).toContain('Paid, settling through the liquidity channel');
    expect(result.textContent).toContain('972.00 USDT is held while order 77 is settled through our liquidity channel');
    expect(result.textContent).not.toContain('received');
    expect(within(result).getByTestId('trade-result-detail').getAttribute('href')).toBe('/trade/orders/77');
  });

  it('shows the expiry message and re-quote when the server refuses the payment as expired', async () => {
    const user = userEvent.setup();
    stubServer({ 'POST /trade/api/orders/77/pay': new StubError(errorCatalogue.quoteExpired.code) });
    renderPage(<SpotTradePage />, { path: '/trade/spot' });

    await askForQuote(user);
    await user.click(screen.getByTestId('quote-confirm'));

    expect((await screen.findByTestId('quote-expired')).textContent).toContain('The quote has expired, please re-order');
    expect(screen.getByTestId('quote-requote')).toBeTruthy();
    expect(screen.queryByTestId('trade-result')).toBeNull();
  });

  it('refuses an amount above the available balance of the coin paid without asking the server', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderPage(<SpotTradePage />, { path: '/trade/spot' });

    await user.click(await screen.findByTestId('spot-side-sell'));
    await user.type(screen.getByTestId('spot-amount'), '0.5');
    await user.click(screen.getByTestId('spot-get-quote'));

    expect(await screen.findByText('More than your available BTC')).toBeTruthy();
    expect(requests(fetchSpy)).not.toContain('POST /trade/api/quote');
  });
});
