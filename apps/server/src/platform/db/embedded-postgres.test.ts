import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger';
import { startEmbeddedPostgres } from './embedded-postgres';

const logger = createLogger({ LOG_LEVEL: 'silent' });
let dataDir: string | undefined;

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps its data between runs', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-embedded-'));
    await chmod(dataDir, 0o755);
    const port = 50_000 + Math.floor(Math.random() * 5_000);

    const first = await startEmbeddedPostgres({ dataDir, port, logger });
    await query(first.url, "create table kept (note text); insert into kept values ('from the first run')");
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, port, logger });
    try {
      expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'from the first run' }]);
    } finally {
      await second.stop();
    }
  });
});
