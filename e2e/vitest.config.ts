import { defineConfig } from 'vitest/config';

/** Browser journeys: one server started as `npm start` starts it, files one after another. */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
