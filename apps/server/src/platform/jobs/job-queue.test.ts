import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLogger } from '../observability/logger';
import { createMetrics, type Metrics } from '../observability/metrics';
import { createJobQueue, type JobQueue } from './job-queue';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting (${String(condition)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the job queue', () => {
  it('runs each job once when several server processes share the database', async () => {
    const handledBy = new Map<number, string[]>();
    const metricsByNode: Metrics[] = [];
    const nodes: JobQueue[] = ['node-a', 'node-b', 'node-c'].map((node) => {
      const metrics = createMetrics();
      metricsByNode.push(metrics);
      const queue = createJobQueue({
        connectionString: database.url,
        logger: createLogger({ LOG_LEVEL: 'silent' }),
        metrics,
        isWorker: true,
      });
      queue.define<{ n: number }>({
        name: 'test.count',
        async handle(data) {
          handledBy.set(data.n, [...(handledBy.get(data.n) ?? []), node]);
        },
      });
      return queue;
    });
    try {
      // Sequential starts: pg-boss installs its schema once, then every node shares it.
      for (const node of nodes) await node.start();
      const total = 60;
      for (let n = 0; n < total; n += 1) await nodes[n % nodes.length]!.send('test.count', { n });
      await waitFor(() => handledBy.size === total, 20_000).catch((error: unknown) => {
        throw new Error(`handled ${handledBy.size} of ${total}: ${String(error)}`);
      });
      expect([...handledBy.values()].every((handlers) => handlers.length === 1)).toBe(true);
      const counted = await Promise.all(
        metricsByNode.map(async (metrics) => (await metrics.jobs.get()).values.reduce((sum, value) => sum + value.value, 0)),
      );
      expect(counted.reduce((sum, value) => sum + value, 0)).toBe(total);
    } finally {
      await Promise.all(nodes.map((node) => node.stop()));
    }
  });
});
