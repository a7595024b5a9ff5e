import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { loadConfig } from '../../platform/config';
import { createAssetsModule } from '../assets';
import { createExchangeTicker } from './exchange-ticker';
import { createPriceSource } from './index';
import { createMarketService, percentChange, slotMs } from './market.service';
import { priceUnits, quotientUnits } from './price-math';
import { createExchangeSource, createSimulatedSource } from './price-source';
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
        {
          symbol: 'BTCUSDT',
          lastPrice: '97123.45000000',
          priceChangePercent: '-1.234',
          highPrice: '98000.00000000',
          lowPrice: '95000.10000000',
          volume: '1',
        },
        {
          symbol: 'ETHUSDT',
          lastPrice: '3600.00000000',
          priceChangePercent: '0.500',
          highPrice: '3650.00000000',
          lowPrice: '3500.00000000',
          volume: '1',
        },
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

  it('advances each coin once per slot, whichever process ticks, and keeps the minute close', async () => {
    const market = createMarketService({
      db: database.db,
      source: createSimulatedSource('test-seed'),
      assets: createAssetsModule({ db: database.db }).api,
    });
    const start = new Date('2026-11-21T00:00:00Z');
    for (let minute = 0; minute < 30; minute += 1) expect(await market.tick(new Date(start.getTime() + minute * 60_000))).toBe(5);
    // A second process computing the same slot finds it taken and changes nothing.
    const other = createMarketService({
      db: database.db,
      source: createSimulatedSource('test-seed'),
      assets: createAssetsModule({ db: database.db }).api,
    });
    const before = await other.latestUsdPrices();
    expect(await other.tick(new Date(start.getTime() + 29 * 60_000 + 4_999))).toBe(0);
    expect(await other.latestUsdPrices()).toEqual(before);
    // The next slot inside the same minute moves the live price and rewrites that minute's close.
    expect(await other.tick(new Date(start.getTime() + 29 * 60_000 + 5_000))).toBe(5);
    const live = await market.latestUsdPrices();
    const closes = await database.db
      .selectFrom('market_tick')
      .select(['asset', 'usd_price'])
      .where('minute', '=', new Date(start.getTime() + 29 * 60_000))
      .execute();
    for (const close of closes) expect(priceUnits(close.usd_price)).toBe(priceUnits(live.get(close.asset)!.usdPrice));
    expect(live.get('BTC')!.seq).toBe(Math.floor((start.getTime() + 29 * 60_000 + 5_000) / slotMs));
    expect(live.get('BTC')!.isReference).toBe(false);
    const stats = await market.windowStats(null, start, new Date(start.getTime() + 30 * 60_000));
    const btc = stats.get('BTC')!;
    expect(btc.high >= btc.low).toBe(true);
    expect(btc.earliest).toBeGreaterThan(0n);
    expect(await market.pruneHistory(new Date(start.getTime() + 9 * 24 * 3600_000))).toBeUndefined();
    expect(await database.db.selectFrom('market_tick').select('asset').execute()).toEqual([]);
  });

  it('divides prices exactly, cutting at the stated scale', () => {
    expect(quotientUnits(priceUnits('97123.45'), priceUnits('1.0001'))).toBe(9_711_373_862_613n);
    expect(quotientUnits(priceUnits('2.4'), priceUnits('97000'))).toBe(2_474n);
    expect(() => quotientUnits(1n, 0n)).toThrow(RangeError);
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

  it('as the price source, moves the coins the exchange prices and keeps the others', async () => {
    const source = createExchangeSource({ baseUrl: exchangeUrl });
    const next = await source.nextPrices(
      new Map([
        ['BTC', 1n],
        ['ETH', 2n],
        ['XRP', 3n],
        ['USDT', 4n],
      ]),
      1,
    );
    expect(next).toEqual(
      new Map([
        ['BTC', 9_712_345_000_000n],
        ['ETH', 360_000_000_000n],
        ['XRP', 3n],
        ['USDT', 100_000_000n],
      ]),
    );
  });

  it('is chosen by PRICE_SOURCE=binance and feeds the live prices', async () => {
    const config = loadConfig({ PRICE_SOURCE: 'binance', PRICE_SOURCE_URL: exchangeUrl });
    const market = createMarketService({
      db: database.db,
      source: createPriceSource(config),
      assets: createAssetsModule({ db: database.db }).api,
    });
    expect(market.source.kind).toBe('binance');
    expect(await market.tick(new Date())).toBe(5);
    const prices = await market.latestUsdPrices();
    expect(prices.get('BTC')?.usdPrice).toBe('97123.45');
    expect(prices.get('ETH')?.usdPrice).toBe('3600');
    expect(createPriceSource(loadConfig({})).kind).toBe('simulated');
  });

  it('refuses an answer not in the documented shape', async () => {
    const ticker = createExchangeTicker({
      baseUrl: 'http://127.0.0.1:1',
      fetchImpl: async () => new Response(JSON.stringify([{ symbol: 'BTCUSDT', lastPrice: 'NaN' }]), { status: 200 }),
    });
    await expect(ticker.quotations(['BTC'])).rejects.toThrow();
  });
});
