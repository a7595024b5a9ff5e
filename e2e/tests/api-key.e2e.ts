import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newDesktopPage } from '../support/browser';
import { codeSentBy } from '../support/codes';
import { logIn } from '../support/login';
import { allowCodeResend, seedCustomer } from '../support/seed';

const root = path.resolve(import.meta.dirname, '../..');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** `npm run example -w @coffer/client` with only the given COFFER_ variables; its exit code and output. */
function runExample(coffer: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('COFFER_') && name !== 'INIT_CWD'));
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'example', '-w', '@coffer/client'], { cwd: root, env: { ...env, ...coffer } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Issue 16's end-to-end goal: a customer creates an API key in the browser (their own Ed25519
 * public key, the trading right, the two-step verification), then the published client example
 * signs every request with it, pays a quote, and the order it paid appears in the customer's
 * orders screen.
 */
describe('an API key made in the browser trades through the signed client', () => {
  it('creates a key with its verification; the client example pays a quote; the order is in my orders', async () => {
    const customer = await seedCustomer('apikey', { USDT: 50_000_000_000n });
    const keyPair = generateKeyPairSync('ed25519');
    const publicKeyBase64 = keyPair.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64');
    const folder = await mkdtemp(path.join(os.tmpdir(), 'coffer-e2e-key-'));
    const keyFile = path.join(folder, 'key.pem');
    await writeFile(keyFile, keyPair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { mode: 0o600 });
    const page = await newDesktopPage(browser, { locale: 'en-US' });
    try {
      await logIn(page, customer);
      await page.goto('/propertyCenter/api?lang=en');
      await page.getByTestId('apikey-create-empty').click();
      await page.getByTestId('apikey-label').fill('Treasury bot');
      await page.getByTestId('apikey-public-key').fill(publicKeyBase64);
      await page.getByTestId('apikey-right-trade').click();
      await page.getByTestId('apikey-form-submit').click();

      // The second step: the codes the pending change asks for.
      const dialog = page.getByTestId('apikey-verify');
      await dialog.waitFor();
      // Seeding sent this address a code moments ago; the next may be sent 60 s later (spec §5).
      await allowCodeResend(customer.email);
      const emailCode = await codeSentBy(customer.email, () => page.getByTestId('apikey-verify-email-send').click());
      await page.getByTestId('apikey-verify-email-code').fill(emailCode);
      await page.getByTestId('apikey-verify-ga-code').fill(await customer.nextGaCode());
      await page.getByTestId('apikey-verify-submit').click();

      const created = page.getByTestId('apikey-created');
      await created.waitFor();
      const accessKey = (await page.getByTestId('apikey-created-access-key').innerText()).trim();
      const platformPublicKey = (await page.getByTestId('apikey-created-platform-key').innerText()).trim();
      await page.getByTestId('apikey-created-done').click();
      await page.getByTestId(`apikey-view-${accessKey}`).waitFor();

      // The client, as a customer would run it, against this Coffer, verifying its answers.
      const result = await runExample({
        COFFER_URL: baseUrl(),
        COFFER_ACCESS_KEY: accessKey,
        COFFER_PRIVATE_KEY_FILE: keyFile,
        COFFER_PLATFORM_PUBLIC_KEY: platformPublicKey,
        COFFER_PAIR: 'BTC/USDT',
        COFFER_AMOUNT: '10',
      });
      expect(result.stderr).not.toMatch(/refused|signature|not verified/i);
      expect(result.code).toBe(0);
      const paid = /Order (\d+) paid: completed/.exec(result.stdout);
      expect(paid, result.stdout).not.toBeNull();

      // The order the key paid, in the customer's orders screen.
      await page.goto('/trade/orders?lang=en');
      const row = page.getByTestId('orders-table').locator('tr', { has: page.getByTestId(`order-detail-${paid![1]}`) });
      await row.getByText('Completed').waitFor();
    } finally {
      await page.context().close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
