import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: one server started as `npm start` starts it, two files at a time. A journey
 * spends most of its time waiting (a chain's confirmations, a quote's expiry, the screen's
 * refetches), so a second one runs in those waits; each journey has customers of its own.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
