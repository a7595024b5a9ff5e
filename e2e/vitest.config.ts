import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Seconds each journey took on a 2-core machine running two at a time (a full `npm test`). On a
 * clean clone vitest knows no durations and would start the largest files first; the two
 * first-day files are small (they call `support/day-one.ts`) and would end the run alone.
 */
const measuredSeconds: Record<string, number> = {
  'day-one.e2e.ts': 134,
  'day-one-zh-tw-ru.e2e.ts': 134,
  'custody-orders.e2e.ts': 134,
  'layout.e2e.ts': 110,
  'custody.e2e.ts': 95,
  'home.e2e.ts': 78,
  'trade.e2e.ts': 70,
  'identity.e2e.ts': 66,
  'funds.e2e.ts': 64,
  'kyc.e2e.ts': 60,
  'accessibility.e2e.ts': 42,
  'wallet.e2e.ts': 42,
  'large-withdrawal.e2e.ts': 34,
  'passkeys.e2e.ts': 30,
  'market.e2e.ts': 22,
  'bills-download.e2e.ts': 20,
  'api-key.e2e.ts': 17,
  'http-client.e2e.ts': 13,
};

/** Longest first, so that two workers end together; a journey not listed yet counts as a minute. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification) => measuredSeconds[path.basename(file.moduleId)] ?? 60;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}

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
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
