import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedDatabaseUrl } from '../../apps/server/src/platform/db/embedded-database-url';
import { freeLoopbackPort } from '../../apps/server/src/platform/process/free-port';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface CofferProcess {
  baseUrl: string;
  /** The embedded database the process runs on, for tests that seed data. */
  databaseUrl: string;
  /** JSON-RPC of the local chain (anvil) the process started. */
  evmRpcUrl: string;
  /**
   * Where the process keeps its data and database, for a command run beside it as an operator
   * would (`npm run operator`, which finds the running embedded database and the server's key there).
   */
  dataEnv: { DATA_DIR: string; EMBEDDED_PG_PORT: string; PORT: string };
  output: string[];
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Coffer exited with ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Coffer not ready within ${timeoutMs} ms`);
}

/** True while a process of the group is running (zombies, already finished, do not count). */
function isGroupRunning(groupId: number): boolean {
  if (!existsSync('/proc/self/stat')) {
    try {
      process.kill(-groupId, 0);
      return true;
    } catch {
      return false;
    }
  }
  return readdirSync('/proc').some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(group) === groupId && state !== 'Z';
    } catch {
      return false;
    }
  });
}

/**
 * Runs Coffer exactly as `npm start` does (build, embedded PostgreSQL, migrations, jobs) on
 * a port and data folder of its own; `stop` sends SIGTERM and removes the data.
 */
export async function startCoffer(options: { port?: number; env?: Record<string, string> } = {}): Promise<CofferProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-run-'));
  // As root, the embedded PostgreSQL runs as a `postgres` user, which must reach the folder.
  await chmod(dataDir, 0o755);
  const port = options.port ?? (await freeLoopbackPort());
  const [databasePort, chainPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
  const output: string[] = [];
  const server = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(databasePort),
      EVM_LOCAL_PORT: String(chainPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-server.pid!, signal);
    } catch {
      // already gone
    }
  };

  const stop = async () => {
    // npm leaves at once on SIGTERM; the server itself takes a few seconds to stop its
    // database and local chain (processes of their own groups), so wait for the whole group.
    signalGroup('SIGTERM');
    const deadline = Date.now() + 20_000;
    while (isGroupRunning(server.pid!) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Whatever of the group outlived the shutdown (a stuck child) goes now.
    signalGroup('SIGKILL');
    server.stdout?.destroy();
    server.stderr?.destroy();
    // A database or chain that had to die with a killed server may still be writing its last files.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, server, 180_000);
  } catch (error) {
    console.error(output.join(''));
    signalGroup('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const databaseUrl = options.env?.DATABASE_URL || (await embeddedDatabaseUrl(dataDir, databasePort));
  const dataEnv = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(databasePort), PORT: String(port) };
  return { baseUrl, databaseUrl, evmRpcUrl: `http://127.0.0.1:${chainPort}`, dataEnv, output, stop };
}
