import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { horizontalOverflow } from '../support/layout';
import { logIn } from '../support/login';
import { bindPhone, saveAddress, seedCustomer, type SeededCustomer } from '../support/seed';

let browser: Browser;
let page: Page;
let lena: SeededCustomer;

// 1,100 USDT is over LARGE_WITHDRAWAL_USD (1,000): it is held until confirmed. A cancelled one
// does not count against the 2,000 USD daily limit, so the second fits after the first.
const largeAmount = '1100';
// Trusted over a day ago: no codes to type, so the journey never waits for the authenticator's clock.
const trusted = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
/** The screen refetches after each change; on a busy machine that takes a few seconds. */
const settles = { timeout: 20_000, interval: 250 };

beforeAll(async () => {
  browser = await launchBrowser();
  lena = await seedCustomer('lena', { USDT: 5_000n * 10n ** 6n });
  await bindPhone(lena);
  await saveAddress(lena, { chain: 'ethereum', address: trusted, note: 'Ledger', trusted: true });
  // The spec's minimum desktop width, where the records table is at its narrowest.
  page = await newDesktopPage(browser, { width: 1349 });
  await logIn(page, lena);
}, 240_000);

afterAll(async () => {
  await browser.close();
});

/** Submits a large USDT withdrawal on the withdraw screen; answers its serial number once it is held. */
async function submitLargeWithdrawal(lang: string): Promise<string> {
  await page.goto(`/propertyCenter/withdraw?lang=${lang}&coin=USDT`);
  await page.getByTestId('withdraw-available').waitFor();
  await page.getByTestId('withdraw-address').fill(trusted);
  await page.getByTestId('withdraw-amount').fill(largeAmount);
  await page.getByTestId('withdraw-next').click();
  await page.getByTestId('withdraw-large-notice').waitFor();
  await page.getByTestId('withdraw-trusted-skip').waitFor();
  await page.getByTestId('withdraw-submit').click();
  return (await page.getByTestId('withdraw-serial').innerText()).trim();
}

/** After a reload only the records list is left: the held withdrawal's row there. */
async function reloadToHeldRow(serial: string) {
  await page.reload();
  const row = page.getByTestId('withdrawal-records').locator('tr', { hasText: serial });
  await row.getByTestId('withdraw-second-confirm').waitFor();
  expect(await page.getByTestId('withdraw-result').count()).toBe(0);
  return row;
}

describe('a large withdrawal held for its second confirmation, handled from the records list after a reload', () => {
  it('cancels it with the pop-confirm and the held amount comes back, with nothing cut off at 1349 px (zh-TW)', async () => {
    const available = page.getByTestId('withdraw-available');
    const serial = await submitLargeWithdrawal('zh-TW');
    const row = await reloadToHeldRow(serial);
    expect(await horizontalOverflow(page)).toEqual([]);
    // 1,100 and its 2 USDT fee are held.
    await expect.poll(() => available.innerText(), settles).toBe('3,898.00 USDT');

    await row.getByTestId('withdraw-cancel').click();
    const cancelled = page.waitForResponse((response) => response.url().endsWith(withdrawalPaths.cancelWithdrawal));
    await page.getByTestId('withdraw-cancel-yes').click();
    expect(((await (await cancelled).json()) as { data: { record: { status: string } } }).data.record.status).toBe('cancelled');

    await expect.poll(() => row.getByTestId('withdrawal-status').innerText(), settles).toContain('已取消');
    expect(await row.getByTestId('withdraw-second-confirm').count()).toBe(0);
    await expect.poll(() => available.innerText(), settles).toBe('5,000.00 USDT');
  }, 120_000);

  it('confirms it and sees it processing, with nothing cut off at 1349 px (en)', async () => {
    const serial = await submitLargeWithdrawal('en');
    const row = await reloadToHeldRow(serial);
    expect(await horizontalOverflow(page)).toEqual([]);

    const confirmed = page.waitForResponse((response) => response.url().endsWith(withdrawalPaths.confirmWithdrawal));
    await row.getByTestId('withdraw-second-confirm').click();
    expect(((await (await confirmed).json()) as { data: { record: { status: string } } }).data.record.status).toBe('processing');

    // From here the signer sends it; the list follows it out of "awaiting" without a reload.
    await expect
      .poll(() => row.getByTestId('withdrawal-status').innerText(), settles)
      .toMatch(/^. (Processing|Confirming on chain|Completed)$/);
    expect(await row.getByTestId('withdraw-second-confirm').count()).toBe(0);
  }, 120_000);
});
