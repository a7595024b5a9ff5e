import type { Quote, SpotOrder, TradePairs } from '@coffer/contract';
import { vi } from 'vitest';

/** Test-only: data shaped like the trade server's answers. */
export const testPairs: TradePairs = {
  pairs: [
    { pair: 'BTC/USDT', baseCoin: 'BTC', quoteCoin: 'USDT', baseScale: 8, quoteScale: 6, priceScale: 8, indicativePrice: '97000' },
    { pair: 'XRP/USDT', baseCoin: 'XRP', quoteCoin: 'USDT', baseScale: 6, quoteScale: 6, priceScale: 8, indicativePrice: '2.4' },
  ],
  quoteTtlSeconds: 10,
  feeRate: '0.001',
};

export const testQuotationBoard = {
  quote: 'USDT',
  seq: 1,
  updatedAt: '2026-03-01T10:00:00.000Z',
  priceScale: 8,
  favourites: [],
  rows: [
    {
      coin: 'BTC',
      name: 'Bitcoin',
      icon: 'btc',
      quote: 'USDT',
      pair: 'BTC/USDT',
      price: '97012.5',
      usdPrice: '97012.5',
      change24h: '1.25',
      high24h: '98000',
      low24h: '95000',
      indexWeight: '60',
    },
  ],
};

/** A firm quote to buy 0.01 BTC with USDT, valid for `validitySeconds` from now. */
export function testQuote(overrides: Partial<Quote> = {}): Quote {
  const validitySeconds = overrides.validitySeconds ?? 30;
  return {
    quoteId: '5001',
    pair: 'BTC/USDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    side: 'buy',
    price: '97200.5',
    baseAmount: '0.01',
    quoteAmount: '972.005',
    payCoin: 'USDT',
    payAmount: '972.005',
    receiveCoin: 'BTC',
    receiveAmount: '0.00999',
    feeCoin: 'BTC',
    fee: '0.00001',
    feeRate: '0.001',
    expiresAt: new Date(Date.now() + validitySeconds * 1000).toISOString(),
    settlement: 'immediate',
    issuedAt: new Date().toISOString(),
    validitySeconds,
    signature: 'c2lnbmF0dXJl',
    keyId: 'k1',
    ...overrides,
  };
}

export function testOrder(overrides: Partial<SpotOrder> = {}): SpotOrder {
  const { signature: _signature, keyId: _keyId, issuedAt: _issuedAt, validitySeconds: _validity, ...terms } = testQuote();
  return {
    orderNo: '77',
    ...terms,
    status: 'pendingPayment',
    createdAt: '2026-03-01T10:00:00.000Z',
    paidAt: null,
    completedAt: null,
    cancelledAt: null,
    refundedAt: null,
    statusReason: null,
    isPayable: true,
    ...overrides,
  };
}

export const emptyPage = { pageNo: 1, pageSize: 20, total: 0, records: [] };

/** Test-only: an answer that is a catalogue error instead of data. */
export class StubError {
  constructor(readonly code: number) {}
}

export type StubAnswer = unknown | ((request: { url: URL; body: unknown; method: string }) => unknown);

/**
 * Test-only: the server as envelopes, by `METHOD path` or by path for any method. Data
 * answers `{ code: 0, data }`; a StubError answers its code; an unknown path answers a
 * catalogue error. Returns the fetch spy, whose calls show what was requested.
 */
export function stubTradeApi(answers: Record<string, StubAnswer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = answers[`${method} ${url.pathname}`] ?? answers[url.pathname];
    const data =
      typeof answer === 'function'
        ? (answer as (request: { url: URL; body: unknown; method: string }) => unknown)({ url, body, method })
        : answer;
    const envelope =
      answer === undefined
        ? { code: 19000005, msg: 'not found', data: null }
        : data instanceof StubError
          ? { code: data.code, msg: 'refused', data: null }
          : { code: 0, msg: 'ok', data };
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
}

/** Test-only: the requests a fetch spy saw, as "METHOD path?query". */
export function requests(spy: ReturnType<typeof stubTradeApi>): string[] {
  return spy.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return `${init?.method ?? 'GET'} ${url}`;
  });
}
