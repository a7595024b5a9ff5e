import { type AccountSocketMessage, accountEventPaths, identityPaths, walletPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/observability/logger';
import { signUpByEmail } from '../../../test/identity-helpers';
import { setUpServerProcesses, socketOpened } from '../../../test/server-processes';
import { findLiveSessionIds } from '../identity';
import { createLedger } from '../ledger/ledger.service';
import { createAccountFeed } from './account-feed';

const processes = setUpServerProcesses({ poolSize: 4 });

/** A server process with a ledger over its own pool. */
async function startServer() {
  const server = await processes.start();
  return { ...server, ledger: createLedger(server.handle.db, server.handle.pool) };
}

interface Received {
  message: AccountSocketMessage;
  at: number;
}

/** An account socket that keeps every message with its arrival time, and its close code. */
async function openAccountSocket(url: string, headers: Record<string, string>) {
  const socket = processes.openSocket(`${url}${accountEventPaths.accountSocket}`, { headers });
  const received: Received[] = [];
  socket.on('message', (data) => received.push({ message: JSON.parse(String(data)) as AccountSocketMessage, at: Date.now() }));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await socketOpened(socket);
  const next = async (type: AccountSocketMessage['type'], after = 0) => {
    await expect
      .poll(() => received.some((entry) => entry.message.type === type && entry.at >= after), { timeout: 5_000, interval: 20 })
      .toBe(true);
    return received.find((entry) => entry.message.type === type && entry.at >= after)!;
  };
  return { socket, received, closed, next, balanceEvents: () => received.filter((entry) => entry.message.type === 'balances').length };
}

async function customer(app: FastifyInstance, name: string) {
  const { client, userNo } = await signUpByEmail(app, `${name}-${Date.now() % 100000}@coffer.test`);
  const user = await processes.database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  return { client, userId: user.id, cookie: client.cookie! };
}

/** Waits out the relay and delivery of anything still on its way. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 800));

describe('the account socket across server processes', () => {
  it("tells only the customer's own sockets, on either process, within a second of the commit", async () => {
    const first = await startServer();
    const second = await startServer();
    const alice = await customer(first.app, 'alice');
    const bob = await customer(first.app, 'bob');
    // Alice's page is served by the second process; Bob is a native app on the first (`jwt-token`).
    const aliceSocket = await openAccountSocket(second.url, { cookie: alice.cookie });
    const bobSocket = await openAccountSocket(first.url, { 'jwt-token': bob.cookie.slice(bob.cookie.indexOf('=') + 1) });
    await aliceSocket.next('ready');
    await bobSocket.next('ready');

    // A deposit credit committed by the first process (through its group-commit batcher).
    const omnibus = await first.ledger.platformAccount('omnibus', 'USDT');
    const committedAt = Date.now();
    await first.ledger.transfer({
      idempotencyKey: 'deposit:test:1',
      billType: 2001,
      from: omnibus,
      to: await first.ledger.customerAccount(alice.userId, 'USDT'),
      amount: 25_000_000n,
    });
    const event = await aliceSocket.next('balances', committedAt);
    expect(event.at - committedAt).toBeLessThan(1_000);
    // The event comes after the commit: the balance read on it is the new one.
    const assets = await alice.client.get(`${walletPaths.bitAssets}?coin=USDT`);
    expect(assets.body.data.rows.find((row: { coin: string }) => row.coin === 'USDT')?.available).toBe('25');

    await settle();
    expect(bobSocket.balanceEvents()).toBe(0);

    // A transfer between them is one journal naming both: each hears it once.
    const before = { alice: aliceSocket.balanceEvents(), bob: bobSocket.balanceEvents() };
    await second.ledger.transfer({
      idempotencyKey: 'transfer:test:1',
      billType: 2004,
      from: await second.ledger.customerAccount(alice.userId, 'USDT'),
      to: await second.ledger.customerAccount(bob.userId, 'USDT'),
      amount: 5_000_000n,
    });
    await bobSocket.next('balances', committedAt);
    await settle();
    expect({ alice: aliceSocket.balanceEvents() - before.alice, bob: bobSocket.balanceEvents() - before.bob }).toEqual({
      alice: 1,
      bob: 1,
    });
  }, 30_000);

  it('announces a journal inside a caller transaction only when it commits', async () => {
    const server = await startServer();
    const carol = await customer(server.app, 'carol');
    const socket = await openAccountSocket(server.url, { cookie: carol.cookie });
    await socket.next('ready');
    const ledger = createLedger(server.handle.db);
    const omnibus = await ledger.platformAccount('omnibus', 'USDT');
    const wallet = await ledger.customerAccount(carol.userId, 'USDT');

    await expect(
      server.handle.db.transaction().execute(async (trx) => {
        await ledger.transfer(
          { idempotencyKey: 'deposit:test:rolled-back', billType: 2001, from: omnibus, to: wallet, amount: 1_000_000n },
          trx,
        );
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await settle();
    expect(socket.balanceEvents()).toBe(0);

    const committedAt = Date.now();
    await server.handle.db.transaction().execute(async (trx) => {
      await ledger.transfer(
        { idempotencyKey: 'deposit:test:committed', billType: 2001, from: omnibus, to: wallet, amount: 1_000_000n },
        trx,
      );
    });
    const event = await socket.next('balances', committedAt);
    expect(event.at - committedAt).toBeLessThan(1_000);
  }, 30_000);

  it("closes a session's sockets on every process when it logs out, and refuses a socket without a session", async () => {
    const first = await startServer();
    const second = await startServer();
    const dave = await customer(first.app, 'dave');
    const onFirst = await openAccountSocket(first.url, { cookie: dave.cookie });
    const onSecond = await openAccountSocket(second.url, { cookie: dave.cookie });
    await onFirst.next('ready');
    await onSecond.next('ready');

    expect((await dave.client.post(identityPaths.logout)).body.code).toBe(0);
    expect(await onFirst.closed).toBe(4401);
    expect(await onSecond.closed).toBe(4401);

    // The ended session's cookie, and no cookie at all, are refused the same way.
    for (const headers of [{ cookie: dave.cookie }, {}] as Array<Record<string, string>>) {
      const refused = await openAccountSocket(second.url, headers);
      expect(await refused.closed).toBe(4401);
      expect(refused.received.map((entry) => entry.message)).toEqual([{ type: 'error', code: 403, message: 'Please log in first' }]);
    }
  }, 30_000);

  it('closes a socket whose session expired at its next session check, and refuses it a new one', async () => {
    const server = await startServer();
    const erin = await customer(server.app, 'erin');
    const session = await processes.database.db
      .selectFrom('user_session')
      .select('id')
      .where('user_id', '=', erin.userId)
      .executeTakeFirstOrThrow();
    // A feed checking every 50 ms (30 s in the app), with a socket that records how it was closed.
    const feed = createAccountFeed({
      connectionString: processes.database.url,
      sessions: { liveSessionIds: (ids) => findLiveSessionIds(server.handle.db, ids) },
      logger: createLogger(loadConfig({ LOG_LEVEL: 'silent' })),
      options: { sessionCheckMs: 50 },
    });
    const closes: number[] = [];
    const socket = { OPEN: 1, readyState: 1, send: () => undefined, close: (code: number) => closes.push(code) } as unknown as WebSocket;
    await feed.start();
    try {
      feed.subscribe(socket, { userId: erin.userId, sessionId: session.id });
      await settle();
      expect(closes).toEqual([]);
      await processes.database.db
        .updateTable('user_session')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', session.id)
        .execute();
      await expect.poll(() => closes, { timeout: 2_000, interval: 20 }).toEqual([4401]);
    } finally {
      await feed.stop();
    }
    const refused = await openAccountSocket(server.url, { cookie: erin.cookie });
    expect(await refused.closed).toBe(4401);
  }, 30_000);

  it('announces a journal naming more customers than one notification can carry', async () => {
    const server = await startServer();
    const hana = await customer(server.app, 'hana');
    const socket = await openAccountSocket(server.url, { cookie: hana.cookie });
    await socket.next('ready');
    // 1,000 customers with 19-digit ids: 20,000 bytes of ids, where one payload holds 8,000.
    await sql`insert into ledger_account (owner_type, owner_ref, asset, purpose)
              select 'customer', (9000000000000000000 + g)::text, 'USDT', 'wallet' from generate_series(1, 1000) g`.execute(
      processes.database.db,
    );
    const bulk = await processes.database.db
      .selectFrom('ledger_account')
      .select('id')
      .where('owner_ref', 'like', '9000000000000%')
      .execute();
    const omnibus = await server.ledger.platformAccount('omnibus', 'USDT');
    const committedAt = Date.now();
    await server.ledger.post({
      idempotencyKey: 'airdrop:test:1',
      billType: 2001,
      legs: [
        { accountId: omnibus, bucket: 'available', amount: -1001n },
        { accountId: await server.ledger.customerAccount(hana.userId, 'USDT'), bucket: 'available', amount: 1n },
        ...bulk.map((row) => ({ accountId: row.id, bucket: 'available' as const, amount: 1n })),
      ],
    });
    await socket.next('balances', committedAt);
    const left = await sql<{ count: string }>`select count(*)::text as count from account_event_queue`.execute(processes.database.db);
    expect(left.rows[0]?.count).toBe('0');
  }, 30_000);

  it('refuses a socket opened by another site', async () => {
    const server = await startServer();
    const frank = await customer(server.app, 'frank');
    const socket = processes.openSocket(`${server.url}${accountEventPaths.accountSocket}`, {
      headers: { cookie: frank.cookie, origin: 'https://evil.example' },
    });
    socket.on('error', () => undefined);
    const status = await new Promise<number | undefined>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.once('open', () => resolve(undefined));
    });
    expect(status).toBe(403);
  });

  it('keeps announcing after its listener connection is cut, and tells open sockets to read again', async () => {
    const server = await startServer();
    const grace = await customer(server.app, 'grace');
    const socket = await openAccountSocket(server.url, { cookie: grace.cookie });
    await socket.next('ready');
    const cutAt = Date.now();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'coffer-account-listener' and datname = current_database()`.execute(
      processes.database.db,
    );
    await socket.next('balances', cutAt);
    await expect
      .poll(
        async () =>
          (
            await sql<{
              count: string;
            }>`select count(*)::text as count from pg_stat_activity where application_name = 'coffer-account-listener' and datname = current_database()`.execute(
              processes.database.db,
            )
          ).rows[0]?.count,
        { timeout: 5_000, interval: 100 },
      )
      .toBe(String(processes.apps.filter((app) => app.server.listening).length));

    const committedAt = Date.now();
    await server.ledger.transfer({
      idempotencyKey: 'deposit:test:after-cut',
      billType: 2001,
      from: await server.ledger.platformAccount('omnibus', 'USDT'),
      to: await server.ledger.customerAccount(grace.userId, 'USDT'),
      amount: 1n,
    });
    await socket.next('balances', committedAt + 1);
  }, 30_000);
});
