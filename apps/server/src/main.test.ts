import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { lstat, mkdtemp, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { identityPaths } from '@coffer/contract/identity-paths';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { freeLoopbackPort as freePort } from './platform/process/free-port';
import { isProcessAlive, programName, readProcessInfo } from './platform/process/child-processes';

/**
 * The server as `npm start` runs it (`tsx src/main.ts`, production, embedded PostgreSQL and
 * local chains), one Node process, so the test can kill exactly it.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent-web-dist', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, baseUrl: `http://127.0.0.1:${env.PORT}`, output, exited };
}

async function waitUntilReady(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output.join('')}`);
    const ready = await fetch(`${server.baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready in time:\n${server.output.join('')}`);
}

async function post(baseUrl: string, route: string, body: unknown): Promise<{ code: number; msg: string }> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string };
}

async function outboxCode(baseUrl: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
    const message = ((await response.json()) as { data: Array<{ body: string }> }).data[0];
    const match = message ? /\b(\d{6})\b/.exec(message.body) : null;
    if (match) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${to}`);
}

/** Processes of this program whose command line names `marker` (a data folder). */
function processesOf(program: string, marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcessInfo(Number(entry));
    if (info && !info.isZombie && programName(info) === program && info.argv.some((argument) => argument.includes(marker)))
      found.push(info.pid);
  }
  return found;
}

async function waitUntilGone(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(isProcessAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(isProcessAlive);
}

async function ports(): Promise<{ PORT: string; EMBEDDED_PG_PORT: string; EVM_LOCAL_PORT: string }> {
  const [server, database, chain] = [await freePort(), await freePort(), await freePort()];
  return { PORT: String(server), EMBEDDED_PG_PORT: String(database), EVM_LOCAL_PORT: String(chain) };
}

describe('the server process', () => {
  it('killed with SIGKILL during a burst of sign-ups, starts again on the same data and has every acknowledged account', async () => {
    // In the home folder with mode 700: as root (a fresh machine, a container) this is /root,
    // which the `postgres` user PostgreSQL runs as cannot enter.
    const dataDir = await mkdtemp(path.join(os.homedir(), '.coffer-crash-test-'));
    cleanups.push(async () => {
      const cluster = await lstat(path.join(dataDir, 'pg')).catch(() => null);
      if (cluster?.isSymbolicLink()) await rm(await readlink(path.join(dataDir, 'pg')), { recursive: true, force: true, maxRetries: 5 });
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    });
    const env = {
      ...(await ports()),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CODE_SENDS_PER_IP_PER_HOUR: '10000',
      CAPTCHA_AFTER_IP_FAILURES: '100000',
    };

    const first = startServer(env);
    await waitUntilReady(first);
    const emails = Array.from({ length: 40 }, (_, index) => `crash${index}x${Date.now() % 1_000_000}@coffer.test`);
    const sent = await Promise.all(
      emails.map((account) => post(first.baseUrl, identityPaths.registerCode, { accountType: 'email', account, countryCode: 'DE' })),
    );
    expect(sent.filter((answer) => answer.code !== 0)).toEqual([]);
    const codes = await Promise.all(emails.map((account) => outboxCode(first.baseUrl, account)));
    const clusterDir = await readlink(path.join(dataDir, 'pg')).catch(() => path.join(dataDir, 'pg'));
    const postmaster = Number.parseInt((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]!, 10);
    const anvils = processesOf('anvil', dataDir);
    expect(anvils).toHaveLength(1);

    const acknowledged: string[] = [];
    let failed = 0;
    let isKilled = false;
    await Promise.all(
      emails.map(async (account, index) => {
        try {
          const answer = await post(first.baseUrl, identityPaths.register, {
            accountType: 'email',
            account,
            countryCode: 'DE',
            code: codes[index],
            password: 'Vault-Key-2026',
            confirmPassword: 'Vault-Key-2026',
            agreeTerms: true,
          });
          expect(answer).toMatchObject({ code: 0 });
          acknowledged.push(account);
          if (acknowledged.length === 5) isKilled = first.child.kill('SIGKILL');
        } catch (error) {
          if (!isKilled) throw error;
          failed += 1;
        }
      }),
    );
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The kill fell in the middle of the burst.
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    expect(failed).toBeGreaterThan(0);
    // PostgreSQL and anvil do not outlive the server.
    expect(await waitUntilGone([postmaster, ...anvils], 20_000)).toEqual([]);

    const second = startServer(env);
    await waitUntilReady(second);
    const { embeddedDatabasePassword } = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      embeddedDatabasePassword: string;
    };
    const client = new pg.Client({
      host: '127.0.0.1',
      port: Number(env.EMBEDDED_PG_PORT),
      user: 'postgres',
      password: embeddedDatabasePassword,
      database: 'coffer',
    });
    await client.connect();
    try {
      const found = await client.query<{ email: string }>('select email from app_user where email = any($1)', [acknowledged]);
      expect(found.rows.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
    } finally {
      await client.end();
    }

    const running = [...processesOf('postgres', clusterDir), ...processesOf('anvil', dataDir)];
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    // Stopped by the shutdown itself, before the server exited.
    expect(running.filter(isProcessAlive)).toEqual([]);
  }, 300_000);

  it('with DATABASE_URL, SIGTERM stops the local chain and exits cleanly', async () => {
    const database = await createTestDatabase({ migrate: false });
    cleanups.push(() => database.drop());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-sigterm-test-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));
    const env = {
      ...(await ports()),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PASSWORD_PEPPER: 'a-test-pepper-of-at-least-thirty-two-characters',
      SECRET_KEY: 'cd'.repeat(32),
      DEV_OUTBOX: 'true',
      LOG_LEVEL: 'info',
    };
    Object.assign(env, { PUBLIC_ORIGIN: `http://127.0.0.1:${env.PORT}` });

    const server = startServer(env);
    await waitUntilReady(server);
    const anvils = processesOf('anvil', dataDir);
    expect(anvils).toHaveLength(1);
    expect(readProcessInfo(anvils[0]!)?.ppid).toBe(server.child.pid);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output.join('')).toContain('"msg":"stopped"');
    expect(anvils.filter(isProcessAlive)).toEqual([]);
  }, 200_000);
});
