import { errorCatalogue } from '@coffer/contract/errors';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { codeSentBy } from '../support/codes';
import { allowCodeResend, customerAuthenticator, expireAuthenticatorChanges } from '../support/seed';

let browser: Browser;
const email = `e2e${Date.now() % 1_000_000}@coffer.test`;
const password = 'Vault-Key-2026';
let nextAuthenticatorCode: () => Promise<string> = () => Promise.reject(new Error('no authenticator bound yet'));
const screenshotDir = path.resolve(import.meta.dirname, '../../.artifacts/screenshots');

const securityCatalogue = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/shared/i18n/locales/en/security.json'), 'utf8'),
) as { operations: Record<string, string>; authenticator: { changeSuccess: string } };

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

async function sendAndFillCode(page: Page, sendTestId: string, inputTestId: string): Promise<void> {
  const code = await codeSentBy(email, () => page.getByTestId(sendTestId).click());
  await page.getByTestId(inputTestId).fill(code);
}

/** The new key shown once step 1 is accepted; if it never comes, the test fails naming the error shown. */
async function newAuthenticatorSecret(page: Page): Promise<string> {
  try {
    await page.getByTestId('ga-secret').waitFor();
  } catch (error) {
    const shown = await page.getByTestId('toast-error').allInnerTexts();
    throw new Error(`no new key after step 1 (error toasts: ${shown.join(' | ') || 'none'})`, { cause: error });
  }
  return (await page.getByTestId('ga-secret').innerText()).replace(/\s/g, '');
}

/** A 6-digit code no step of `secret` near the clock has, so the server surely refuses it. */
async function wrongCodeFor(secret: string): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  const near = await Promise.all([-1, 0, 1, 2].map((offset) => generate({ secret, epoch: (step + offset) * 30 })));
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !near.includes(code))!;
}

async function logIn(page: Page, lang: string): Promise<void> {
  await page.goto(`/login?lang=${lang}`);
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('twofa-method-ga').click();
}

