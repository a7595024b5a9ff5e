import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database';
import { createLogger } from '../src/platform/observability/logger';
import { createMetrics } from '../src/platform/observability/metrics';
import { testSecrets } from './app';
import { createTestDatabase, type TestDatabase } from './database';

export interface ServerProcess {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** `ws://127.0.0.1:<port>`, the base of this process's WebSocket paths. */
  url: string;
}

/**
 * For tests of what crosses server processes (the NOTIFY feeds): several "server processes"
 * on one test database, each with its own pool of `poolSize`, its own listener connections and
 * its own HTTP port. Call at a test file's top level: the database is made before its tests,
 * and every socket, process and database is closed after them.
 */
export function setUpServerProcesses(options: { poolSize: number }) {
  let database: TestDatabase | null = null;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await database?.drop();
  });

  function currentDatabase(): TestDatabase {
    if (!database) throw new Error('the test database is made before the tests start');
    return database;
  }

  return {
    get database(): TestDatabase {
      return currentDatabase();
    },

    /** Every process started so far. */
    apps: apps as readonly FastifyInstance[],

    /** Starts one more "server process" listening on a free port. */
    async start(): Promise<ServerProcess> {
      const handle = openDatabase(currentDatabase().url, { max: options.poolSize });
      handles.push(handle);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-dist' });
      const app = await buildApp({
        config,
        logger: createLogger(config),
        db: handle.db,
        pool: handle.pool,
        metrics: createMetrics(),
        jobs: null,
        version: 'test',
        secrets: testSecrets,
      });
      apps.push(app);
      await app.listen({ host: '127.0.0.1', port: 0 });
      return { app, handle, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
    },

    /** A client socket, terminated after the tests; attach its handlers, then await `socketOpened`. */
    openSocket(url: string, socketOptions?: WebSocket.ClientOptions): WebSocket {
      const socket = new WebSocket(url, socketOptions);
      sockets.push(socket);
      return socket;
    },
  };
}

/** Resolves when the socket opens, rejects when it fails first. */
export function socketOpened(socket: WebSocket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
}
