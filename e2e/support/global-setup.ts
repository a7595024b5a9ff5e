import type { TestProject } from 'vitest/node';
import { startCoffer } from '../../scripts/lib/coffer-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** JSON-RPC of the local anvil chain the Coffer under test runs. */
    evmRpcUrl: string;
  }
}

/**
 * One Coffer for the whole run, started as `npm start` starts it. Every journey's customer signs
 * up from 127.0.0.1, so the hourly e-mail/SMS quota per IP (30) would be spent by the suite itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const coffer = await startCoffer({ env: { CODE_SENDS_PER_IP_PER_HOUR: '1000' } });
  project.provide('baseUrl', coffer.baseUrl);
  project.provide('databaseUrl', coffer.databaseUrl);
  project.provide('evmRpcUrl', coffer.evmRpcUrl);
  return coffer.stop;
}
