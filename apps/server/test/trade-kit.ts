import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp } from './app';
import type { TestDatabase } from './database';
import { signUpByEmail, type ApiAnswer, type identityClient } from './identity-helpers';
import { loadConfig } from '../src/platform/config';
import { createAssetsModule } from '../src/modules/assets';
import { createLedger, type Ledger } from '../src/modules/ledger/ledger.service';
import type { UsdPriceFeed, UsdPriceSnapshot, UsdReading } from '../src/modules/trade/price-feed';
import { createTradeModule, type TradeModule, type TradeModuleDeps } from '../src/modules/trade';

export const testSigningSeed = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const password = 'Vault-Key-2026';

/** A clock the test moves by hand. */
export interface ManualClock {
  now(): Date;
  set(at: Date): void;
  advance(ms: number): void;
}

export function manualClock(start = new Date('2026-03-02T10:00:00.000Z')): ManualClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (at: Date) => {
      now = at.getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** USD prices the test sets; each reading is stamped with the clock's time. */
export interface ManualFeed {
  feed: UsdPriceFeed;
  setUsd(coin: string, units: bigint): void;
  /** Records the current prices as a past reading `msAgo` before now. */
  recordPast(msAgo: number, overrides?: Record<string, bigint>): void;
  clearHistory(): void;
  setDown(down: boolean): void;
  setAge(ms: number): void;
}

export function manualFeed(clock: { now: () => Date }): ManualFeed {
  const prices = new Map<string, bigint>([
    ['BTC', 97_000n * 100_000_000n],
    ['ETH', 3_600n * 100_000_000n],
    ['USDT', 100_000_000n],
    ['USDC', 100_000_000n],
    ['XRP', 240_000_000n],
  ]);
  let history: UsdReading[] = [];
  let isDown = false;
  let age = 0;
  const feed: UsdPriceFeed = async (since): Promise<UsdPriceSnapshot> => {
    if (isDown) throw new Error('market unavailable');
    const at = new Date(clock.now().getTime() - age);
    const latest = new Map([...prices].map(([coin, units]) => [coin, { coin, units, at }]));
    const byCoin = new Map<string, UsdReading[]>();
    for (const reading of [...history.filter((entry) => entry.at >= since), ...latest.values()]) {
      byCoin.set(reading.coin, [...(byCoin.get(reading.coin) ?? []), reading]);
    }
    return { latest, history: byCoin };
  };
  return {
    feed,
    setUsd: (coin: string, units: bigint) => {
      prices.set(coin, units);
    },
    recordPast: (msAgo: number, overrides: Record<string, bigint> = {}) => {
      const at = new Date(clock.now().getTime() - msAgo);
      for (const [coin, units] of prices) history.push({ coin, units: overrides[coin] ?? units, at });
    },
    clearHistory: () => {
      history = [];
    },
    setDown: (down: boolean) => {
      isDown = down;
    },
    setAge: (ms: number) => {
      age = ms;
    },
  };
}

export interface TradeFixture {
  app: FastifyInstance;
  ledger: Ledger;
  clock: ManualClock;
  prices: ManualFeed;
  trade: TradeModule;
  /** Another trade module on the kit's ledger, clock and prices, with its own pools or channel. */
  module(extra?: Pick<TradeModuleDeps, 'pool' | 'asyncCommitPool' | 'channel'>): TradeModule;
  customer(holdings?: Record<string, bigint>): Promise<{ userId: string; client: ReturnType<typeof identityClient> }>;
  fund(userId: string, asset: string, amount: bigint, key?: string): Promise<string>;
  available(userId: string, asset: string): Promise<bigint>;
}

let counter = 0;

/** The real app (for sign-up and HTTP calls) and a trade module over the same database with a hand-moved clock. */
export async function tradeFixture(database: TestDatabase, env: Record<string, string> = {}): Promise<TradeFixture> {
  const app = await buildTestApp(database.db, { env: { TRADE_SIGNING_KEY: testSigningSeed, ...env } });
  const ledger = createLedger(database.db);
  const assets = createAssetsModule({ db: database.db }).api;
  const clock = manualClock();
  const prices = manualFeed(clock);
  const config = loadConfig({ NODE_ENV: 'test', TRADE_SIGNING_KEY: testSigningSeed, ...env });
  const module: TradeFixture['module'] = (extra = {}) =>
    createTradeModule({
      db: database.db,
      assets,
      ledger,
      config,
      market: { latestUsdPrices: async () => new Map(), usdMinuteCloses: async () => [] },
      clock: clock.now,
      feed: prices.feed,
      priceCacheMs: 0,
      ...extra,
    });
  const trade = module();

  async function fund(userId: string, asset: string, amount: bigint, key = `seed-${userId}-${asset}-${counter++}`): Promise<string> {
    const posted = await ledger.transfer({
      idempotencyKey: key,
      billType: 2001,
      from: await ledger.platformAccount('chain', asset),
      to: await ledger.customerAccount(userId, asset),
      amount,
    });
    return posted.journalId;
  }

  return {
    app,
    ledger,
    clock,
    prices,
    trade,
    module,
    fund,
    async customer(holdings = {}) {
      counter += 1;
      const email = `trade${counter}-${Date.now() % 1_000_000}@coffer.test`;
      const { client, userNo } = await signUpByEmail(app, email, password);
      const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
      for (const [asset, amount] of Object.entries(holdings)) await fund(user.id, asset, amount);
      return { userId: user.id, client };
    },
    async available(userId, asset) {
      const row = await database.db
        .selectFrom('ledger_account')
        .select('available')
        .where('owner_type', '=', 'customer')
        .where('owner_ref', '=', userId)
        .where('asset', '=', asset)
        .executeTakeFirst();
      return BigInt(row?.available ?? '0');
    },
  };
}

/** Ledger invariants: every asset's entries sum to zero, no customer balance below zero. */
export async function ledgerInvariants(database: TestDatabase) {
  const sums = await sql<{ asset: string; total: string }>`select asset, sum(amount)::text as total from entry group by asset`.execute(
    database.db,
  );
  const negatives = await sql<{ count: string }>`
    select count(*)::text as count from ledger_account where owner_type = 'customer' and (available < 0 or frozen < 0)`.execute(
    database.db,
  );
  return {
    unbalancedAssets: sums.rows.filter((row) => row.total !== '0').map((row) => row.asset),
    negativeCustomerAccounts: Number(negatives.rows[0]?.count ?? 0),
  };
}

/** PUT and DELETE as the signed-in client (the identity test client speaks GET and POST). */
export async function callAs(
  app: FastifyInstance,
  client: ReturnType<typeof identityClient>,
  method: 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<ApiAnswer> {
  const response = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  return { status: response.statusCode, body: response.json() as ApiAnswer['body'] };
}
