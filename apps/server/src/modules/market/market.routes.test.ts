import { marketPaths, walletPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail } from '../../../test/identity-helpers';
import { createLedger } from '../ledger/ledger.service';

let database: TestDatabase;
let app: FastifyInstance;
let counter = 0;

const live: Record<string, string> = { BTC: '97123.45', ETH: '3600', XRP: '2.4', USDT: '1.0001', USDC: '0.9998' };
const twoHoursAgo: Record<string, string> = { BTC: '90000', ETH: '3000', XRP: '2', USDT: '1', USDC: '1' };
const oneHourAgo: Record<string, string> = { BTC: '100000', ETH: '3700', XRP: '2.5', USDT: '1.0001', USDC: '0.9998' };

/** A known market: live prices and two minute closes inside the last 24 hours. */
async function setMarket() {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  for (const [asset, price] of Object.entries(live)) {
    await sql`update market_price set usd_price = ${price}, seq = 1, updated_at = now() where asset = ${asset}`.execute(database.db);
  }
  for (const [offset, prices] of [
    [2, twoHoursAgo],
    [1, oneHourAgo],
  ] as const) {
    await database.db
      .insertInto('market_tick')
      .values(Object.entries(prices).map(([asset, usd_price]) => ({ asset, minute: new Date(minute - offset * 3600_000), usd_price })))
      .execute();
  }
}

async function signedInClient() {
  counter += 1;
  const email = `market${counter}-${Date.now() % 100000}@coffer.test`;
  const { client, userNo } = await signUpByEmail(app, email);
  const remove = async (coin: string) => {
    const response = await app.inject({
      method: 'DELETE',
      url: marketPaths.favourite.replace(':coin', coin),
      headers: { cookie: client.cookie! },
    });
    return { status: response.statusCode, body: response.json() as { code: number; data: { coins: string[] } } };
  };
  const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  return { ...client, remove, userId: user.id };
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read loosely
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  await setMarket();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('quotations', () => {
  it('answers every coin in USDT exactly: price, 24-hour change, high, low and index weight', async () => {
    const { body } = await get(`${marketPaths.quotations}?quote=USDT`);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ quote: 'USDT', seq: 1, priceScale: 8, favourites: [] });
    expect(body.data.rows).toEqual([
      {
        coin: 'BTC',
        name: 'Bitcoin',
        icon: 'btc',
        quote: 'USDT',
        pair: 'BTC/USDT',
        price: '97113.73862613',
        usdPrice: '97123.45',
        change24h: '7.90',
        high24h: '99990.0009999',
        low24h: '90000',
        indexWeight: '77.05',
      },
      {
        coin: 'ETH',
        name: 'Ethereum',
        icon: 'eth',
        quote: 'USDT',
        pair: 'ETH/USDT',
        price: '3599.64003599',
        usdPrice: '3600',
        change24h: '19.98',
        high24h: '3699.63003699',
        low24h: '3000',
        indexWeight: '17.37',
      },
      {
        coin: 'USDC',
        name: 'USD Coin',
        icon: 'usdc',
        quote: 'USDT',
        pair: 'USDC/USDT',
        price: '0.99970002',
        usdPrice: '0.9998',
        change24h: '-0.02',
        high24h: '1',
        low24h: '0.99970002',
        indexWeight: null,
      },
      {
        coin: 'XRP',
        name: 'XRP',
        icon: 'xrp',
        quote: 'USDT',
        pair: 'XRP/USDT',
        price: '2.39976002',
        usdPrice: '2.4',
        change24h: '19.98',
        high24h: '2.49975002',
        low24h: '2',
        indexWeight: '5.58',
      },
    ]);
  });

  it('answers the BTC variant as exact quotients cut at 8 decimals, without BTC itself', async () => {
    const { body } = await get(`${marketPaths.quotations}?quote=BTC`);
    const rows = body.data.rows as Array<{ coin: string; price: string; high24h: string; low24h: string; change24h: string }>;
    expect(rows.map((row) => row.coin)).toEqual(['ETH', 'USDT', 'USDC', 'XRP']);
    expect(rows.find((row) => row.coin === 'ETH')).toMatchObject({
      price: '0.03706622',
      high24h: '0.03706622',
      low24h: '0.03333333',
      change24h: '11.19',
    });
    expect(rows.find((row) => row.coin === 'XRP')).toMatchObject({
      price: '0.00002471',
      high24h: '0.000025',
      low24h: '0.00002222',
      change24h: '11.20',
    });
    expect(rows.find((row) => row.coin === 'USDC')).toMatchObject({ price: '0.00001029', low24h: '0.00000999', change24h: '-7.38' });
  });

  it('answers the USDC variant and defaults to USDT', async () => {
    const usdc = await get(`${marketPaths.quotations}?quote=USDC`);
    expect(usdc.body.data.rows.find((row: { coin: string }) => row.coin === 'USDT').price).toBe('1.00030006');
    const fallback = await get(marketPaths.quotations);
    expect(fallback.body.data.quote).toBe('USDT');
  });

  it('answers a coin with its chart series ending at the live price', async () => {
    const { body } = await get(`${marketPaths.quotationDetail.replace(':coin', 'eth')}?quote=USDT&range=24h`);
    expect(body.code).toBe(0);
    expect(body.data.quotation).toMatchObject({ coin: 'ETH', price: '3599.64003599' });
    expect(body.data.isFavourite).toBe(false);
    expect(body.data.series.map((point: { price: string }) => point.price)).toEqual(['3000', '3699.63003699', '3599.64003599']);
    const hour = await get(`${marketPaths.quotationDetail.replace(':coin', 'ETH')}?range=1h`);
    // The close an hour and some seconds ago falls outside the last hour.
    expect(hour.body.data.series.map((point: { price: string }) => point.price)).toEqual(['3599.64003599']);
  });

  it('refuses bad inputs with envelope errors in the caller language', async () => {
    const badQuote = await get(`${marketPaths.quotations}?quote=ETH`);
    expect(badQuote.body.code).toBe(19000003);
    const unknownCoin = await get(marketPaths.quotationDetail.replace(':coin', 'DOGE'), { 'language-type': '2' });
    expect(unknownCoin.body).toMatchObject({ code: 21000001, msg: 'Эта монета или валюта не поддерживается' });
    const sameCoin = await get(`${marketPaths.quotationDetail.replace(':coin', 'BTC')}?quote=BTC`);
    expect(sameCoin.body.code).toBe(19000003);
    const badRange = await get(`${marketPaths.quotationDetail.replace(':coin', 'BTC')}?range=1y`);
    expect(badRange.body.code).toBe(19000003);
    const badCoin = await get(marketPaths.quotationDetail.replace(':coin', 'B%24C'));
    expect(badCoin.body.code).toBe(19000003);
  });
});

