/**
 * bench/deposits: on a real anvil and PostgreSQL,
 * 1. the time from the block that gives a USDT deposit its 12th confirmation to the credit
 *    being visible through the HTTP API (`pfDwTranxs` status 1), with the watcher polling as
 *    in production (DEPOSIT_POLL_MS, default 500 ms);
 * 2. how many deposit events per second the watcher processes from a backlog of 10,000
 *    ERC-20 transfers (read from the chain, recorded, and credited to the ledger).
 * Uses BENCH_DATABASE_URL (default: the local server at 127.0.0.1:5432, user postgres); creates
 * and drops its own database; starts and stops its own anvil. Ends by checking that every
 * transfer was credited exactly once. BENCH_SAMPLES, BENCH_BACKLOG and BENCH_VERBOSE=1 (every
 * poll and tick) adjust it.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { depositPaths, identityPaths } from '@coffer/contract';
import { sql } from 'kysely';
import { createTestClient, createWalletClient, http, type Address } from 'viem';
import { buildApp } from '../../apps/server/src/app';
import { createAssetsModule } from '../../apps/server/src/modules/assets';
import { evmReceivingChain, HdSeed, type EvmNode } from '../../apps/server/src/modules/chain';
import {
  cofferTestTokenAbi,
  deployTestTokens,
  evmDevFaucet,
  localChainId,
  localFunder,
  startAnvil,
} from '../../apps/server/src/modules/chain/devnets';
import { createDepositSettings } from '../../apps/server/src/modules/deposits/deposit-settings';
import { createDepositWatcher } from '../../apps/server/src/modules/deposits/deposit-watcher';
import { createWatcherRunner, tickExclusively } from '../../apps/server/src/modules/deposits/watcher-runner';
import { createLedger } from '../../apps/server/src/modules/ledger/ledger.service';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { freeLoopbackPort } from '../../apps/server/src/platform/process/free-port';
import { migrations } from '../../apps/server/src/migrations';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate';
import { createLogger } from '../../apps/server/src/platform/observability/logger';
import { createMetrics } from '../../apps/server/src/platform/observability/metrics';
import { admin, urlFor } from '../lib/bench-database';

const latencySamples = Number(process.env.BENCH_SAMPLES ?? 20);
const backlogTransfers = Number(process.env.BENCH_BACKLOG ?? 10_000);
const transfersPerTransaction = 100;
const customerCount = 20;
const benchDb = 'coffer_bench_deposits';

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  CODE_SENDS_PER_IP_PER_HOUR: '100000',
  DEPOSIT_POLL_MS: process.env.DEPOSIT_POLL_MS ?? '500',
});
const logger = createLogger({ LOG_LEVEL: 'warn' });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const database = openDatabase(urlFor(benchDb), { max: 10 });
  const anvil = await startAnvil({ port: await freeLoopbackPort(), chainId: localChainId, blockTimeSeconds: null, stateDir: null });
  try {
    await migrateToLatest(database.db, migrations);
    const node: EvmNode = {
      rpcUrl: anvil.rpcUrl,
      chainId: localChainId,
      isEmbedded: true,
      tokens: await deployTestTokens(anvil.rpcUrl),
      funder: localFunder,
      stop: anvil.stop,
    };
    const seed = new HdSeed(randomBytes(64));
    const chain = evmReceivingChain(node, seed);
    const app = await buildApp({
      config,
      logger: createLogger(config),
      db: database.db,
      pool: database.pool,
      metrics: createMetrics(),
      jobs: null,
      version: 'bench',
      secrets: { pepper: randomBytes(32), key: randomBytes(32) },
      depositChains: { chains: [chain], faucets: [evmDevFaucet(node)] },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const anvilControl = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    const evmChain = {
      id: localChainId,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    };
    const wallet = createWalletClient({ chain: evmChain, transport: http(anvil.rpcUrl) });

    // ── Customers, signed up through the API ────────────────────────────────────────────
    const customers: Array<{ cookie: string; address: Address }> = [];
    for (let index = 0; index < customerCount; index += 1) {
      let cookie = '';
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(base + path, {
          method,
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        const setCookie = response.headers.get('set-cookie');
        if (setCookie) cookie = setCookie.split(';')[0]!;
        return (await response.json()) as { code: number; data: Record<string, unknown> & { body?: string } };
      };
      const email = `bench${index}-${Date.now() % 100_000}@coffer.test`;
      await call('POST', identityPaths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' });
      const outbox = (await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}&limit=1`)).json()) as {
        data: Array<{ body: string }>;
      };
      const code = /\b(\d{6})\b/.exec(outbox.data[0]!.body)![1]!;
      const registered = await call('POST', identityPaths.register, {
        accountType: 'email',
        account: email,
        countryCode: 'DE',
        code,
        password: 'Vault-Key-2026',
        confirmPassword: 'Vault-Key-2026',
        agreeTerms: true,
      });
      if (registered.code !== 0) throw new Error(`sign-up failed: ${JSON.stringify(registered)}`);
      const address = await call('GET', `${depositPaths.depositAddress}?coin=USDT&chain=ethereum`);
      customers.push({ cookie, address: address.data.address as Address });
    }
    if (process.env.BENCH_VERBOSE) console.warn('customers', customers.length);
    const recordsOf = async (cookie: string) => {
      const response = await fetch(base + depositPaths.dwRecords, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ pageSize: 1 }),
      });
      return ((await response.json()) as { data: { records: Array<{ status: number; progress: string }> } }).data.records[0];
    };

    // ── 1. Confirming block → credit visible through the API ───────────────────────────
    const liveWatcher = createDepositWatcher({
      db: database.db,
      ledger: createLedger(database.db, database.pool),
      settings: createDepositSettings(createAssetsModule({ db: database.db }).api),
      source: chain.source,
      logger,
      options: { initialLookback: 1 },
    });
    // The watcher has its cursor before any deposit arrives, as a running server would.
    await tickExclusively(database.db, liveWatcher);
    const runner = createWatcherRunner({ db: database.db, watchers: [liveWatcher], pollMs: config.DEPOSIT_POLL_MS, logger });
    runner.start();
    const latencies: number[] = [];
    for (let sample = 0; sample < latencySamples; sample += 1) {
      const customer = customers[sample % customers.length]!;
      await wallet.writeContract({
        account: localFunder,
        address: node.tokens.USDT,
        abi: cofferTestTokenAbi,
        functionName: 'mint',
        args: [customer.address, 5_000_000n],
      });
      await anvilControl.mine({ blocks: 10 });
      // Wait until the watcher has seen 11 of 12 confirmations, so the next block is the confirming one.
      for (;;) {
        const record = await recordsOf(customer.cookie);
        if (process.env.BENCH_VERBOSE) console.warn('waiting', sample, JSON.stringify(record));
        if (record?.progress === '11/12') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A random phase against the poll, as a block would arrive in real life.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * config.DEPOSIT_POLL_MS));
      const started = performance.now();
      await anvilControl.mine({ blocks: 1 });
      while ((await recordsOf(customer.cookie))?.status !== 1) await new Promise((resolve) => setTimeout(resolve, 10));
      latencies.push(performance.now() - started);
    }
    await runner.stop();
    latencies.sort((a, b) => a - b);
    const average = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
    console.warn(
      `confirming block → credit visible in the API (${latencySamples} USDT deposits, poll ${config.DEPOSIT_POLL_MS} ms): ` +
        `median ${percentile(latencies, 50).toFixed(0)} ms, mean ${average.toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms ` +
        `(target < 2000 ms: ${latencies.at(-1)! < 2000 ? 'met' : 'NOT met'})`,
    );

    // ── 2. Backlog of token transfers ──────────────────────────────────────────────────
    const batches = Math.ceil(backlogTransfers / transfersPerTransaction);
    for (let batch = 0; batch < batches; batch += 1) {
      const size = Math.min(transfersPerTransaction, backlogTransfers - batch * transfersPerTransaction);
      const to = Array.from(
        { length: size },
        (_, position) => customers[(batch * transfersPerTransaction + position) % customers.length]!.address,
      );
      const values = Array.from({ length: size }, (_, position) => 1_000_000n + BigInt(position));
      await wallet.writeContract({
        account: localFunder,
        address: node.tokens.USDT,
        abi: cofferTestTokenAbi,
        functionName: 'mintBatch',
        args: [to, values],
        gas: 15_000_000n,
      });
    }
    await anvilControl.mine({ blocks: 12 });
    const tip = await chain.source.tipHeight();
    // A process starting on the backlog: a fresh watcher from the persisted cursor.
    const watcher = createDepositWatcher({
      db: database.db,
      ledger: createLedger(database.db, database.pool),
      settings: createDepositSettings(createAssetsModule({ db: database.db }).api),
      source: chain.source,
      logger,
    });
    const started = performance.now();
    let detected = 0;
    let credited = 0;
    let scanned = 0;
    const spent = { readMs: 0, recordMs: 0, creditMs: 0 };
    for (;;) {
      const result = await tickExclusively(database.db, watcher);
      if (!result) throw new Error('the watcher lock is held elsewhere');
      detected += result.detected;
      credited += result.credited;
      scanned += result.scanned;
      if (process.env.BENCH_VERBOSE) console.warn(JSON.stringify(result), ((performance.now() - started) / 1000).toFixed(1));
      spent.readMs += result.timings.readMs;
      spent.recordMs += result.timings.recordMs;
      spent.creditMs += result.timings.creditMs;
      if (!result.hasMore && result.scanned === 0 && result.credited === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    console.warn(
      `backlog of ${backlogTransfers} token transfers in ${batches} blocks (+12 confirming, ${scanned} blocks read up to ${tip}): ` +
        `${detected} recorded and ${credited} credited in ${seconds.toFixed(2)} s → ${(credited / seconds).toFixed(0)} deposit events/s end to end ` +
        `(reading blocks ${(spent.readMs / 1000).toFixed(2)} s, recording ${(spent.recordMs / 1000).toFixed(2)} s → ${(detected / ((spent.readMs + spent.recordMs) / 1000)).toFixed(0)} detected/s; ` +
        `crediting ${(spent.creditMs / 1000).toFixed(2)} s → ${(credited / (spent.creditMs / 1000)).toFixed(0)} credited/s)`,
    );

    // ── Every transfer credited exactly once ───────────────────────────────────────────
    const check = await sql<{ deposits: string; credited: string; journals: string; total: string }>`
      select (select count(*) from deposit) as deposits,
             (select count(*) from deposit where status = 'credited') as credited,
             (select count(*) from journal where bill_type = 2001 and idempotency_key like 'deposit:ethereum:%') as journals,
             (select coalesce(sum(available), 0) from ledger_account where owner_type = 'customer' and asset = 'USDT') as total`.execute(
      database.db,
    );
    const row = check.rows[0]!;
    const expectedTotal =
      BigInt(latencySamples) * 5_000_000n +
      Array.from({ length: backlogTransfers }, (_, index) => 1_000_000n + BigInt(index % transfersPerTransaction)).reduce(
        (a, b) => a + b,
        0n,
      );
    const isExact =
      Number(row.deposits) === latencySamples + backlogTransfers &&
      row.credited === row.deposits &&
      row.journals === row.deposits &&
      BigInt(row.total) === expectedTotal;
    console.warn(
      `check: ${row.deposits} deposits, ${row.credited} credited, ${row.journals} ledger journals, customers hold ${row.total} USDT units (expected ${expectedTotal}): ${isExact ? 'exact' : 'MISMATCH'}`,
    );
    await app.close();
    if (!isExact) process.exitCode = 1;
  } finally {
    await anvil.stop();
    await database.close();
    await admin(`drop database if exists ${benchDb} with (force)`);
  }
}

await main();
