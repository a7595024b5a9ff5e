import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from '../support/browser';
import { latestCode } from '../support/codes';
import { allowCodeResend, seedCustomer } from '../support/seed';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/**
 * Passkeys as a second factor (issue 16 item 8) with Chromium's virtual authenticator (CDP
 * `WebAuthn`): register a passkey in security settings, log out, log in with the passkey. The
 * page is on http://localhost:<port>: a passkey's relying party must be a host name, and the
 * local app's is `localhost`.
 */
describe('passkeys in the browser', () => {
  it('registers a passkey, logs out, and logs in with it instead of a code', async () => {
    const customer = await seedCustomer('passkey', {});
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
    await context.close();
  });
});
