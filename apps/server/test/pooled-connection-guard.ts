import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionBuilder } from 'kysely';
import pg from 'pg';
import { afterEach } from 'vitest';

/**
 * A transaction that asks the pool for a second connection can wait for ever: under a burst its
 * twins hold the pool's other connections while they wait for its locks (a CI run lost a
 * 100-parallel withdrawal test so, when the coin catalogue's cache ran out mid-transaction).
 * Under the server tests every transaction's callback runs marked; a pooled connection asked
 * for inside one fails the test that was running, with the stack that asked.
 */
interface Guard {
  insideTransaction: AsyncLocalStorage<true>;
  violations: string[];
}

/** Once per module graph: test files that share one (`isolate: false`) run this file again each. */
const installed = Symbol.for('coffer.pooled-connection-guard');
const holder = TransactionBuilder.prototype as unknown as { [installed]?: Guard };
const guard: Guard = (holder[installed] ??= install());

function install(): Guard {
  const insideTransaction = new AsyncLocalStorage<true>();
  const violations: string[] = [];

  const execute = TransactionBuilder.prototype.execute;
  TransactionBuilder.prototype.execute = function guardedExecute<T>(this: TransactionBuilder<never>, callback: (trx: never) => Promise<T>) {
    if (openedByTest()) return execute.call(this, callback as never) as Promise<T>;
    return execute.call(this, (trx) => insideTransaction.run(true, () => callback(trx as never))) as Promise<T>;
  } as typeof execute;

  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function guardedConnect(this: pg.Pool, ...args: unknown[]) {
    if (insideTransaction.getStore()) {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 30;
      const stack = new Error('a pooled connection was asked for inside a transaction').stack ?? '';
      Error.stackTraceLimit = limit;
      violations.push(
        stack
          .split('\n')
          .filter((line) => !line.includes('pooled-connection-guard'))
          .join('\n'),
      );
    }
    return (connect as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof connect;

  return { insideTransaction, violations };
}

/** Frames of the helpers that open a transaction for their caller; the caller is the frame after them. */
const transactionHelpers = /[/\\](tenant-transaction)\.ts:/;

/** Whether a test opened this transaction itself (a race set up on purpose may send requests while it holds a lock). */
function openedByTest(): boolean {
  const frames = (new Error().stack ?? '').split('\n').slice(3);
  const caller = frames.find((frame) => !transactionHelpers.test(frame)) ?? '';
  return /\.test\.tsx?:/.test(caller);
}

afterEach(() => {
  const found = guard.violations.splice(0);
  if (found.length > 0) throw new Error(`${found.length} pooled connection(s) asked for inside a transaction:\n${found[0]}`);
});
