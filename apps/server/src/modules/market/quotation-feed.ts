import { type QuotationBoard, type QuoteCurrency, quoteCurrencies } from '@coffer/contract';
import type { WebSocket } from 'ws';
import { createPgListener } from '../../platform/db/pg-listener';
import type { Logger } from '../../platform/observability/logger';
import { slotMs, tickChannel } from './market.service';

export interface QuotationFeed {
  start(): Promise<void>;
  /** Stops listening and closes every socket. */
  stop(): Promise<void>;
  /** For a process without a listener connection: its own ticks still reach its clients. */
  announceLocally(): void;
  isListening(): boolean;
  /** Sends the current board at once, then every new one, until the socket closes or switches quote. */
  subscribe(socket: WebSocket, quote: QuoteCurrency): Promise<void>;
  unsubscribe(socket: WebSocket): void;
  clientCount(): number;
}

/**
 * Live quotations for this process's WebSocket clients. Whichever process writes a tick
 * announces its slot with NOTIFY; every process LISTENs on one dedicated connection
 * (re-established when lost), reads each subscribed board once and sends it to its clients.
 * Without a connection string (a test app without its pool) only the local ticker feeds it.
 */
export function createQuotationFeed(deps: {
  connectionString: string | undefined;
  logger: Logger;
  readBoard: (quote: QuoteCurrency) => Promise<QuotationBoard>;
}): QuotationFeed {
  const { connectionString, logger, readBoard } = deps;
  const subscribers = new Map<QuoteCurrency, Set<WebSocket>>(quoteCurrencies.map((quote) => [quote, new Set<WebSocket>()]));
  let isStopped = true;
  let isBroadcasting = false;
  let hasPendingBroadcast = false;
  let lastSentSeq = new Map<QuoteCurrency, number>();

  // One read per quote per tick, however many clients (re)subscribe in between.
  // Kept at most one slot, so a missed notification cannot leave new subscribers on an old board.
  let boardCache = new Map<QuoteCurrency, { readAt: number; board: Promise<QuotationBoard> }>();
  function cachedBoard(quote: QuoteCurrency): Promise<QuotationBoard> {
    const cached = boardCache.get(quote);
    if (cached && Date.now() - cached.readAt < slotMs) return cached.board;
    const board = readBoard(quote);
    boardCache.set(quote, { readAt: Date.now(), board });
    board.catch(() => boardCache.delete(quote));
    return board;
  }

  function send(socket: WebSocket, board: QuotationBoard): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'board', board }));
  }

  /** Coalesces notifications: while one broadcast runs, at most one more is queued. */
  async function broadcast(): Promise<void> {
    if (isBroadcasting) {
      hasPendingBroadcast = true;
      return;
    }
    isBroadcasting = true;
    try {
      do {
        hasPendingBroadcast = false;
        boardCache = new Map();
        for (const [quote, sockets] of subscribers) {
          if (sockets.size === 0) continue;
          const board = await cachedBoard(quote);
          if ((lastSentSeq.get(quote) ?? -1) === board.seq) continue;
          lastSentSeq.set(quote, board.seq);
          for (const socket of sockets) send(socket, board);
        }
      } while (hasPendingBroadcast && !isStopped);
    } catch (error) {
      logger.warn({ err: error }, 'quotation broadcast failed');
    } finally {
      isBroadcasting = false;
    }
  }

  const listener = connectionString
    ? createPgListener({
        connectionString,
        applicationName: 'coffer-quotations-listener',
        channels: [tickChannel],
        label: 'quotations',
        logger,
        onNotification: (message) => {
          if (message.channel === tickChannel) void broadcast();
        },
        // Ticks announced while the connection was down are caught up with one read.
        onConnected: () => void broadcast(),
      })
    : null;

  return {
    async start(): Promise<void> {
      isStopped = false;
      await listener?.start();
    },

    async stop(): Promise<void> {
      isStopped = true;
      await listener?.stop();
      for (const sockets of subscribers.values()) {
        for (const socket of sockets) socket.close(1001, 'server stopping');
        sockets.clear();
      }
      lastSentSeq = new Map();
    },

    /** For a process without a listener connection: its own ticks still reach its clients. */
    announceLocally(): void {
      if (!listener) void broadcast();
    },

    isListening(): boolean {
      return listener?.isListening() ?? false;
    },

    /** Sends the current board at once, then every new one, until the socket closes or switches quote. */
    async subscribe(socket: WebSocket, quote: QuoteCurrency): Promise<void> {
      for (const sockets of subscribers.values()) sockets.delete(socket);
      subscribers.get(quote)?.add(socket);
      send(socket, await cachedBoard(quote));
    },

    unsubscribe(socket: WebSocket): void {
      for (const sockets of subscribers.values()) sockets.delete(socket);
    },

    clientCount(): number {
      let count = 0;
      for (const sockets of subscribers.values()) count += sockets.size;
      return count;
    },
  };
}
