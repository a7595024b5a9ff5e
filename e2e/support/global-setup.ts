import type { TestProject } from 'vitest/node';
import { startCoffer } from '../../scripts/lib/coffer-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** JSON-RPC of the local anvil chain the Coffer under test runs. */
    evmRpcUrl: string;
    /** The one-time link of the back office's first super admin, as the first start logged it. */
    operatorActivationLink: string;
    /** The server's data folder and ports, for `npm run operator` beside it. */
    cofferDataEnv: { DATA_DIR: string; EMBEDDED_PG_PORT: string; PORT: string };
  }
}

/**
 * One Coffer for the whole run, started as `npm start` starts it. Every journey's customer signs
 * up from 127.0.0.1, so the hourly e-mail/SMS quota per IP (30) would be spent by the suite itself,
 * and its sends would pass the IP's captcha threshold (10).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const coffer = await startCoffer({ env: { CODE_SENDS_PER_IP_PER_HOUR: '1000', CAPTCHA_AFTER_IP_FAILURES: '1000' } });
  project.provide('baseUrl', coffer.baseUrl);
  project.provide('databaseUrl', coffer.databaseUrl);
  project.provide('evmRpcUrl', coffer.evmRpcUrl);
  project.provide('cofferDataEnv', coffer.dataEnv);
  project.provide('operatorActivationLink', await firstOperatorLink(coffer.output));
  return coffer.stop;
}

/** The embedded default's first start logs the super admin's activation link once it listens. */
async function firstOperatorLink(output: string[]): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const match = /"activationLink":"([^"]+)"/.exec(output.join(''));
    if (match) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the first start logged no operator activation link');
}