describe('identity journey in the browser', () => {
  it('registers by e-mail, binds the authenticator, logs out and in with it, sets the fund password, and sees both in the history', async () => {
    const page = await newDesktopPage(browser);

    // Register by e-mail with the code from the dev outbox.
    await page.goto('/sign?lang=en');
    await page.getByTestId('signup-account').fill(email);
    await page.getByTestId('signup-country').click();
    await page.keyboard.type('Germany');
    await page.keyboard.press('Enter');
    await sendAndFillCode(page, 'signup-send-code', 'signup-code');
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-confirm').fill(password);
    await page.getByTestId('signup-agree').check();
    await page.getByTestId('signup-submit').click();
    await page.waitForURL('**/propertyCenter/securitySetting');

    // Bind Google Authenticator: the test is the phone app, computing the codes.
    await page.goto('/propertyCenter/securitySetting/bindGoogle?lang=en');
    const secret = (await page.getByTestId('ga-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    nextAuthenticatorCode = customerAuthenticator(secret, email);
    await sendAndFillCode(page, 'verify-email-send', 'verify-email-code');
    await page.getByTestId('ga-new-code').fill(await nextAuthenticatorCode());
    await page.getByTestId('ga-submit').click();
    await page.waitForURL('**/propertyCenter/securitySetting');

    // Log out, then log in with the password and the authenticator.
    await page.getByTestId('log-out').click();
    await page.waitForURL('**/login');
    await logIn(page, 'en');
    await page.getByTestId('twofa-code').fill(await nextAuthenticatorCode());
    await page.getByTestId('twofa-submit').click();
    await page.waitForURL('**/propertyCenter/dashboard');

    // Set the fund password with the e-mail code and a fresh authenticator code.
    await page.goto('/propertyCenter/securitySetting/fundPassword?lang=en');
    await page.getByTestId('fund-password').fill('258036');
    await page.getByTestId('fund-password-confirm').fill('258036');
    await sendAndFillCode(page, 'verify-email-send', 'verify-email-code');
    await page.getByTestId('verify-ga-code').fill(await nextAuthenticatorCode());
    await page.getByTestId('fund-password-submit').click();
    await page.waitForURL('**/propertyCenter/securitySetting');

    // Both operations are in the security history.
    await page.goto('/propertyCenter/accountInfo?lang=en');
    await page.getByRole('tab', { name: /security/i }).click();
    const history = page.getByTestId('security-history');
    await history.getByText(securityCatalogue.operations.setPaymentPassword!).waitFor();
    const text = await history.innerText();
    expect(text).toContain(securityCatalogue.operations.bindAuthenticator);
    expect(text).toContain(securityCatalogue.operations.setPaymentPassword);
    expect(text).toContain(securityCatalogue.operations.register);
    await page.screenshot({ path: path.resolve(import.meta.dirname, '../../.artifacts/screenshots/account-info-en.png'), fullPage: true });
    await page.context().close();
    // Each authenticator step is accepted once, so the journey may wait for the clock.
  }, 120_000);

  it('shows a wrong second factor’s error in the chosen language and stays logged out', async () => {
    const page = await newDesktopPage(browser);
    await logIn(page, 'ru');
    await page.getByTestId('twofa-code').fill('000000');
    await page.getByTestId('twofa-submit').click();
    const toast = page.getByRole('alert');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Неверный код Google Authenticator');
    expect(page.url()).toContain('/login');
    const me = await page.request.get('/uc/synUserInfo');
    expect(me.status()).toBe(401);
    await page.context().close();
  });

  it('changes the authenticator in three steps — past a wrong code and an expired change — and logs in with the new one', async () => {
    const page = await newDesktopPage(browser);
    const shot = (name: string) =>
      page.screenshot({ path: path.join(screenshotDir, `change-authenticator-${name}.png`), fullPage: true, animations: 'disabled' });
    await logIn(page, 'en');
    await page.getByTestId('twofa-code').fill(await nextAuthenticatorCode());
    await page.getByTestId('twofa-submit').click();
    await page.waitForURL('**/propertyCenter/dashboard');

    // Step 1 (change-ga-check): the e-mail code and a code of the authenticator bound now.
    const verifyCurrentFactors = async () => {
      await allowCodeResend(email);
      await sendAndFillCode(page, 'verify-email-send', 'verify-email-code');
      await page.getByTestId('verify-ga-code').fill(await nextAuthenticatorCode());
    };
    await page.goto('/propertyCenter/securitySetting/changeGoogle?lang=en');
    await verifyCurrentFactors();
    await shot('1-verify');
    await page.getByTestId('ga-change-verify').click();

    // Step 2 (ga-generate): the new key to scan.
    const firstSecret = await newAuthenticatorSecret(page);
    expect(firstSecret).toMatch(/^[A-Z2-7]{32}$/);
    await shot('2-scan');
    await page.getByTestId('ga-change-next').click();

    // Step 3 (ga-check): a wrong code is refused with the catalogue's message; the step stays.
    await page.getByTestId('ga-new-code').fill(await wrongCodeFor(firstSecret));
    await page.getByTestId('ga-submit').click();
    await page.getByTestId('toast-error').getByText(errorCatalogue.authenticatorCodeWrong.messages.en).waitFor();
    await page.locator('.ant-form-item-explain-error', { hasText: errorCatalogue.authenticatorCodeWrong.messages.en }).waitFor();
    await shot('3-wrong-code');

    // The ticket runs out (as if 10 minutes had passed): even the right code is refused, start again.
    await expireAuthenticatorChanges(email);
    await page.getByTestId('ga-new-code').fill(await generate({ secret: firstSecret }));
    await page.getByTestId('ga-submit').click();
    await page.getByTestId('ga-change-expired').waitFor();
    await shot('4-expired');
    await page.getByTestId('ga-change-restart').click();

    await verifyCurrentFactors();
    await page.getByTestId('ga-change-verify').click();
    const secret = await newAuthenticatorSecret(page);
    expect(secret).not.toBe(firstSecret);
    await page.getByTestId('ga-change-next').click();
    nextAuthenticatorCode = customerAuthenticator(secret, email);
    await page.getByTestId('ga-new-code').fill(await nextAuthenticatorCode());
    await shot('5-confirm');
    await page.getByTestId('ga-submit').click();

    // Back in the security centre: the toast and the 24-hour withdrawal lock.
    await page.waitForURL('**/propertyCenter/securitySetting');
    await page.getByTestId('toast-success').getByText(securityCatalogue.authenticator.changeSuccess).waitFor();
    await page.getByTestId('withdraw-lock').waitFor();
    await shot('6-done');

    // The new authenticator signs in.
    await page.getByTestId('log-out').click();
    await page.waitForURL('**/login');
    await logIn(page, 'en');
    await page.getByTestId('twofa-code').fill(await nextAuthenticatorCode());
    await page.getByTestId('twofa-submit').click();
    await page.waitForURL('**/propertyCenter/dashboard');
    await page.context().close();
  }, 120_000);
});
