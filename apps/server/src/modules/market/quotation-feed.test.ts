import { marketPaths, type QuotationSocketMessage } from '@coffer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { setUpServerProcesses, socketOpened } from '../../../test/server-processes';
import { createAssetsModule } from '../assets';
import { createMarketService } from './market.service';
import { createSimulatedSource } from './price-source';

const processes = setUpServerProcesses({ poolSize: 3 });

/** A WebSocket client that keeps every message it receives. */
async function connect(url: string): Promise<{
  socket: WebSocket;
  messages: QuotationSocketMessage[];
  next: (predicate: (message: QuotationSocketMessage) => boolean) => Promise<QuotationSocketMessage>;
}> {
  const socket = processes.openSocket(url);
  const messages: QuotationSocketMessage[] = [];
  const waiters: Array<{ predicate: (message: QuotationSocketMessage) => boolean; resolve: (message: QuotationSocketMessage) => void }> =
    [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as QuotationSocketMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await socketOpened(socket);
  const next = (predicate: (message: QuotationSocketMessage) => boolean) => {
    const seen = messages.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise<QuotationSocketMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message within 10 s')), 10_000);
      waiters.push({ predicate, resolve: (message) => (clearTimeout(timer), resolve(message)) });
    });
  };
  return { socket, messages, next };
}

const boardAt = (quote: string, seq: number) => (message: QuotationSocketMessage) =>
  message.type === 'board' && message.board.quote === quote && message.board.seq === seq;

describe('the quotations WebSocket across server processes', () => {
  it('delivers a tick written by one process to a client of another, and survives a lost listener', async () => {
    const first = await processes.start();
    const second = await processes.start();
    const client = await connect(`${second.url}${marketPaths.quotationsSocket}?quote=BTC`);
    const initial = await client.next((message) => message.type === 'board');
    expect(initial.type === 'board' && initial.board.seq).toBe(0);

    // The first process writes a tick (its own pool) and announces it with NOTIFY.
    const writer = createMarketService({
      db: first.handle.db,
      source: createSimulatedSource('feed-test'),
      assets: createAssetsModule({ db: first.handle.db }).api,
    });
    const at = new Date();
    expect(await writer.tick(at)).toBe(5);
    const slot = Math.floor(at.getTime() / 5_000);
    const delivered = await client.next(boardAt('BTC', slot));
    if (delivered.type !== 'board') throw new Error('expected a board');
    const live = await writer.latestUsdPrices();
    expect(delivered.board.rows.find((row) => row.coin === 'ETH')?.usdPrice).toBe(live.get('ETH')?.usdPrice);

    // A client may switch quote on the same socket.
    client.socket.send(JSON.stringify({ type: 'subscribe', quote: 'USDC' }));
    await client.next(boardAt('USDC', slot));
    client.socket.send('not json');
    await client.next((message) => message.type === 'error');

    // Every listener connection is cut; each process reconnects and the next tick still arrives.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'coffer-quotations-listener' and datname = current_database()`.execute(
      processes.database.db,
    );
    await expect
      .poll(
        async () =>
          (
            await sql<{
              count: string;
            }>`select count(*)::text as count from pg_stat_activity where application_name = 'coffer-quotations-listener' and datname = current_database()`.execute(
              processes.database.db,
            )
          ).rows[0]?.count,
        { timeout: 5_000, interval: 100 },
      )
      .toBe('2');
    const later = new Date(at.getTime() + 5_000);
    expect(await writer.tick(later)).toBe(5);
    await client.next(boardAt('USDC', slot + 1));
  }, 30_000);

  it('refuses an unknown quote currency with an envelope message', async () => {
    const server = await processes.start();
    const client = await connect(`${server.url}${marketPaths.quotationsSocket}?quote=DOGE`);
    const refused = await client.next((message) => message.type === 'error');
    expect(refused).toEqual({ type: 'error', message: 'Invalid parameter: quote' });
  });
});
