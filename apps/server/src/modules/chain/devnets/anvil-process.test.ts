import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isOrphaned, isProcessAlive, programName, readProcessInfo } from '../../../platform/process/child-processes';
import { freeLoopbackPort } from '../../../platform/process/free-port';
import { resolveAnvilBinary, startAnvil, type AnvilProcess } from './anvil-process';

const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function stateFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'coffer-anvil-'));
  cleanups.push(async () => {
    // Whatever anvil a failed test left on this state goes with its folder.
    for (const pid of anvilPidsOn(folder)) process.kill(pid, 'SIGKILL');
    await rm(folder, { recursive: true, force: true });
  });
  return folder;
}

async function start(stateDir: string): Promise<AnvilProcess> {
  const anvil = await startAnvil({ port: await freeLoopbackPort(), chainId: 31_337, blockTimeSeconds: null, stateDir });
  cleanups.push(() => anvil.stop());
  return anvil;
}

/** The anvil processes running on `stateDir`, found by their command line. */
function anvilPidsOn(stateDir: string): number[] {
  const stateFile = path.join(stateDir, 'state.json');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcessInfo(Number(entry)))
    .filter((info) => info !== null && !info.isZombie && programName(info) === 'anvil' && info.argv.includes(stateFile))
    .map((info) => info!.pid);
}

function anvilPidOn(stateDir: string): number | null {
  const found = anvilPidsOn(stateDir);
  return found.length === 1 ? found[0]! : null;
}

describe('the local anvil process', () => {
  it('stops an anvil that a killed server left running on the same state before starting a new one', async () => {
    const stateDir = await stateFolder();
    // Left behind: started from a shell that exits at once, so it is re-parented to init.
    const oldPort = await freeLoopbackPort();
    spawnSync('sh', [
      '-c',
      '"$0" --port "$1" --silent --state "$2" >/dev/null 2>&1 &',
      resolveAnvilBinary(),
      String(oldPort),
      path.join(stateDir, 'state.json'),
    ]);
    let leftover: number | null = null;
    for (let attempt = 0; attempt < 50 && leftover === null; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      leftover = anvilPidOn(stateDir);
    }
    expect(leftover).not.toBeNull();
    cleanups.push(async () => (isProcessAlive(leftover!) ? process.kill(leftover!, 'SIGKILL') : undefined));
    expect(isOrphaned(readProcessInfo(leftover!)!)).toBe(true);

    const anvil = await start(stateDir);

    expect(isProcessAlive(leftover!)).toBe(false);
    const current = anvilPidOn(stateDir);
    expect(current).not.toBe(leftover);
    expect(readProcessInfo(current!)?.ppid).toBe(process.pid);
    const answer = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    expect(((await answer.json()) as { result: string }).result).toBe('0x7a69');
  });

  it("leaves a running server's anvil alone and says why it cannot start", async () => {
    const stateDir = await stateFolder();
    await start(stateDir);
    const running = anvilPidOn(stateDir);
    expect(running).not.toBeNull();

    await expect(start(stateDir)).rejects.toThrow(
      /already running \(anvil pid \d+\) under process \d+: another Coffer server uses this DATA_DIR/,
    );
    expect(anvilPidOn(stateDir)).toBe(running);
  });
});
