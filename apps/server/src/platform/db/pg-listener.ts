import pg from 'pg';
import type { Logger } from '../observability/logger';

const reconnectDelaysMs = [250, 500, 1_000, 2_000, 5_000];

export interface PgListenerOptions {
  connectionString: string;
  /** Names the connection in pg_stat_activity. */
  applicationName: string;
  /** Constant channel names (not quoted): LISTENed on every connection. */
  channels: readonly string[];
  /** More settings for each connection, e.g. `{ options: '-c synchronous_commit=off' }`. */
  clientConfig?: Omit<pg.ClientConfig, 'connectionString' | 'application_name'>;
  /** Names the listener in the log line of a lost connection. */
  label: string;
  logger: Logger;
  onNotification: (message: pg.Notification) => void;
  /** Runs once the connection LISTENs; `isReconnect` after any failed or lost connection before it. */
  onConnected?: (client: pg.Client, state: { isReconnect: boolean }) => void;
  /** Runs when a live connection is lost (not when stopped), before the reconnect is scheduled. */
  onLost?: () => void;
}

/**
 * One dedicated PostgreSQL connection that LISTENs on `channels`, re-established with growing
 * pauses whenever it is lost. Its timers never keep the process alive.
 */
/** One LISTEN connection, re-established with growing pauses while it is started. */
export interface PgListener {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The connection in use (possibly still connecting), or null while there is none. */
  client(): pg.Client | null;
  /** Whether a connection is in use and no reconnect is pending. */
  isListening(): boolean;
}

export function createPgListener(options: PgListenerOptions): PgListener {
  const { connectionString, applicationName, channels, clientConfig, label, logger, onNotification, onConnected, onLost } = options;
  let current: pg.Client | null = null;
  let isStopped = true;
  let reconnectAttempt = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;

  function release(client: pg.Client): Promise<void> {
    client.removeAllListeners();
    client.on('error', () => undefined);
    return client.end().catch(() => undefined);
  }

  function scheduleReconnect(): void {
    if (isStopped || reconnectTimer) return;
    const delay = reconnectDelaysMs[Math.min(reconnectAttempt, reconnectDelaysMs.length - 1)] ?? 5_000;
    reconnectAttempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    if (isStopped) return;
    const client = new pg.Client({ ...clientConfig, connectionString, application_name: applicationName });
    const lost = (error?: Error) => {
      if (current !== client) return;
      current = null;
      onLost?.();
      if (!isStopped) logger.warn({ err: error }, `${label} listener lost; reconnecting`);
      void release(client);
      scheduleReconnect();
    };
    client.on('notification', onNotification);
    client.on('error', lost);
    client.on('end', () => lost());
    current = client;
    try {
      await client.connect();
      await client.query(channels.map((channel) => `listen ${channel}`).join('; '));
      const isReconnect = reconnectAttempt > 0;
      reconnectAttempt = 0;
      onConnected?.(client, { isReconnect });
    } catch (error) {
      lost(error as Error);
    }
  }

  return {
    async start(): Promise<void> {
      isStopped = false;
      await connect();
    },

    async stop(): Promise<void> {
      isStopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const client = current;
      current = null;
      if (client) await release(client);
    },

    /** The connection in use (possibly still connecting), or null while there is none. */
    client(): pg.Client | null {
      return current;
    },

    /** Whether a connection is in use and no reconnect is pending. */
    isListening(): boolean {
      return current !== null && reconnectAttempt === 0;
    },
  };
}
