/**
 * bench/trade: spot trading through the trade module's service functions on real PostgreSQL,
 * 32 concurrent clients (BENCH_CLIENTS) over 1,000 funded customers:
 *
 * - quotes/s: price (market prices cached per second), sign (Ed25519), store;
 * - quote-to-settled orders/s: quote → place the order → pay (row claim, ledger journal with
 *   desk and fee legs, completion, one transaction), paced at the target rate of 500/s
 *   (BENCH_TARGET_ORDERS) spread over the 32 clients for 40 s (BENCH_PACED_SECONDS), each
 *   latency counted from when its order was due; then with every client flat out (the most
 *   it can do, latency including the wait behind the other clients);
 *
 * each with its p50/p99 latency (the order cases also per step), and the CPU each operation
 * cost this process and the database backends serving it: the machine is shared, so rates
 * move with others' load while CPU per operation does not. Targets: 2,000 quotes/s, 500
 * settled orders/s, p99 < 50 ms. A few seconds of orders warm the tables up and statistics
 * are taken before measuring; a checkpoint before each case puts the writes of the last one
 * on disk. Uses BENCH_DATABASE_URL (default: the local server at
 * 127.0.0.1:5432, user postgres); creates and drops its own database; BENCH_POOL sets the
 * pool size (default: one connection per client and 8 spare). The run ends by checking the
 * ledger's invariants.
 */
import { readFile } from 'node:fs/promises';
import { toBaseUnits } from '@coffer/contract';
import { sql } from 'kysely';
import { admin, urlFor } from '../lib/bench-database';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { migrations } from '../../apps/server/src/migrations';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate';
import { loadConfig } from '../../apps/server/src/platform/config';
import { createLedger, type Ledger } from '../../apps/server/src/modules/ledger/ledger.service';
import { createAssetsModule } from '../../apps/server/src/modules/assets';
import { createAuditModule } from '../../apps/server/src/modules/audit';
import { createTradeModule } from '../../apps/server/src/modules/trade';
import { createIdentityModule } from '../../apps/server/src/modules/identity';
import { createKycLevelsService, createTradeLimitReads } from '../../apps/server/src/modules/kyc';
import type { UsdPriceFeed } from '../../apps/server/src/modules/trade/price-feed';

const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 1_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 32);
const secondsPerCase = Number(process.env.BENCH_SECONDS ?? 10);
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
/** The issue's target rate of settled orders, at which their p99 is judged. */
const targetOrdersPerSecond = Number(process.env.BENCH_TARGET_ORDERS ?? 500);
/** Long enough for the system's own writes of the case to be flushed while it runs, as in steady operation. */
const pacedSeconds = Number(process.env.BENCH_PACED_SECONDS ?? 40);
const poolSize = Number(process.env.BENCH_POOL ?? clients + 8);
const benchDb = 'coffer_bench_trade';

type Db = ReturnType<typeof openDatabase>['db'];

