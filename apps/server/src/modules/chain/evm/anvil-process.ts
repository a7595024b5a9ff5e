import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

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

/** A free loopback port, asked of the kernel. */
export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
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

/** Starts anvil on loopback and waits until its JSON-RPC answers. */
export async function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const args = ['--host', '127.0.0.1', '--port', String(options.port), '--chain-id', String(options.chainId), '--silent'];
  if (options.blockTimeSeconds !== null) args.push('--block-time', String(options.blockTimeSeconds));
  if (options.stateDir) {
    await mkdir(options.stateDir, { recursive: true });
    // Loaded at start, written on exit and every 30 s, so a crash loses at most 30 s of chain.
    args.push('--state', path.join(options.stateDir, 'state.json'), '--state-interval', '30');
  }
  const child: ChildProcess = spawn(resolveAnvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const rpcUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  while (!(await rpcAnswers(rpcUrl))) {
    if (hasExited) throw new Error(`anvil exited at start: ${stderr.trim() || 'no output'}`);
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
