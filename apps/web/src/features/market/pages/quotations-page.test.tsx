import type { Quotation, QuotationList } from '@coffer/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { requestedUrls, stubWalletApi } from '../../../../test/wallet-render';
import { QuotationsPage } from './quotations-page';

/** A stand-in for the browser's WebSocket: the test pushes messages and closes it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  close() {}
}

const row = (coin: string, quote: string, fields: Partial<Quotation>): Quotation => ({
  coin,
  name: coin,
  icon: coin.toLowerCase(),
  quote: quote as Quotation['quote'],
  pair: `${coin}/${quote}`,
  price: '1',
  usdPrice: '1',
  change24h: '0.00',
  high24h: '1',
  low24h: '1',
  indexWeight: null,
  ...fields,
});

const usdtBoard = (seq: number, btcPrice: string, favourites: string[]): QuotationList => ({
  quote: 'USDT',
  seq,
  updatedAt: '2026-11-22T12:00:00.000Z',
  priceScale: 8,
  favourites,
  rows: [
    row('BTC', 'USDT', {
      name: 'Bitcoin',
      price: btcPrice,
      usdPrice: btcPrice,
      change24h: '1.25',
      high24h: '98000.999',
      low24h: '95000.1',
      indexWeight: '77.05',
    }),
    row('ETH', 'USDT', {
      name: 'Ethereum',
      price: '3599.64003599',
      change24h: '-0.50',
      high24h: '3699.63003699',
      low24h: '3000',
      indexWeight: '17.37',
    }),
    row('USDC', 'USDT', { name: 'USD Coin', price: '0.99970002', high24h: '1', low24h: '0.99970002' }),
  ],
});

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('QuotationsPage', () => {
  it('lists every coin in USDT with exact prices cut to their precision, change, high, low and index weight', async () => {
    stubWalletApi({ '/rate/anon/api/quotations': usdtBoard(7, '97113.73862613', []) });
    renderPage(<QuotationsPage />, { path: '/propertyCenter/quotation/usdt', routeName: 'propertyCenterQuotationUsdt' });

    const btc = await screen.findByTestId('quotation-BTC');
    // 97,113.73862613 shown with 2 decimals: cut to .73, never rounded up to .74.
    expect(within(btc).getByTestId('price-BTC').textContent).toBe('97,113.73');
    expect(within(btc).getByText('+1.25%')).toBeTruthy();
    expect(within(btc).getByText('98,000.99')).toBeTruthy();
    expect(within(btc).getByText('77.05%')).toBeTruthy();
    const usdc = screen.getByTestId('quotation-USDC');
    expect(within(usdc).getByTestId('price-USDC').textContent).toBe('0.9997');
    expect(within(usdc).getByText('—')).toBeTruthy();
    expect(within(screen.getByTestId('quotation-ETH')).getByText('-0.50%')).toBeTruthy();
  });

  it('updates prices as boards arrive over the WebSocket, ignoring older ones', async () => {
    stubWalletApi({ '/rate/anon/api/quotations': usdtBoard(7, '97113.73862613', ['ETH']) });
    renderPage(<QuotationsPage />, { path: '/propertyCenter/quotation', routeName: 'propertyCenterQuotation' });
    await screen.findByTestId('quotation-BTC');
    await waitFor(() => expect(screen.getByTestId('live-status').dataset.status).toBe('live'));
    const socket = FakeSocket.instances.at(-1)!;
    expect(socket.url).toMatch(/\/ws\/quotations\?quote=USDT$/);

    act(() => socket.push({ type: 'board', board: { ...usdtBoard(8, '97200.5', []), favourites: undefined } }));
    await waitFor(() => expect(screen.getByTestId('price-BTC').textContent).toBe('97,200.50'));
    act(() => socket.push({ type: 'board', board: usdtBoard(6, '90000', []) }));
    expect(screen.getByTestId('price-BTC').textContent).toBe('97,200.50');
    // Favourites are the caller's and stay as the list call answered them.
    expect(screen.getByRole('button', { name: 'Remove ETH from favourites' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('adds a favourite with the star and filters the list to favourites', async () => {
    const user = userEvent.setup();
    let favourites: string[] = [];
    const fetchSpy = stubWalletApi({
      '/rate/anon/api/quotations': () => usdtBoard(7, '97113.73862613', favourites),
      '/rate/api/favourites/BTC': () => {
        favourites = ['BTC'];
        return { coins: favourites };
      },
    });
    renderPage(<QuotationsPage />, { path: '/propertyCenter/quotation', routeName: 'propertyCenterQuotation' });
    await screen.findByTestId('quotation-BTC');

    await user.click(screen.getByRole('button', { name: 'Add BTC to favourites' }));
    await screen.findByRole('button', { name: 'Remove BTC from favourites' });
    const call = fetchSpy.mock.calls.find(([input]) => String(input).includes('/rate/api/favourites/BTC'));
    expect(call?.[1]?.method).toBe('POST');

    await user.click(screen.getByText('Favourites'));
    await waitFor(() => expect(screen.queryByTestId('quotation-ETH')).toBeNull());
    expect(screen.getByTestId('quotation-BTC')).toBeTruthy();
  });

  it('asks for the BTC board on the BTC route and cuts ETH/BTC to its tick', async () => {
    const fetchSpy = stubWalletApi({
      '/rate/anon/api/quotations': {
        ...usdtBoard(3, '1', []),
        quote: 'BTC',
        rows: [row('ETH', 'BTC', { price: '0.03706622', high24h: '0.03706622', low24h: '0.03333333', change24h: '11.19' })],
      },
    });
    renderPage(<QuotationsPage />, { path: '/propertyCenter/quotation/btc', routeName: 'propertyCenterQuotationBtc' });
    expect((await screen.findByTestId('price-ETH')).textContent).toBe('0.03706');
    expect(requestedUrls(fetchSpy).some((url) => url.includes('quote=BTC'))).toBe(true);
    expect(FakeSocket.instances.at(-1)?.url).toMatch(/quote=BTC$/);
  });
});
