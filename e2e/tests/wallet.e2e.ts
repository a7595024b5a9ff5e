import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { logIn } from '../support/login';
import { seedCustomer, type SeededCustomer } from '../support/seed';

let browser: Browser;
let alice: SeededCustomer;
let bob: SeededCustomer;

beforeAll(async () => {
  browser = await launchBrowser();
  // Alice holds 1.5 BTC and 0.5 USDT (under 1 USD, so the switch hides it); Bob holds nothing.
  alice = await seedCustomer('alice', { BTC: 150_000_000n, USDT: 500_000n });
  bob = await seedCustomer('bob', {});
});

afterAll(async () => {
  await browser.close();
});

const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The bills page over yesterday and today, and the CSV it downloads for that range. */
async function downloadBills(page: Page): Promise<string> {
  const today = new Date();
  const yesterday = new Date(today.getTime() - 86_400_000);
  await page.goto(`/propertyCenter/bills?lang=en&start=${day(yesterday)}&end=${day(today)}`);
  await page.getByTestId('bills-table').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bills-download').click()]);
  return readFile(await download.path(), 'utf8');
}

describe('balances, internal transfer and bills in the browser', () => {
  it('shows balances, hides small ones, transfers to another customer, and both see it in bills and CSV', async () => {
    const page = await newDesktopPage(browser);
    await logIn(page, alice);

    await page.goto('/propertyCenter/balance?lang=en');
    const table = page.getByTestId('balance-table');
    await table.getByText('BTC', { exact: true }).first().waitFor();
    expect(await table.innerText()).toContain('USDT');
    await page.getByTestId('hide-small').click();
    await expect.poll(async () => (await table.innerText()).includes('USDT')).toBe(false);
    expect(await table.innerText()).toContain('BTC');

    await page.goto('/propertyCenter/transfer?lang=en');
    await page.getByTestId('transfer-coin').click();
    await page.keyboard.type('BTC');
    await page.keyboard.press('Enter');
    await page.getByTestId('transfer-receiver').fill(bob.userNo);
    await page.getByTestId('transfer-amount').fill('0.25');
    await page.getByTestId('transfer-next').click();
    await page.getByTestId('transfer-fund-password').fill(alice.fundPassword);
    await page.getByTestId('transfer-ga-code').fill(await alice.nextGaCode());
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-result').waitFor();

    const aliceCsv = await downloadBills(page);
    expect(aliceCsv).toMatch(/,2004,BTC,-0\.25,/);
    expect(await page.getByTestId('bills-table').innerText()).toContain('-0.25');
    await page.context().close();

    const bobPage = await newDesktopPage(browser);
    await logIn(bobPage, bob);
    const bobCsv = await downloadBills(bobPage);
    expect(bobCsv).toMatch(/,2003,BTC,0\.25,/);
    expect(await bobPage.getByTestId('bills-table').innerText()).toContain('0.25');
    await bobPage.goto('/propertyCenter/balance?lang=en');
    await bobPage.getByTestId('balance-table').getByText('0.25').first().waitFor();
    await bobPage.context().close();
    // Each authenticator step is accepted once, so the journey waits for the clock twice.
  }, 180_000);
});
