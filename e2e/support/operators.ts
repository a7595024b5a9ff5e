import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { adminPaths } from '@coffer/contract/admin-paths';
import { callApi } from './api';
import { operatorAuthenticator } from './seed';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** An operator of the back office as the journeys use one: its e-mail and its authenticator app. */
export interface SignedInOperator {
  email: string;
  nextTotp(): Promise<string>;
}

const operatorPassword = 'Back-Office-2026';

/**
 * A new operator made as a platform's staff make one, `npm run operator -- create`, run beside
 * the server under test (its data folder and embedded database); answers the printed activation link.
 */
export async function createOperatorByCli(email: string, role: 'superAdmin' | 'compliance' | 'support' | 'finance'): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'scripts/operator.ts', 'create', email, role], {
    cwd: repoRoot,
    env: { ...process.env, ...inject('cofferDataEnv'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  const link = /https?:\/\/\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`npm run operator printed no activation link:\n${stdout}`);
  return link;
}

/**
 * Activates an operator in the browser through its one-time link (password, then the
 * authenticator it shows), then signs in at /admin with both.
 */
export async function activateAndSignIn(page: Page, activationLink: string, email: string): Promise<SignedInOperator> {
  const link = new URL(activationLink);
  await page.goto(link.pathname + link.search);
  const secret = (await page.getByTestId('activate-secret').innerText()).trim();
  await page.getByTestId('activate-password').fill(operatorPassword);
  await page.getByTestId('activate-password-confirm').fill(operatorPassword);
  const nextTotp = operatorAuthenticator(secret, email);
  await page.getByTestId('activate-totp').fill(await nextTotp());
  await page.getByTestId('activate-submit').click();
  await page.getByTestId('admin-login-email').waitFor();
  await page.getByTestId('admin-login-email').fill(email);
  await page.getByTestId('admin-login-password').fill(operatorPassword);
  await page.getByTestId('admin-login-totp').fill(await nextTotp());
  await page.getByTestId('admin-login-submit').click();
  return { email, nextTotp };
}

/**
 * Activates an operator through the back office's API (the calls its activation page makes) and
 * signs it in: the operator's session cookie, for set-ups that are not the journey's subject.
 */
export async function activateAndSignInByApi(activationLink: string, email: string): Promise<string> {
  const token = new URL(activationLink).searchParams.get('token');
  const { data } = await callApi<{ secret: string }>('POST', adminPaths.activateStart, { body: { token } });
  const nextTotp = operatorAuthenticator(data.secret, email);
  await callApi('POST', adminPaths.activateFinish, { body: { token, password: operatorPassword, totpCode: await nextTotp() } });
  const { cookie } = await callApi('POST', adminPaths.login, { body: { email, password: operatorPassword, totpCode: await nextTotp() } });
  if (!cookie) throw new Error(`the back office opened no session for ${email}`);
  return cookie;
}
