import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyPng } from '../../apps/server/test/fixtures/uploads/image-fixtures';
import { fakeMediaArgs } from '../../scripts/lib/chromium';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { logIn } from '../support/login';
import { activateAndSignIn } from '../support/operators';
import { seedCustomer, type SeededCustomer } from '../support/seed';

/**
 * Issue 15's journey: a new customer verifies their identity to each level in the browser —
 * KYC1 by the rules, KYC2 on the sandbox provider's hosted page, KYC3 with a video recorded
 * from Chromium's fake camera — and an operator, signed in at /admin with the authenticator,
 * approves KYC3; the customer then sees level 3 and its higher withdrawal limit.
 */

let browser: Browser;
let customer: SeededCustomer;
const settles = { timeout: 30_000, interval: 250 };
const screenshotDir = path.resolve(import.meta.dirname, '../../.artifacts/screenshots');
/** Each step kept as a picture, to look at what the journey saw. */
const snap = (page: Page, step: string) => page.screenshot({ path: path.join(screenshotDir, `kyc-${step}.png`), fullPage: true });

beforeAll(async () => {
  browser = await launchBrowser(fakeMediaArgs);
  await mkdir(screenshotDir, { recursive: true });
  customer = await seedCustomer('kyc', {}, { kycLevel: 0 });
});

afterAll(async () => {
  await browser.close();
});

/** An antd select: opens it and picks the option whose text is `label`. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
}

const image = (seed: number) => ({ name: `photo-${seed}.png`, mimeType: 'image/png', buffer: noisyPng(160, 120, seed) });

async function kyc1(page: Page): Promise<void> {
  await page.getByTestId('kyc-level-action-1').click();
  await page.getByTestId('kyc1-surname').fill('Müller');
  await page.getByTestId('kyc1-given-name').fill('Anna');
  await page.getByTestId('kyc1-document-type-passport').click();
  await choose(page, 'kyc1-document-country', 'Germany');
  await page.getByTestId('kyc1-id-number').fill('C01X00T47');
  await page.getByTestId('kyc1-birthday').click();
  await page.keyboard.type('1990-05-17');
  await page.keyboard.press('Enter');
  await page.getByTestId('kyc1-building').fill('12');
  await page.getByTestId('kyc1-street').fill('Torstraße');
  await page.getByTestId('kyc1-region').fill('Berlin');
  await page.getByTestId('kyc1-city').fill('Berlin');
  await choose(page, 'kyc1-country', 'Germany');
  await page.getByTestId('kyc1-address-proof').setInputFiles(image(1));
  await page.getByTestId('kyc1-address-proof-done').waitFor();
  await snap(page, '1-basic-form');
  await page.getByTestId('kyc1-submit').click();
  await expect.poll(() => page.getByTestId('kyc-level-state-1').getAttribute('data-state'), settles).toBe('verified');
}

async function kyc2(page: Page): Promise<void> {
  await page.getByTestId('kyc-level-action-2').click();
  await page.getByTestId('kyc2-start').click();
  // The provider's hosted page (served by the app's sandbox, reached like a real provider).
  await page.waitForURL(/\/sandbox\/kyc\/session\//);
  await page.locator('input[name="documentFront"]').setInputFiles(image(2));
  await page.locator('input[name="documentBack"]').setInputFiles(image(3));
  await page.locator('input[name="selfie"]').setInputFiles(image(4));
  await page.locator('input[name="outcome"][value="approve"]').check();
  await snap(page, '2-provider-page');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/propertyCenter\/identification/);
  // The outcome arrives by signed webhook; the screen follows.
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId('kyc-level-state-2').getAttribute('data-state');
    }, settles)
    .toBe('verified');
}

async function kyc3(page: Page): Promise<void> {
  await page.getByTestId('kyc-level-action-3').click();
  await page.getByTestId('kyc3-purpose-investment').click();
  await page.getByTestId('kyc3-income-salary').click();
  await page.getByTestId('kyc3-fund-trading').click();
  await page.getByTestId('kyc3-not-us-person').click();
  await page.getByTestId('kyc3-accuracy').click();
  expect(await page.getByTestId('kyc3-video-script').innerText()).toContain('Anna Müller');
  await page.getByTestId('kyc3-record').click();
  await page.getByTestId('kyc3-recording').waitFor();
  await page.waitForTimeout(3_000);
  await page.getByTestId('kyc3-stop').click();
  await page.getByTestId('kyc3-preview').waitFor();
  await snap(page, '3-video-form');
  await page.getByTestId('kyc3-submit').click();
  await page.getByTestId('kyc3-submitted').waitFor(settles);
}

/** The first super admin, activated with the link the first start logged, then signed in with the authenticator. */
async function operatorApproves(page: Page): Promise<void> {
  await activateAndSignIn(page, inject('operatorActivationLink'), 'admin@coffer.local');
  await page.getByTestId('admin-menu-kyc').click();
  await page.getByTestId('kyc-queue').locator('tr', { hasText: customer.userNo }).getByTestId('kyc-queue-open').click();
  await page.getByTestId('kyc-file-video').waitFor();
  await snap(page, '4-admin-application');
  await page.getByTestId('kyc-approve').click();
  await page.getByTestId('kyc-approve-confirm').click();
  await page.getByTestId('kyc-decided').waitFor(settles);
}

describe('identity verification in three levels, and the operator’s review', () => {
  it('KYC1, KYC2 on the provider’s page, KYC3 with a recorded video; approved at /admin; level 3 and its limit', async () => {
    const page = await newDesktopPage(browser);
    await logIn(page, customer);
    await page.goto('/propertyCenter/identification?lang=en');
    await choose(page, 'kyc-country', 'Germany');
    expect(await page.getByTestId('kyc-allowance-withdraw').innerText()).toMatch(/cannot withdraw/i);

    await kyc1(page);
    await kyc2(page);
    await kyc3(page);

    const back = await newDesktopPage(browser);
    await operatorApproves(back);
    await back.context().close();

    await page.goto('/propertyCenter/identification?lang=en');
    await expect.poll(() => page.getByTestId('kyc-level-state-3').getAttribute('data-state'), settles).toBe('verified');
    expect(await page.getByTestId('kyc-allowance-withdraw').innerText()).toMatch(/1,000,000/);
    await snap(page, '5-level-3');
    await page.context().close();
  }, 240_000);
});