describe('favourites', () => {
  it('belong to their owner: added, listed, removed, never seen by another customer', async () => {
    const alice = await signedInClient();
    const bob = await signedInClient();
    expect((await alice.post(marketPaths.favourite.replace(':coin', 'eth'))).body.data.coins).toEqual(['ETH']);
    expect((await alice.post(marketPaths.favourite.replace(':coin', 'BTC'))).body.data.coins).toEqual(['BTC', 'ETH']);
    expect((await alice.post(marketPaths.favourite.replace(':coin', 'BTC'))).body.data.coins).toEqual(['BTC', 'ETH']);
    expect((await bob.get(marketPaths.favourites)).body.data.coins).toEqual([]);
    expect((await bob.remove('BTC')).body.data.coins).toEqual([]);
    expect((await alice.get(marketPaths.favourites)).body.data.coins).toEqual(['BTC', 'ETH']);
    expect((await alice.get(`${marketPaths.quotations}?quote=BTC`)).body.data.favourites).toEqual(['BTC', 'ETH']);
    expect((await alice.get(marketPaths.quotationDetail.replace(':coin', 'ETH'))).body.data.isFavourite).toBe(true);
    expect((await bob.get(marketPaths.quotationDetail.replace(':coin', 'ETH'))).body.data.isFavourite).toBe(false);
    expect((await alice.remove('ETH')).body.data.coins).toEqual(['BTC']);
  });

  it('refuse visitors and unknown coins, changing nothing', async () => {
    const visitor = await app.inject({ method: 'POST', url: marketPaths.favourite.replace(':coin', 'BTC') });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe(403);
    const carol = await signedInClient();
    expect((await carol.post(marketPaths.favourite.replace(':coin', 'DOGE'))).body.code).toBe(21000001);
    expect((await carol.remove('DOGE')).body.code).toBe(21000001);
    expect((await carol.get(marketPaths.favourites)).body.data.coins).toEqual([]);
  });
});

