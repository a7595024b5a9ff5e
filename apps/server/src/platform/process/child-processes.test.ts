import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { dyingWithParent, isOrphaned, isProcessAlive, readProcessInfo, stopProcess, waitForExit } from './child-processes';

const leftovers: number[] = [];

afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * Starts a Node "server" that spawns `sleep 300` with the given command line and prints the
 * sleep's pid; answers both pids.
 */
async function serverWithChild(launch: { command: string; args: string[] }): Promise<{ serverPid: number; childPid: number }> {
  const script = `
    const { spawn } = require('node:child_process');
    const [command, ...args] = JSON.parse(process.argv[1]);
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    console.log(child.pid);
    setInterval(() => {}, 1000);
  `;
  const server = spawn(process.execPath, ['-e', script, JSON.stringify([launch.command, ...launch.args])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  leftovers.push(server.pid!);
  const childPid = await new Promise<number>((resolve, reject) => {
    server.stdout.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  leftovers.push(childPid);
  // setpriv has exec'd the command once the command line is the command's own.
  for (let attempt = 0; attempt < 50 && readProcessInfo(childPid)?.argv[0] !== 'sleep'; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return { serverPid: server.pid!, childPid };
}

describe('child processes', () => {
  it('a child started through dyingWithParent stops when its server is killed with SIGKILL; a plain one is left behind', async () => {
    const guarded = await serverWithChild(dyingWithParent('sleep', ['300']));
    const plain = await serverWithChild({ command: 'sleep', args: ['300'] });
    expect(readProcessInfo(guarded.childPid)).toMatchObject({ ppid: guarded.serverPid, argv: ['sleep', '300'] });
    expect(isOrphaned(readProcessInfo(guarded.childPid)!)).toBe(false);

    process.kill(guarded.serverPid, 'SIGKILL');
    process.kill(plain.serverPid, 'SIGKILL');

    expect(await waitForExit(guarded.childPid, 5_000)).toBe(true);
    // The plain child lives on, re-parented away from any Coffer server: an orphan.
    expect(await waitForExit(plain.childPid, 500)).toBe(false);
    expect(isOrphaned(readProcessInfo(plain.childPid)!)).toBe(true);
    expect(await stopProcess(plain.childPid, [{ signal: 'SIGTERM', waitMs: 5_000 }])).toBe(true);
    expect(isProcessAlive(plain.childPid)).toBe(false);
  });

  it('reads a process from /proc: its parent and its command line', async () => {
    const child = spawn('sleep', ['300'], { stdio: 'ignore' });
    leftovers.push(child.pid!);

    expect(readProcessInfo(child.pid!)).toEqual({ pid: child.pid, ppid: process.pid, argv: ['sleep', '300'], isZombie: false });
    expect(isOrphaned(readProcessInfo(child.pid!)!)).toBe(false);
    expect(await stopProcess(child.pid!, [{ signal: 'SIGINT', waitMs: 5_000 }])).toBe(true);
    expect(readProcessInfo(2 ** 22 + 1)).toBeNull();
  });
});