async function seedCustomers(db: Db, ledger: Ledger): Promise<string[]> {
  await sql`
    insert into app_user (user_no, email, residence_country, password_hash, invite_code)
    select 'B' || g, 'bench' || g || '@coffer.test', 'DE', 'x', 'INV' || g from generate_series(1, ${customerCount}) g`.execute(db);
  const users = (await db.selectFrom('app_user').select('id').orderBy('id').execute()).map((row) => row.id);
  for (const asset of ['USDT', 'BTC'] as const) {
    const amount = asset === 'USDT' ? 10_000_000_000_000n : 100_000_000_000n;
    const omnibus = await ledger.platformAccount('chain', asset);
    const accounts = await Promise.all(users.map((userId) => ledger.customerAccount(userId, asset)));
    // One deposit journal per customer, as a platform's customers are funded: the statistics
    // taken below then describe a journal table of realistic shape, not ten rows.
    for (let start = 0; start < accounts.length; start += 100) {
      await Promise.all(
        accounts.slice(start, start + 100).map((accountId, index) =>
          ledger.post({
            idempotencyKey: `bench-fund-${asset}-${start + index}`,
            billType: 2001,
            legs: [
              { accountId: omnibus, bucket: 'available', amount: -amount },
              { accountId, bucket: 'available', amount },
            ],
          }),
        ),
      );
    }
  }
  await sql`analyze`.execute(db);
  return users;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** CPU seconds (user + system) the database's backends of `database` have used so far, by pid. */
async function backendCpu(db: Db, database: string): Promise<Map<number, number>> {
  const pids = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`.execute(
    db,
  );
  const ticksPerSecond = 100;
  const usage = new Map<number, number>();
  for (const { pid } of pids.rows) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      usage.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {
      // The server is not on this machine (or the backend just ended): no figure for it.
    }
  }
  return usage;
}

function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
}

type Step = (name: string, started: number) => void;

type Operation = (userId: string, worker: number, step: Step) => Promise<void>;

/**
 * How each operation starts: `closed` — every client starts its next one as soon as the last
 * ended (the most the system can do; latency then includes waiting behind the others);
 * `paced` — operations are due at a fixed rate, taken by whichever of the clients is free,
 * and each latency counts from when it was due (a late start counts against it).
 */
type Load = { kind: 'closed' } | { kind: 'paced'; perSecond: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(db: Db, label: string, unit: string, operation: Operation, users: string[], load: Load, seconds = secondsPerCase) {
  const latencies: number[] = [];
  const steps = new Map<string, number[]>();
  const step: Step = (name, started) => {
    const list = steps.get(name) ?? [];
    list.push(performance.now() - started);
    steps.set(name, list);
  };
  let failed = 0;
  let firstError: unknown = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let nextDue = 0;
  /** When the worker's next operation is due, or null when the case is over. */
  const takeNext = async (): Promise<number | null> => {
    if (load.kind === 'closed') return performance.now() < deadline ? performance.now() : null;
    const due = started + (nextDue++ * 1000) / load.perSecond;
    if (due >= deadline) return null;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    return due;
  };
  const worker = async (index: number) => {
    for (let due = await takeNext(); due !== null; due = await takeNext()) {
      const userId = users[Math.floor(Math.random() * users.length)]!;
      try {
        await operation(userId, index, step);
        latencies.push(performance.now() - due);
      } catch (error) {
        failed += 1;
        firstError ??= error;
      }
    }
  };
  const backendsBefore = await backendCpu(db, benchDb);
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: clients }, (_, index) => worker(index)));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const backendSeconds = cpuSpent(backendsBefore, await backendCpu(db, benchDb));
  latencies.sort((a, b) => a - b);
  const rate = latencies.length / elapsed;
  const perOperation = (microseconds: number) => (latencies.length ? microseconds / latencies.length : Number.NaN).toFixed(0);
  console.log(
    `  ${label.padEnd(34)} ${rate.toFixed(0).padStart(6)} ${unit}/s   p50 ${percentile(latencies, 0.5).toFixed(1).padStart(5)} ms   p99 ${percentile(latencies, 0.99).toFixed(1).padStart(5)} ms` +
      `   cpu/op: node ${perOperation(cpu.user + cpu.system)} µs, postgres ${perOperation(backendSeconds * 1e6)} µs${failed ? `   (${failed} failed: ${String(firstError)})` : ''}`,
  );
  for (const [name, list] of steps) {
    list.sort((a, b) => a - b);
    console.log(
      `    ${name.padEnd(32)} p50 ${percentile(list, 0.5).toFixed(1).padStart(5)} ms   p99 ${percentile(list, 0.99).toFixed(1).padStart(5)} ms`,
    );
  }
  return { rate, p99: percentile(latencies, 0.99) };
}

async function checkInvariants(db: Db, completed: number): Promise<void> {
  const unbalanced = await sql<{
    n: string;
  }>`select count(*)::text as n from (select asset from entry group by asset having sum(amount) <> 0) x`.execute(db);
  const negative = await sql<{
    n: string;
  }>`select count(*)::text as n from ledger_account where owner_type = 'customer' and (available < 0 or frozen < 0)`.execute(db);
  const settled = await sql<{ orders: string; journals: string }>`
    select (select count(*) from trade_order where status = 'completed')::text as orders,
           (select count(*) from journal where idempotency_key like 'trade:order:%')::text as journals`.execute(db);
  if (unbalanced.rows[0]!.n !== '0' || negative.rows[0]!.n !== '0') throw new Error('ledger invariants broken');
  if (settled.rows[0]!.orders !== settled.rows[0]!.journals || Number(settled.rows[0]!.orders) < completed)
    throw new Error('orders and journals disagree');
  console.log(
    `  invariants: every asset's entries sum to zero, no customer below zero, ${settled.rows[0]!.orders} completed orders = ${settled.rows[0]!.journals} journals`,
  );
}

