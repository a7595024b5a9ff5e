/**
 * bench/apikeys: the customer's asset summary (`GET /wallet/client/head-asset`) over HTTP at 32
 * concurrent clients (BENCH_CLIENTS), once with the session cookie and once signed with an API
 * key (Ed25519 signature checked, nonce stored in PostgreSQL, key from the per-node cache, answer
 * signed with the platform key), in one run against one app. Issue 16's target: the signed read
 * at ≥ 0.8× the cookie read.
 *
 * The app listens on a loopback port in this process; requests are made with fetch (keep-alive).
 * So that the signed case measures the server and not this process signing, its requests are
 * signed before its clock starts (each with its own nonce, all within the ±30 s window). The
 * cases alternate (cookie, signed, cookie, signed, …; BENCH_ROUNDS rounds, default 3) after a few
 * seconds of each to warm up, and each rate is the median of its runs, so one noisy run on a
 * shared machine moves neither figure.
 * The server checks and makes the Ed25519 signatures on libuv's thread pool (off its event loop).
 * Uses BENCH_DATABASE_URL (default: the local server at 127.0.0.1:5432, user postgres); creates
 * and drops its own database.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  apiKeyPaths,
  apiSigningHeaders,
  canonicalRequestString,
  emptyBodySha256,
  identityPaths,
  walletPaths,
  type ApiKeyPendingChange,
} from '@coffer/contract';
import { admin, urlFor } from '../lib/bench-database';
import { buildApp } from '../../apps/server/src/app';
import { migrations } from '../../apps/server/src/migrations';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate';
import { createMetrics } from '../../apps/server/src/platform/observability/metrics';
import { createLogger } from '../../apps/server/src/platform/observability/logger';
import { createMemoryBlobStore } from '../../apps/server/src/platform/storage';

const clients = Number(process.env.BENCH_CLIENTS ?? 32);
const secondsPerCase = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const benchDb = 'coffer_bench_apikeys';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

async function main(): Promise<void> {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const database = openDatabase(urlFor(benchDb), { max: clients + 8 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DEV_OUTBOX: 'true',
    // The bench is one client from one address: no per-key or per-IP limit may be what it measures.
    API_KEY_RATE_PER_SECOND: '10000',
    API_KEY_RATE_BURST: '100000',
    CODE_SENDS_PER_IP_PER_HOUR: '100000',
  });
  try {
    await migrateToLatest(database.db, migrations);
    const app = await buildApp({
      config,
      logger: createLogger(config),
      db: database.db,
      metrics: createMetrics(),
      jobs: null,
      version: '0.0.0-bench',
      secrets: { pepper: randomBytes(32), key: randomBytes(32) },
      blobs: createMemoryBlobStore(),
      pool: database.pool,
      asyncCommitPool: database.asyncCommitPool,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const customer = await signUp(base);
      const key = await createKey(base, customer);
      console.log(`asset summary over HTTP, ${clients} clients, ${secondsPerCase} s per case:`);
      // Warm-up (JIT, plans, caches): a few seconds of each, not counted.
      await measure('warm-up cookie', () => ({ cookie: customer.cookie }), 3);
      const warmSigned = presign(key, 20_000);
      await measure('warm-up signed', () => warmSigned.next(), 3);
      const cookieRates: number[] = [];
      const signedRates: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        cookieRates.push(await measure(`cookie (run ${round + 1})`, () => ({ cookie: customer.cookie })));
        const signedHeaders = presign(key, Math.ceil(Math.max(...cookieRates) * secondsPerCase * 1.6) + 1000);
        signedRates.push(await measure(`signed (run ${round + 1})`, () => signedHeaders.next()));
      }
      const cookie = median(cookieRates);
      const signed = median(signedRates);
      const ratio = signed / cookie;
      console.log(
        `median of ${rounds} runs: signed ${signed.toFixed(0)}/s vs cookie ${cookie.toFixed(0)}/s: ${ratio.toFixed(2)}× (target ≥ 0.80: ${ratio >= 0.8 ? 'met' : 'MISSED'})`,
      );

      async function measure(name: string, headersOf: () => Record<string, string>, seconds = secondsPerCase): Promise<number> {
        const latencies: number[] = [];
        let failures = 0;
        const until = performance.now() + seconds * 1000;
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (performance.now() < until) {
              const started = performance.now();
              const response = await fetch(`${base}${walletPaths.headAsset}`, { headers: headersOf() });
              const body = (await response.json()) as Envelope;
              if (body.code !== 0) failures += 1;
              latencies.push(performance.now() - started);
            }
          }),
        );
        if (failures > 0) throw new Error(`${name}: ${failures} requests failed`);
        latencies.sort((a, b) => a - b);
        const rate = latencies.length / seconds;
        const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!.toFixed(1);
        console.log(
          `  ${name.padEnd(18)} ${rate.toFixed(0).padStart(6)} reads/s   p50 ${at(0.5).padStart(6)} ms   p99 ${at(0.99).padStart(6)} ms`,
        );
        return rate;
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await admin(`drop database if exists ${benchDb} with (force)`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface Customer {
  email: string;
  cookie: string;
}

async function post<T>(
  base: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<{ envelope: Envelope<T>; setCookie: string | null }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return { envelope, setCookie: response.headers.get('set-cookie') };
}

/** The newest six-digit code the dev outbox holds for an address. */
async function latestCode(base: string, to: string): Promise<string> {
  const response = await fetch(`${base}/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const body = ((await response.json()) as Envelope<Array<{ body: string }>>).data[0]?.body ?? '';
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`no code for ${to}`);
  return match[1]!;
}

async function signUp(base: string): Promise<Customer> {
  const email = `bench${Date.now()}@coffer.test`;
  await post(base, identityPaths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' });
  const password = 'Vault-Key-2026';
  const registered = await post(base, identityPaths.register, {
    accountType: 'email',
    account: email,
    countryCode: 'DE',
    code: await latestCode(base, email),
    password,
    confirmPassword: password,
    agreeTerms: true,
  });
  const cookie = registered.setCookie?.split(';')[0];
  if (!cookie) throw new Error('registration set no session cookie');
  return { email, cookie };
}

interface BenchKey {
  accessKey: string;
  privateKey: ReturnType<typeof generateKeyPairSync>['privateKey'];
}

/** A read-only key through both steps (pre-request, e-mail code, verified request). */
async function createKey(base: string, customer: Customer): Promise<BenchKey> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const pending = await post<ApiKeyPendingChange>(
    base,
    apiKeyPaths.create,
    { label: 'bench', publicKey: publicKeyPem, rights: ['read'], ips: '' },
    customer.cookie,
  );
  const change = pending.envelope.data;
  await post(base, apiKeyPaths.sendCode, { changeId: change.changeId, channel: 'email' }, customer.cookie);
  const made = await post<{ accessKey: string }>(
    base,
    apiKeyPaths.verifyCreate,
    { changeId: change.changeId, emailCode: await latestCode(base, customer.email) },
    customer.cookie,
  );
  return { accessKey: made.envelope.data.accessKey, privateKey };
}

/** `count` signed header sets for the asset summary, each with its own nonce, made now. */
function presign(key: BenchKey, count: number): { next(): Record<string, string> } {
  const timestamp = String(Date.now());
  const sets: Record<string, string>[] = [];
  for (let index = 0; index < count; index += 1) {
    const nonce = randomBytes(18).toString('base64url');
    const text = canonicalRequestString({ method: 'GET', url: walletPaths.headAsset, bodySha256Hex: emptyBodySha256, timestamp, nonce });
    sets.push({
      [apiSigningHeaders.accessKey]: key.accessKey,
      [apiSigningHeaders.timestamp]: timestamp,
      [apiSigningHeaders.nonce]: nonce,
      [apiSigningHeaders.signature]: sign(null, Buffer.from(text), key.privateKey).toString('base64'),
    });
  }
  let used = 0;
  return {
    next() {
      const set = sets[used];
      used += 1;
      if (!set) throw new Error('ran out of signed requests: raise the pre-signed count');
      return set;
    },
  };
}

// A hash of nothing must be what the contract says (the GET's body line).
if (createHash('sha256').update('').digest('hex') !== emptyBodySha256) throw new Error('empty body hash');

await main();
