import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { chmod, lstat, mkdtemp, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freeLoopbackPort as freePort } from '../process/free-port';
import { createLogger } from '../observability/logger';
import { isOrphaned, isProcessAlive, readProcessInfo } from '../process/child-processes';
import { findBinaries, startEmbeddedPostgres } from './embedded-postgres';

const logger = createLogger({ LOG_LEVEL: 'silent' });
const isRoot = process.getuid?.() === 0;
const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A data folder the test removes; reachable by the `postgres` user (as root). */
async function dataFolder(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-embedded-'));
  await chmod(dataDir, 0o755);
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function storedSecrets(dataDir: string): Promise<Record<string, string>> {
  return JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
}

/** As root, the user and group PostgreSQL runs as; otherwise ours. */
function postgresIds(): { uid?: number; gid?: number } {
  return isRoot ? { uid: Number(spawnSync('id', ['-u', 'postgres']).stdout), gid: Number(spawnSync('id', ['-g', 'postgres']).stdout) } : {};
}

describe('embedded PostgreSQL', () => {
  it('keeps its data between runs', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();

    const first = await startEmbeddedPostgres({ dataDir, port, logger });
    await query(first.url, "create table kept (note text); insert into kept values ('from the first run')");
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, port, logger });
    try {
      expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'from the first run' }]);
    } finally {
      await second.stop();
    }
  });

  it('uses a superuser password generated into secrets.json, not a fixed one', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    const database = await startEmbeddedPostgres({ dataDir, port, logger });
    cleanups.push(() => database.stop());

    const { embeddedDatabasePassword } = await storedSecrets(dataDir);
    expect(embeddedDatabasePassword).toMatch(/^[\w-]{32}$/);
    expect(new URL(database.url).password).toBe(embeddedDatabasePassword);
    expect(await query(database.url, 'select 1 as answer')).toEqual([{ answer: 1 }]);
    await expect(query(`postgres://postgres:coffer-embedded@127.0.0.1:${port}/coffer`, 'select 1')).rejects.toMatchObject({
      code: '28P01',
    });
  });

  it('moves a cluster made with the old fixed password to a generated one, keeping the other secrets', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, logger });
    await query(
      first.url,
      "alter role postgres with password 'coffer-embedded'; create table kept (note text); insert into kept values ('before the upgrade')",
    );
    await first.stop();
    // secrets.json as an older version wrote it: pepper and key, no database password.
    const older = { pepper: 'p'.repeat(44), key: 'ab'.repeat(32) };
    await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify(older), { mode: 0o600 });

    const upgraded = await startEmbeddedPostgres({ dataDir, port, logger });
    cleanups.push(() => upgraded.stop());
    const stored = await storedSecrets(dataDir);
    expect(stored).toMatchObject(older);
    expect(stored.embeddedDatabasePassword).toMatch(/^[\w-]{32}$/);
    expect(await query(upgraded.url, 'select note from kept')).toEqual([{ note: 'before the upgrade' }]);
    await expect(query(`postgres://postgres:coffer-embedded@127.0.0.1:${port}/coffer`, 'select 1')).rejects.toMatchObject({
      code: '28P01',
    });
  });

  it('stops a PostgreSQL left running by a killed server, then starts on the same data', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, logger });
    await query(first.url, "create table kept (note text); insert into kept values ('written before the crash')");
    await first.stop();

    // A postmaster whose server is gone: started from a shell that exits at once, so it is
    // re-parented to init as after `kill -9` of a server that could not take it along.
    const clusterDir = path.join(dataDir, 'pg');
    const { postgres } = await findBinaries();
    spawnSync(
      'sh',
      ['-c', '"$0" -D "$1" -p "$2" -c listen_addresses=127.0.0.1 >/dev/null 2>&1 &', postgres, clusterDir, String(port)],
      postgresIds(),
    );
    let orphanPid = 0;
    for (let attempt = 0; attempt < 100 && !orphanPid; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      orphanPid =
        Number.parseInt((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0] ?? '', 10) || 0;
    }
    const orphan = readProcessInfo(orphanPid);
    expect(orphan).not.toBeNull();
    expect(isOrphaned(orphan!)).toBe(true);
    cleanups.push(async () => (isProcessAlive(orphanPid) ? process.kill(orphanPid, 'SIGQUIT') : undefined));

    const second = await startEmbeddedPostgres({ dataDir, port, logger });
    cleanups.push(() => second.stop());
    expect(isProcessAlive(orphanPid)).toBe(false);
    expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'written before the crash' }]);
  });

  it('starts over a postmaster.pid whose number now belongs to another program (a restarted container)', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, logger });
    await first.stop();
    // Of PostgreSQL's own user: one of another user it could not signal, and would ignore.
    const other = spawn('sleep', ['300'], { stdio: 'ignore', ...postgresIds() });
    cleanups.push(async () => other.kill('SIGKILL'));
    const lockFile = path.join(dataDir, 'pg', 'postmaster.pid');
    await writeFile(
      lockFile,
      `${other.pid}\n${path.join(dataDir, 'pg')}\n1700000000\n${port}\n/tmp\n127.0.0.1\n  1234567  7654321\nready   \n`,
    );
    if (isRoot) spawnSync('chown', ['postgres:postgres', lockFile]);

    const second = await startEmbeddedPostgres({ dataDir, port, logger });
    cleanups.push(() => second.stop());
    expect(await query(second.url, 'select 1 as answer')).toEqual([{ answer: 1 }]);
    expect(isProcessAlive(other.pid!)).toBe(true);
  });

  it('leaves a PostgreSQL of a running server alone and says why it cannot start', async () => {
    const dataDir = await dataFolder();
    const running = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger });
    cleanups.push(() => running.stop());

    await expect(startEmbeddedPostgres({ dataDir, port: await freePort(), logger })).rejects.toThrow(
      /already running \(pid \d+\) under process \d+: another Coffer server uses this DATA_DIR/,
    );
    expect(await query(running.url, 'select 1 as answer')).toEqual([{ answer: 1 }]);
  });

  it("names PostgreSQL's own reason when it cannot start", async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    const taken: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));

    await expect(startEmbeddedPostgres({ dataDir, port, logger })).rejects.toThrow(/stopped during start-up[\s\S]*Address already in use/);
  });

  it('dies with the process that started it, even one killed with SIGKILL', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    // A server stand-in: starts the embedded PostgreSQL, prints its pid, waits to be killed.
    const script = `
      import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, 'embedded-postgres.ts'))};
      import { createLogger } from ${JSON.stringify(path.resolve(import.meta.dirname, '../observability/logger.ts'))};
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, logger: createLogger({ LOG_LEVEL: 'silent' }) });
      console.log('started');
      setInterval(() => {}, 1000);
    `;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => server.kill('SIGKILL'));
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve());
      server.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`)));
    });
    const postmasterPid = Number.parseInt((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]!, 10);
    expect(readProcessInfo(postmasterPid)?.ppid).toBe(server.pid);

    server.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    while (isProcessAlive(postmasterPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isProcessAlive(postmasterPid)).toBe(false);
  });

  it('starts with DATA_DIR in a private (mode 700) folder of the home directory, as root too', async () => {
    // As root PostgreSQL runs as the `postgres` user, which cannot enter /root: the cluster
    // is placed where it can reach it and DATA_DIR/pg links there.
    const dataDir = await mkdtemp(path.join(os.homedir(), '.coffer-private-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const relocationRoot = await mkdtemp(path.join(os.tmpdir(), 'coffer-relocated-'));
    await chmod(relocationRoot, 0o755);
    cleanups.push(() => rm(relocationRoot, { recursive: true, force: true }));
    const port = await freePort();

    const first = await startEmbeddedPostgres({ dataDir, port, logger, relocationRoot });
    await query(first.url, "create table kept (note text); insert into kept values ('private')");
    await first.stop();
    const second = await startEmbeddedPostgres({ dataDir, port, logger, relocationRoot });
    cleanups.push(() => second.stop());
    expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'private' }]);

    const clusterEntry = await lstat(path.join(dataDir, 'pg'));
    if (isRoot) {
      expect(clusterEntry.isSymbolicLink()).toBe(true);
      expect(path.dirname(await readlink(path.join(dataDir, 'pg')))).toBe(relocationRoot);
    } else {
      expect(clusterEntry.isDirectory()).toBe(true);
    }
  });

  it('an existing cluster that PostgreSQL can no longer reach is not moved: the error says what to do', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, logger });
    await first.stop();
    await chmod(dataDir, 0o700);

    if (isRoot) {
      await expect(startEmbeddedPostgres({ dataDir, port, logger })).rejects.toThrow(
        new RegExp(
          `cannot reach its data in ${dataDir}/pg: ${dataDir} is closed to it\\..*DATA_DIR=/var/lib/coffer-data npm start.*chmod o\\+x ${dataDir}`,
        ),
      );
      expect((await lstat(path.join(dataDir, 'pg'))).isDirectory()).toBe(true);
    } else {
      // Not root: PostgreSQL runs as this user, who owns the folder.
      const second = await startEmbeddedPostgres({ dataDir, port, logger });
      await second.stop();
    }
  });
});
