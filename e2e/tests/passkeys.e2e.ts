import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from '../support/browser';
import { latestCode } from '../support/codes';
import { allowCodeResend, bindPhone, endWithdrawLock, seedCustomer } from '../support/seed';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

const screenshotDir = path.resolve(import.meta.dirname, '../../.artifacts/screenshots');
/** An Ethereum address outside Coffer. */
const outside = '0x52908400098527886E0F7030069857D2E4169EE7';

/**
 * Passkeys as a second factor (issue 16 item 8) with Chromium's virtual authenticator (CDP
 * `WebAuthn`): register a passkey in security settings, log out, log in with the passkey, and
 * confirm a withdrawal with it in place of the code. The
 * page is on http://localhost:<port>: a passkey's relying party must be a host name, and the
 * local app's is `localhost`.
 */
describe('passkeys in the browser', () => {
  it('registers a passkey, logs out, logs in with it instead of a code, and confirms a withdrawal with it', async () => {
    await mkdir(screenshotDir, { recursive: true });
    const customer = await seedCustomer('passkey', { USDT: 100n * 10n ** 6n });
    const origin = baseUrl().replace('127.0.0.1', 'localhost');
    const context = await browser.newContext({ viewport: { width: 1460, height: 900 }, locale: 'en-US', baseURL: origin });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    // Log in with the password and the authenticator code.
    await page.goto('/login?lang=en');
    await page.getByTestId('login-account').fill(customer.email);
    await page.getByTestId('login-password').fill(customer.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('twofa-method-ga').click();
    await page.getByTestId('twofa-code').fill(await customer.nextGaCode());
    await page.getByTestId('twofa-submit').click();
    await page.waitForURL('**/propertyCenter/dashboard');

    // Add a passkey in security settings: the verification first, then the browser's prompt.
    await page.goto('/propertyCenter/securitySetting?lang=en');
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-name-input').fill('Virtual key');
    // Seeding sent this address its last code just now; a new one may be sent 60 s later (spec §5).
    await allowCodeResend(customer.email);
    const since = Date.now();
    await page.getByTestId('verify-email-send').click();
    await page.getByTestId('verify-email-code').fill(await latestCode(customer.email, since));
    await page.getByTestId('verify-ga-code').fill(await customer.nextGaCode());
    await page.getByTestId('passkey-submit').click();
    await page.getByTestId('passkey-name').getByText('Virtual key').waitFor();
    // The authenticator now holds the one credential the server stored.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    // Log out, then log in with the passkey at the second step.
    const loggedOut = await page.request.post('/uc/v2/action/logout', { data: {} });
    expect(loggedOut.ok()).toBe(true);
    await page.goto('/login?lang=en');
    await page.getByTestId('login-account').fill(customer.email);
    await page.getByTestId('login-password').fill(customer.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('twofa-passkey').click();
    await page.waitForURL('**/propertyCenter/dashboard');

    // A withdrawal confirmed with the fund password and the passkey in place of the code (once
    // the 24 hours after adding the passkey have passed).
    // Withdrawals need a bound phone besides the e-mail (spec §6).
    await bindPhone(customer);
    await endWithdrawLock(customer.email);
    await page.goto('/propertyCenter/withdraw?lang=en&coin=USDT');
    await page.getByTestId('withdraw-available').waitFor();
    await page.getByTestId('withdraw-address').fill(outside);
    await page.getByTestId('withdraw-amount').fill('10');
    await page.getByTestId('withdraw-next').click();
    await page.getByTestId('withdraw-confirm').waitFor();
    await page.getByTestId('withdraw-fund-password').fill(customer.fundPassword);
    await page.getByTestId('withdraw-use-passkey').click();
    await page.getByTestId('withdraw-passkey-chosen').waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'withdraw-passkey-en.png'), fullPage: true });
    await page.getByTestId('withdraw-submit').click();
    expect((await page.getByTestId('withdraw-serial').innerText()).trim()).not.toBe('');
    const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(used.credentials[0]!.signCount).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});
