import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../../../platform/observability/logger';
import {
  canInspectProcesses,
  dyingWithParent,
  isOrphaned,
  programName,
  readProcessInfo,
  stopProcess,
} from '../../../platform/process/child-processes';

const require = createRequire(import.meta.url);

/** `@foundry-rs/anvil` ships its binary in one optional package per platform. */
const platformPackages: Record<string, string> = {
  'linux-x64': 'anvil-linux-amd64',
  'linux-arm64': 'anvil-linux-arm64',
  'darwin-x64': 'anvil-darwin-amd64',
  'darwin-arm64': 'anvil-darwin-arm64',
  'win32-x64': 'anvil-win32-amd64',
};

/** The anvil binary of the installed `@foundry-rs/anvil`, found the way its own launcher does. */
export function resolveAnvilBinary(): string {
  const platformPackage = platformPackages[`${process.platform}-${process.arch}`];
  if (!platformPackage) throw new Error(`anvil has no binary for ${process.platform}-${process.arch}`);
  // Resolved from the wrapper package, whose optional dependency the platform package is.
  const wrapper = require.resolve('@foundry-rs/anvil/package.json');
  const fromWrapper = createRequire(wrapper);
  const manifest = fromWrapper.resolve(`@foundry-rs/${platformPackage}/package.json`);
  const binary = path.join(path.dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}; reinstall @foundry-rs/anvil`);
  return binary;
}

export interface AnvilOptions {
  port: number;
  chainId: number;
  /** Seconds between blocks; `null` mines only on demand (`anvil_mine`, or one block per transaction). */
  blockTimeSeconds: number | null;
  /** Folder keeping the chain between runs (`state.json`); `null` for a throw-away chain. */
  stateDir: string | null;
  /** Timeout for the RPC to answer after start. */
  startTimeoutMs?: number;
  logger?: Logger;
}

export interface AnvilProcess {
  rpcUrl: string;
  chainId: number;
  /** Stops anvil; with a state folder it writes the chain there first. */
  stop(): Promise<void>;
}

async function rpcAnswers(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** The anvil processes running on this state file, found by their command line. */
function anvilsOnState(stateFile: string): Array<{ pid: number; isOrphaned: boolean; ppid: number }> {
  const found: Array<{ pid: number; isOrphaned: boolean; ppid: number }> = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number.parseInt(entry, 10);
    if (!Number.isInteger(pid) || String(pid) !== entry || pid === process.pid) continue;
    const info = readProcessInfo(pid);
    if (!info || info.isZombie || programName(info) !== 'anvil') continue;
    const stateIndex = info.argv.indexOf('--state');
    if (stateIndex < 0 || path.resolve(info.argv[stateIndex + 1] ?? '') !== stateFile) continue;
    found.push({ pid, ppid: info.ppid, isOrphaned: isOrphaned(info) });
  }
  return found;
}

/**
 * An anvil that a server killed with SIGKILL left running on this state file would keep
 * writing its own chain over the new one's every 30 s: it is stopped (SIGINT: it writes its
 * state first) before the new one loads the state. One whose parent is a live server is left
 * alone and the start refused.
 */
async function stopLeftoverAnvil(stateFile: string, logger: Logger | undefined): Promise<void> {
  if (!canInspectProcesses()) return;
  for (const leftover of anvilsOnState(stateFile)) {
    if (!leftover.isOrphaned) {
      throw new Error(
        `the local chain of ${path.dirname(stateFile)} is already running (anvil pid ${leftover.pid}) under process ${leftover.ppid}: ` +
          'another Coffer server uses this DATA_DIR. Stop that server, or start this one with another DATA_DIR.',
      );
    }
    logger?.warn({ pid: leftover.pid, stateFile }, 'stopping the local chain (anvil) left running by a server that was killed');
    const stopped = await stopProcess(leftover.pid, [
      { signal: 'SIGINT', waitMs: 15_000 },
      { signal: 'SIGKILL', waitMs: 5_000 },
    ]);
    if (!stopped) throw new Error(`the anvil left running by a killed server (pid ${leftover.pid}) did not stop`);
  }
}

/** Starts anvil on loopback and waits until its JSON-RPC answers. */
export async function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const args = ['--host', '127.0.0.1', '--port', String(options.port), '--chain-id', String(options.chainId), '--silent'];
  if (options.blockTimeSeconds !== null) args.push('--block-time', String(options.blockTimeSeconds));
  if (options.stateDir) {
    await mkdir(options.stateDir, { recursive: true });
    const stateFile = path.resolve(options.stateDir, 'state.json');
    await stopLeftoverAnvil(stateFile, options.logger);
    // Loaded at start, written on exit and every 30 s, so a crash loses at most 30 s of chain.
    args.push('--state', stateFile, '--state-interval', '30');
  }
  // Dies with the server (SIGINT, so it writes its state), in a process group of its own so
  // Ctrl-C in a terminal reaches only the server, which stops anvil in its shutdown.
  const launch = dyingWithParent(resolveAnvilBinary(), args);
  const child: ChildProcess = spawn(launch.command, launch.args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: process.platform !== 'win32',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? os.tmpdir() },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      stderr += error.message;
      resolve(null);
    });
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const rpcUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  for (;;) {
    if (hasExited) throw new Error(`anvil exited at start: ${stderr.trim() || 'no output'}`);
    // Checked again after an answer: one from another process on the port is not this anvil's.
    if ((await rpcAnswers(rpcUrl)) && !hasExited) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer on ${rpcUrl}: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    rpcUrl,
    chainId: options.chainId,
    async stop() {
      if (hasExited) return;
      // SIGINT is anvil's Ctrl-C: it dumps the state before leaving.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
