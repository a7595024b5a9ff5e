import { type AccountSocketMessage, accountSocketCloseCodes } from '@coffer/contract';
import type pg from 'pg';
import type { WebSocket } from 'ws';
import { createPgListener } from '../../platform/db/pg-listener';
import type { Logger } from '../../platform/observability/logger';
import { sessionEndedChannel, type IdentityApi } from '../identity';
import { balanceChangesChannel, relayBalanceChanges } from '../ledger';

export interface Subscriber {
  userId: string;
  sessionId: string;
}

export interface AccountFeedOptions {
  /** How often the queue is relayed to NOTIFY: the bulk of the delay between a commit and the pages hearing of it. */
  relayMs: number;
  /** Notifications for one customer arriving within this window become one message. */
  coalesceMs: number;
  /** How often open sockets' sessions are checked for expiry (an ended session is announced at once). */
  sessionCheckMs: number;
}

const defaultOptions: AccountFeedOptions = { relayMs: 200, coalesceMs: 50, sessionCheckMs: 30_000 };

export interface AccountFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
  isListening(): boolean;
  subscribe(socket: WebSocket, subscriber: Subscriber): void;
  unsubscribe(socket: WebSocket): void;
  clientCount(): number;
}

/**
 * The per-customer live channel of this process's WebSocket clients, the account twin of the
 * quotation feed: one dedicated connection per process LISTENs (re-established when lost)
 * and relays the balance-change queue to NOTIFY, so a journal committed by any process
 * reaches the sockets of every process. A socket hears only its own customer's events and
 * is closed when its session ends. Without a connection string (a test app without its
 * pool) the feed is inert.
 */
export function createAccountFeed(deps: {
  connectionString: string | undefined;
  /** Identity's answer to which sessions are still live. */
  sessions: Pick<IdentityApi, 'liveSessionIds'>;
  logger: Logger;
  options?: Partial<AccountFeedOptions>;
}): AccountFeed {
  const { connectionString, sessions, logger } = deps;
  const options = { ...defaultOptions, ...deps.options };
  const byUser = new Map<string, Set<WebSocket>>();
  const subscribers = new Map<WebSocket, Subscriber>();
  let relayTimer: NodeJS.Timeout | null = null;
  let sessionTimer: NodeJS.Timeout | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  const pendingUsers = new Set<string>();

  function send(socket: WebSocket, message: AccountSocketMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  function flush(): void {
    flushTimer = null;
    for (const userId of pendingUsers) {
      for (const socket of byUser.get(userId) ?? []) send(socket, { type: 'balances' });
    }
    pendingUsers.clear();
  }

  function announce(userIds: Iterable<string>): void {
    for (const userId of userIds) if (byUser.has(userId)) pendingUsers.add(userId);
    if (pendingUsers.size > 0 && !flushTimer) {
      flushTimer = setTimeout(flush, options.coalesceMs);
      flushTimer.unref();
    }
  }

  function endSessions(sessionIds: Set<string>, reason: string): void {
    for (const [socket, subscriber] of subscribers) {
      if (sessionIds.has(subscriber.sessionId)) socket.close(accountSocketCloseCodes.sessionEnded, reason);
    }
  }

  /** Closes the sockets whose session expired or ended while no notification could say so. */
  async function checkSessions(): Promise<void> {
    const sessionIds = [...new Set([...subscribers.values()].map((subscriber) => subscriber.sessionId))];
    if (sessionIds.length === 0) return;
    const liveIds = await sessions.liveSessionIds(sessionIds);
    endSessions(new Set(sessionIds.filter((id) => !liveIds.has(id))), 'session ended');
  }

  /** Whether `client` is still the listener's live connection (not lost, not stopped). */
  const isCurrent = (client: pg.Client) => listener !== null && listener.client() === client;

  async function relay(client: pg.Client): Promise<void> {
    if (!isCurrent(client)) return;
    try {
      await relayBalanceChanges(client);
    } catch (error) {
      // A lost connection reconnects through the listener; anything else is logged.
      if (isCurrent(client)) logger.warn({ err: error }, 'account event relay failed');
    }
  }

  function scheduleRelay(client: pg.Client): void {
    relayTimer = setTimeout(() => {
      relayTimer = null;
      void relay(client).finally(() => {
        if (isCurrent(client)) scheduleRelay(client);
      });
    }, options.relayMs);
    relayTimer.unref();
  }

  const listener = connectionString
    ? createPgListener({
        connectionString,
        applicationName: 'coffer-account-listener',
        channels: [balanceChangesChannel, sessionEndedChannel],
        // The relay's NOTIFY transactions take PostgreSQL's notification lock: without waiting for
        // the disk they hold it for microseconds, and these rows are not money.
        clientConfig: { options: '-c synchronous_commit=off' },
        label: 'account',
        logger,
        onNotification: (message) => {
          if (!message.payload) return;
          if (message.channel === balanceChangesChannel) announce(message.payload.split(','));
          else if (message.channel === sessionEndedChannel) endSessions(new Set(message.payload.split(',')), 'session ended');
        },
        onConnected: (client, { isReconnect }) => {
          // Changes announced while the connection was down are unknown: every open page reads again.
          if (isReconnect) announce(byUser.keys());
          scheduleRelay(client);
        },
        onLost: () => {
          if (relayTimer) clearTimeout(relayTimer);
          relayTimer = null;
        },
      })
    : null;

  return {
    async start(): Promise<void> {
      await listener?.start();
      sessionTimer = setInterval(() => {
        checkSessions().catch((error: unknown) => logger.warn({ err: error }, 'account socket session check failed'));
      }, options.sessionCheckMs);
      sessionTimer.unref();
    },

    async stop(): Promise<void> {
      for (const timer of [relayTimer, flushTimer]) if (timer) clearTimeout(timer);
      if (sessionTimer) clearInterval(sessionTimer);
      relayTimer = flushTimer = sessionTimer = null;
      pendingUsers.clear();
      await listener?.stop();
      for (const socket of subscribers.keys()) socket.close(1001, 'server stopping');
      subscribers.clear();
      byUser.clear();
    },

    /** Whether the listener is connected (a process without one cannot tell its sockets anything). */
    isListening(): boolean {
      return listener?.isListening() ?? false;
    },

    /** From now on the socket hears its customer's balance changes, until it closes or its session ends. */
    subscribe(socket: WebSocket, subscriber: Subscriber): void {
      subscribers.set(socket, subscriber);
      const sockets = byUser.get(subscriber.userId) ?? new Set<WebSocket>();
      sockets.add(socket);
      byUser.set(subscriber.userId, sockets);
      send(socket, { type: 'ready' });
    },

    unsubscribe(socket: WebSocket): void {
      const subscriber = subscribers.get(socket);
      if (!subscriber) return;
      subscribers.delete(socket);
      const sockets = byUser.get(subscriber.userId);
      sockets?.delete(socket);
      if (sockets?.size === 0) byUser.delete(subscriber.userId);
    },

    clientCount(): number {
      return subscribers.size;
    },
  };
}