describe('the crypto index', () => {
  it('is computed from the live prices: level, weights summing to 100, exchange and pair', async () => {
    const { body } = await get(marketPaths.cryptoIndex);
    expect(body.data).toMatchObject({
      code: 'CCI',
      value: '1000.98',
      change24h: '10.46',
      baseValue: '1000',
      divisor: '2493240000',
      totalMarketCap: '2495684310000',
    });
    expect(body.data.constituents).toEqual([
      {
        coin: 'BTC',
        name: 'Bitcoin',
        weight: '77.05',
        exchange: 'Coffer',
        pair: 'BTC/USDT',
        usdPrice: '97123.45',
        supply: '19800000',
        marketCap: '1923044310000',
      },
      {
        coin: 'ETH',
        name: 'Ethereum',
        weight: '17.37',
        exchange: 'Coffer',
        pair: 'ETH/USDT',
        usdPrice: '3600',
        supply: '120400000',
        marketCap: '433440000000',
      },
      {
        coin: 'XRP',
        name: 'XRP',
        weight: '5.58',
        exchange: 'Coffer',
        pair: 'XRP/USDT',
        usdPrice: '2.4',
        supply: '58000000000',
        marketCap: '139200000000',
      },
    ]);
  });

  it('answers latestWithTrend for the index and coins, each with an hourly trend ending now', async () => {
    const { body } = await get(`${marketPaths.cryptoIndexLatestWithTrend}?currencies=CCI,btc`);
    expect(body.code).toBe(0);
    const [index, btc] = body.data as Array<{ currency: string; value: string; change24h: string; trend: Array<{ value: string }> }>;
    expect(index).toMatchObject({ currency: 'CCI', value: '1000.98', change24h: '10.46' });
    expect(index!.trend.map((point) => point.value)).toEqual(['906.13', '1030.97', '1000.98']);
    expect(btc).toMatchObject({ currency: 'BTC', value: '97123.45', change24h: '7.91' });
    expect(btc!.trend.map((point) => point.value)).toEqual(['90000', '100000', '97123.45']);
    const byDefault = await get(marketPaths.cryptoIndexLatestWithTrend);
    expect(byDefault.body.data.map((item: { currency: string }) => item.currency)).toEqual(['CCI']);
  });

  it('refuses unknown or malformed currencies', async () => {
    expect((await get(`${marketPaths.cryptoIndexLatestWithTrend}?currencies=BTC,DOGE`)).body.code).toBe(21000001);
    expect((await get(`${marketPaths.cryptoIndexLatestWithTrend}?currencies=B%24C`)).body.code).toBe(19000003);
    expect(
      (await get(`${marketPaths.cryptoIndexLatestWithTrend}?currencies=${Array.from({ length: 21 }, (_, n) => `C${n}X`).join(',')}`)).body
        .code,
    ).toBe(19000003);
  });
});

describe('valuations elsewhere in the platform', () => {
  it('value balances and the dashboard at the live price, not the catalogue reference', async () => {
    const dave = await signedInClient();
    const ledger = createLedger(database.db);
    await ledger.transfer({
      idempotencyKey: `market-seed-${dave.userId}`,
      billType: 2001,
      from: await ledger.platformAccount('chain', 'BTC'),
      to: await ledger.customerAccount(dave.userId, 'BTC'),
      amount: 150_000_000n,
    });
    const table = (await dave.get(walletPaths.bitAssets)).body.data;
    // 1.5 BTC at the live 97,123.45 USD (the reference price would give 145,500.00).
    expect(table.rows[0]).toMatchObject({ coin: 'BTC', usdValue: '145685.17' });
    const board = (await dave.get(walletPaths.dashboard)).body.data;
    expect(board.quotations.find((quote: { coin: string }) => quote.coin === 'BTC')).toEqual({
      coin: 'BTC',
      usdPrice: '97123.45',
      change24h: '7.91',
    });
  });
});
