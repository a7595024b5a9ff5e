import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Helpers for the processes the server starts beside itself (the embedded PostgreSQL, the
 * local anvil chain): make them die with the server, and recognise one that a server killed
 * with SIGKILL left behind, so the next start can stop it instead of failing on it.
 */

/** What `/proc` says about a process (Linux only). */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line; empty for a zombie. */
  argv: string[];
  /** Exited but not yet reaped by its parent: gone for every purpose here. */
  isZombie: boolean;
}

const hasProcFs = process.platform === 'linux' && existsSync('/proc/self/stat');

/** True where `/proc` can tell us about other processes (Linux). */
export function canInspectProcesses(): boolean {
  return hasProcFs;
}

export function readProcessInfo(pid: number): ProcessInfo | null {
  if (!hasProcFs || !Number.isInteger(pid) || pid <= 0) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid …`; comm may itself hold spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const argv = cmdline === '' ? [] : cmdline.replace(/\0$/, '').split('\0');
    return { pid, ppid: Number.parseInt(ppid ?? '', 10), argv, isZombie: state === 'Z' || state === 'X' };
  } catch {
    return null;
  }
}

export function isProcessAlive(pid: number): boolean {
  if (hasProcFs) {
    const info = readProcessInfo(pid);
    return info !== null && !info.isZombie;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The executable's file name, `postgres` for `/opt/…/bin/postgres`. */
export function programName(info: ProcessInfo): string {
  return path.basename(info.argv[0] ?? '');
}

/**
 * True when no Coffer server is the parent of this process any more: it was re-parented to
 * init (or to a reaper such as tini or `systemd --user`, which is not a Node process). A
 * server is a Node process, and it is the direct parent of what it starts.
 */
export function isOrphaned(info: ProcessInfo): boolean {
  if (info.ppid <= 1) return true;
  const parent = readProcessInfo(info.ppid);
  if (!parent || parent.isZombie) return true;
  return !/^node(js)?(\d+)?(\.exe)?$/.test(programName(parent));
}

/** Polls until the process is gone; false when it is still there after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Stops a process with each signal in turn, waiting the given time after each; true once it
 * is gone.
 */
export async function stopProcess(pid: number, steps: Array<{ signal: NodeJS.Signals; waitMs: number }>): Promise<boolean> {
  for (const step of steps) {
    try {
      process.kill(pid, step.signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
      throw error;
    }
    if (await waitForExit(pid, step.waitMs)) return true;
  }
  return !isProcessAlive(pid);
}

let setprivPath: string | null | undefined;

/** util-linux `setpriv` where it can set the parent-death signal (Linux, util-linux ≥ 2.33). */
function findSetpriv(): string | null {
  if (process.platform !== 'linux') return null;
  for (const candidate of ['/usr/bin/setpriv', '/bin/setpriv']) {
    if (!existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['--pdeathsig', 'SIGINT', '--', 'true'], { stdio: 'ignore', timeout: 5_000 });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/**
 * The command line that runs `command` so the kernel sends it SIGINT when the process that
 * spawned it dies, however it dies (Node has no `prctl(PR_SET_PDEATHSIG)`; `setpriv` sets it
 * and then execs the command, which stays the spawner's direct child). SIGINT is the clean
 * stop of both PostgreSQL (fast shutdown) and anvil (writes its state). Where `setpriv` is
 * missing the command runs as it is, and the next start stops what was left behind.
 */
export function dyingWithParent(command: string, args: string[]): { command: string; args: string[] } {
  if (setprivPath === undefined) setprivPath = findSetpriv();
  if (!setprivPath) return { command, args };
  return { command: setprivPath, args: ['--pdeathsig', 'SIGINT', '--', command, ...args] };
}
