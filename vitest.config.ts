import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const webSource = path.join(import.meta.dirname, 'apps/web/src');
const webTests = readdirSync(webSource, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `apps/web/src/${file.split(path.sep).join('/')}`);
/**
 * Web test files that replace a module (`vi.mock`) run each in a fresh module graph; the rest
 * share one per worker (`isolate: false`): antd and jsdom are loaded once per worker instead of
 * once per file, which took most of the web tests' time.
 */
const mockingWebTests = webTests.filter((file) => readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('vi.mock('));

const webTest = {
  environment: 'jsdom',
  setupFiles: ['apps/web/test/setup.ts'],
  // Rendering antd forms in jsdom is CPU-bound: a loaded 2-core machine needs more than 5 s for some.
  testTimeout: 20_000,
  css: { modules: { classNameStrategy: 'non-scoped' as const } },
};

/** Unit, server-integration and component tests; the browser journeys live in e2e/. */
export default defineConfig({
  test: {
    /**
     * Files at a time. Vitest's default (CPUs − 1) runs one file at a time on a 2-core machine,
     * which then sits mostly idle: a server test spends its time waiting on PostgreSQL, timers and
     * local chains. Two per core keep both cores busy: on such a machine the unit, server and
     * component tests went from 726 s to 267 s.
     */
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() * 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'client',
          include: ['packages/client/src/**/*.test.ts'],
          environment: 'node',
          // The example runs as a child process (npm, tsx) against a local server.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/pooled-connection-guard.ts'],
          // Files share one module graph per worker: the server's modules are imported once per
          // worker instead of once per file (each file builds its own app over its own database).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { ...webTest, name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], exclude: mockingWebTests, isolate: false },
      },
      {
        test: { ...webTest, name: 'web-mocks', include: mockingWebTests },
      },
    ],
  },
});
