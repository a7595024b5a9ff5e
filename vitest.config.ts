import { defineConfig } from 'vitest/config';

/** Unit, server-integration and component tests; the browser journeys live in e2e/. */
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Rendering antd forms in jsdom is CPU-bound: a loaded 2-core machine needs more than 5 s for some.
          testTimeout: 20_000,
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
    ],
  },
});
