import { createRequire } from 'node:module';
import { identityPaths } from '@coffer/contract/identity-paths';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from '../support/browser';
import { latestCode } from '../support/codes';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let browser: Browser;
let sessionToken = '';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const email = `axe${Date.now() % 1_000_000}@coffer.test`;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const since = Date.now();
  await post(identityPaths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' });
  const registered = await post(identityPaths.register, {
    accountType: 'email',
    account: email,
    countryCode: 'DE',
    code: await latestCode(email, since),
    password: 'Vault-Key-2026',
    confirmPassword: 'Vault-Key-2026',
    agreeTerms: true,
  });
  // The web never gets the session token in a body (only native clients do): take it from the cookie.
  const cookie = registered.headers.getSetCookie().find((line) => line.startsWith('coffer_session='));
  sessionToken = cookie?.split(';')[0]?.slice('coffer_session='.length) ?? '';
  expect(sessionToken).not.toBe('');
});

afterAll(async () => {
  await browser.close();
});

/** axe-core in the page; the site's CSP forbids injected scripts, so this context bypasses it. */
async function criticalViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('accessibility of the main screens (axe)', () => {
  it.each([
    ['/?lang=en', 'home-page', false],
    ['/login?lang=ru', 'login-submit', false],
    ['/sign?lang=zh-CN', 'signup-submit', false],
    ['/forgotPassword?lang=zh-TW', null, false],
    ['/propertyCenter/securitySetting?lang=en', 'security-status-email', true],
    ['/propertyCenter/balance?lang=ru', 'balance-table', true],
    ['/propertyCenter/transfer?lang=en', 'transfer-amount', true],
  ] as const)('%s has no critical violation', async (url, readyTestId, needsSession) => {
    const context = await browser.newContext({ viewport: { width: 1460, height: 900 }, baseURL: baseUrl(), bypassCSP: true });
    if (needsSession) {
      await context.addCookies([{ name: 'coffer_session', value: sessionToken, url: baseUrl() }]);
    }
    const page = await context.newPage();
    await page.goto(url);
    if (readyTestId) await page.getByTestId(readyTestId).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await criticalViolations(page)).toEqual([]);
    await context.close();
  });
});
