import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createExchangeTicker } from './exchange-ticker';
import { createMarketService, percentChange } from './market.service';
import { nextPrice, stepPpm } from './simulated-market';

let database: TestDatabase;
let exchange: Server;
let exchangeUrl = '';
let lastTickerQuery = '';

beforeAll(async () => {
  database = await createTestDatabase();
  // A local server answering in the exchange's documented 24-hour ticker shape.
  exchange = createServer((request, response) => {
    lastTickerQuery = decodeURIComponent(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify([
        { symbol: 'BTCUSDT', lastPrice: '97123.45000000', priceChangePercent: '-1.234', highPrice: '98000.00000000', lowPrice: '95000.10000000', volume: '1' },
        { symbol: 'ETHUSDT', lastPrice: '3600.00000000', priceChangePercent: '0.500', highPrice: '3650.00000000', lowPrice: '3500.00000000', volume: '1' },
      ]),
    );
  });
  await new Promise<void>((resolve) => exchange.listen(0, '127.0.0.1', resolve));
  exchangeUrl = `http://127.0.0.1:${(exchange.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => exchange.close(() => resolve()));
  await database.drop();
});

describe('the simulated market', () => {
  it('walks deterministically: the same seed and minute give the same step everywhere', () => {
    expect(stepPpm('seed', 'BTC', 29_000_000)).toBe(stepPpm('seed', 'BTC', 29_000_000));
    expect(stepPpm('seed', 'BTC', 29_000_000)).not.toBe(stepPpm('other', 'BTC', 29_000_000));
    for (let minute = 0; minute < 500; minute += 1) expect(stepPpm('seed', 'BTC', minute) ** 2n).toBeLessThanOrEqual(1_800n ** 2n);
  });

  it('keeps stablecoins at their peg and other coins moving', () => {
    let usdt = 100_000_000n;
    let btc = 9_700_000_000_000n;
    for (let minute = 0; minute < 1440; minute += 1) {
      usdt = nextPrice(usdt, 'seed', 'USDT', minute, 100_000_000n);
      btc = nextPrice(btc, 'seed', 'BTC', minute);
    }
    expect(usdt > 99_900_000n && usdt < 100_100_000n).toBe(true);
    expect(btc).not.toBe(9_700_000_000_000n);
  });

  it('ticks once a minute per coin, whichever process ticks, and quotes 24-hour change, high and low', async () => {
    const market = createMarketService({ db: database.db, seed: 'test-seed' });
    const start = new Date('2026-11-21T00:00:00Z');
    for (let minute = 0; minute < 30; minute += 1) await market.tick(new Date(start.getTime() + minute * 60_000));
    const again = await createMarketService({ db: database.db, seed: 'test-seed' }).tick(new Date(start.getTime() + 29 * 60_000));
    expect(again).toBe(0);
    const quotes = await market.quotations(new Date(start.getTime() + 30 * 60_000));
    expect(quotes.map((quote) => quote.coin)).toEqual(['BTC', 'ETH', 'USDC', 'USDT', 'XRP']);
    const btc = quotes.find((quote) => quote.coin === 'BTC')!;
    expect(Number(btc.high24h) >= Number(btc.low24h)).toBe(true);
    expect(btc.change24h).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('computes percent change exactly', () => {
    expect(percentChange(10_000n, 10_125n)).toBe('1.25');
    expect(percentChange(10_000n, 9_875n)).toBe('-1.25');
    expect(percentChange(3n, 4n)).toBe('33.33');
  });
});

describe('the exchange ticker adapter', () => {
  it('reads the documented 24-hour ticker and answers exact decimals', async () => {
    const ticker = createExchangeTicker({ baseUrl: exchangeUrl });
    const quotes = await ticker.quotations(['BTC', 'ETH', 'USDT']);
    expect(lastTickerQuery).toContain('symbols=["BTCUSDT","ETHUSDT"]');
    expect(quotes).toEqual([
      { coin: 'BTC', usdPrice: '97123.45', change24h: '-1.23', high24h: '98000', low24h: '95000.1' },
      { coin: 'ETH', usdPrice: '3600', change24h: '0.50', high24h: '3650', low24h: '3500' },
      { coin: 'USDT', usdPrice: '1', change24h: '0.00', high24h: '1', low24h: '1' },
    ]);
  });

  it('refuses an answer not in the documented shape', async () => {
    const ticker = createExchangeTicker({
      baseUrl: 'http://127.0.0.1:1',
      fetchImpl: async () => new Response(JSON.stringify([{ symbol: 'BTCUSDT', lastPrice: 'NaN' }]), { status: 200 }),
    });
    await expect(ticker.quotations(['BTC'])).rejects.toThrow();
  });
});