async function main(): Promise<void> {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const database = openDatabase(urlFor(benchDb), { max: poolSize });
  try {
    await migrateToLatest(database.db, migrations);
    const ledger = createLedger(database.db, database.pool);
    const users = await seedCustomers(database.db, ledger);
    // The market's live prices, read as the app reads them (a real query, shared per second).
    const livePrices: UsdPriceFeed = async () => {
      const rows = await sql<{ asset: string; usd_price: string }>`select asset, usd_price::text as usd_price from market_price`.execute(
        database.db,
      );
      const at = new Date();
      const latest = new Map(rows.rows.map((row) => [row.asset, { coin: row.asset, units: toBaseUnits(row.usd_price, 8), at }]));
      return { latest, history: new Map([...latest].map(([coin, reading]) => [coin, [reading]])) };
    };
    const config = loadConfig({ NODE_ENV: 'production', TRADE_SIGNING_KEY: '11'.repeat(32), DATA_DIR: '/tmp/trade-bench-data' });
    // The customer's KYC level and its largest trade, looked up on every quote as in the app
    // (identity's level, the kyc module's limits, each kept a few seconds per process).
    const identity = createIdentityModule({
      db: database.db,
      config,
      secrets: { pepper: Buffer.alloc(32, 1), key: Buffer.alloc(32, 2) },
      messenger: { send: async () => {} },
      funding: { hasReceivedFunds: async () => true },
      // No bench call sends a captcha.
      captcha: {
        verifyOnce: async () => {
          throw new Error('no captcha in the trade bench');
        },
      },
    });
    const trade = createTradeModule({
      db: database.db,
      assets: createAssetsModule({ db: database.db }).api,
      ledger,
      config,
      levelTradeMaxUsd: createTradeLimitReads({
        levels: createKycLevelsService({ db: database.db, identity: identity.api, audit: createAuditModule({ db: database.db }).api }),
        identity: identity.api,
      }),
      market: { latestUsdPrices: async () => new Map(), usdMinuteCloses: async () => [] },
      feed: livePrices,
      pool: database.pool,
      asyncCommitPool: database.asyncCommitPool,
    });
    const { quotes, orders } = trade.services;
    console.log(
      `trade through the service functions, ${users.length} customers, ${clients} clients, pool of ${poolSize}, ${secondsPerCase} s per case:`,
    );

    const quoteFlow: Operation = async (userId, worker) => {
      await quotes.quote(userId, { pair: 'BTC/USDT', side: worker % 2 === 0 ? 'buy' : 'sell', amount: '0.001', amountCoin: 'BTC' });
    };
    let completed = 0;
    const orderFlow: Operation = async (userId, worker, step) => {
      let started = performance.now();
      const quote = await quotes.quote(userId, {
        pair: 'BTC/USDT',
        side: worker % 2 === 0 ? 'buy' : 'sell',
        amount: '10',
        amountCoin: 'USDT',
      });
      step('quote', started);
      started = performance.now();
      const order = await orders.place(userId, quote.quoteId);
      step('place', started);
      started = performance.now();
      const paid = await orders.pay(userId, order.orderNo);
      step('pay', started);
      if (paid.status !== 'completed') throw new Error(`order ${order.orderNo} is ${paid.status}`);
      completed += 1;
    };
    // A platform that has been trading: a few seconds of orders, then statistics taken (as
    // autovacuum would), so that no plan is one made for empty order and quote tables.
    await measure(database.db, 'warm-up', 'orders', orderFlow, users, { kind: 'closed' }, warmUpSeconds);
    await sql`analyze`.execute(database.db);

    // Each case starts with the writes of the one before on disk: flushed in the middle of a
    // case, a burst of them stalls its commits behind the disk (measured: p99 at 500/s of
    // 20 ms after a checkpoint, 60–100 ms while the flat-out cases' writes were flushed).
    const settleWrites = () =>
      sql`checkpoint`
        .execute(database.db)
        .catch(() => console.log('  (no CHECKPOINT privilege: a case may pay for the writes of the one before)'));
    await settleWrites();
    const pacedCase = await measure(
      database.db,
      `quote → settled at ${targetOrdersPerSecond}/s`,
      'orders',
      orderFlow,
      users,
      {
        kind: 'paced',
        perSecond: targetOrdersPerSecond,
      },
      pacedSeconds,
    );
    const closed = { kind: 'closed' } as const;
    await settleWrites();
    const quoteCase = await measure(database.db, 'quotes, clients flat out', 'quotes', quoteFlow, users, closed);
    await settleWrites();
    const orderCase = await measure(database.db, 'quote → settled, clients flat out', 'orders', orderFlow, users, closed);
    await ledger.foldHouseBalances();
    await checkInvariants(database.db, completed);
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      `quotes: ${quoteCase.rate.toFixed(0)}/s (target 2,000: ${verdict(quoteCase.rate >= 2000)}), p99 ${quoteCase.p99.toFixed(1)} ms (target < 50: ${verdict(quoteCase.p99 < 50)})`,
    );
    console.log(
      `settled orders: ${orderCase.rate.toFixed(0)}/s at most (target 500: ${verdict(orderCase.rate >= 500)}), p99 ${orderCase.p99.toFixed(1)} ms flat out`,
    );
    console.log(
      `settled orders at ${targetOrdersPerSecond}/s: ${pacedCase.rate.toFixed(0)}/s done, p99 ${pacedCase.p99.toFixed(1)} ms (target < 50: ${verdict(pacedCase.p99 < 50 && pacedCase.rate >= targetOrdersPerSecond * 0.99)})`,
    );
  } finally {
    await database.close();
    await admin(`drop database if exists ${benchDb} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
