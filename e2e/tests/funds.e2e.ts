import type { Browser } from 'playwright-core';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { logIn } from '../support/login';
import { bindPhone, seedCustomer, type SeededCustomer } from '../support/seed';

let browser: Browser;
let dana: SeededCustomer;

beforeAll(async () => {
  browser = await launchBrowser();
  dana = await seedCustomer('dana', {});
  await bindPhone(dana);
});

afterAll(async () => {
  await browser.close();
});

describe('deposit and withdrawal on the local chain in the browser', () => {
  it('deposits test ETH from the faucet, sees it credited, withdraws to an outside address, and the chain shows it arrive', async () => {
    const chain = createPublicClient({ transport: http(inject('evmRpcUrl')) });
    const outside: Address = privateKeyToAccount(generatePrivateKey()).address;
    expect(await chain.getBalance({ address: outside })).toBe(0n);

    const page = await newDesktopPage(browser);
    await logIn(page, dana);

    // Deposit: the faucet sends 1 ETH on anvil; the watcher credits it after its confirmations.
    await page.goto('/propertyCenter/recharge?lang=en&coin=ETH');
    expect(await page.getByTestId('deposit-minimum').innerText()).toMatch(/ ETH$/);
    const address = (await page.getByTestId('deposit-address').innerText()).trim();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // A second tab on the balance page stays open and is never reloaded (the marker would go).
    const balanceTab = await page.context().newPage();
    await balanceTab.goto('/propertyCenter/balance?lang=en');
    const ethRow = balanceTab
      .getByTestId('balance-table')
      .getByRole('row')
      .filter({ has: balanceTab.getByRole('link', { name: 'Deposit ETH' }) });
    await ethRow.waitFor();
    expect(await ethRow.innerText()).not.toContain('1.00000000');
    await balanceTab.evaluate(() => Object.assign(window, { notReloaded: true }));

    await page.getByTestId('deposit-faucet').click();
    const records = page.getByTestId('deposit-records');
    await records.getByTestId('deposit-status-waiting').first().waitFor({ timeout: 30_000 });
    // Its confirmations as "n of N" while it waits.
    expect(await records.getByTestId('deposit-progress-count').first().innerText()).toMatch(/^\d+ of \d+$/);
    // Credited: the open balance tab shows it over the account socket, without a reload.
    await ethRow.getByText('1.00000000').first().waitFor({ timeout: 90_000 });
    expect(await balanceTab.evaluate(() => 'notReloaded' in window)).toBe(true);
    await records.getByTestId('deposit-status-credited').first().waitFor({ timeout: 10_000 });
    expect(await records.innerText()).toContain('1.00000000');

    // Withdraw 0.05 ETH to an address outside Coffer with the fund password and the authenticator.
    await page.goto('/propertyCenter/withdraw?lang=en&coin=ETH');
    await expect.poll(async () => page.getByTestId('withdraw-available').innerText(), { timeout: 20_000 }).toBe('1.00000000 ETH');
    await page.getByTestId('withdraw-address').fill(outside);
    await page.getByTestId('withdraw-amount').fill('0.05');
    await page.getByTestId('withdraw-next').click();
    await page.getByTestId('withdraw-confirm').waitFor();
    await page.getByTestId('withdraw-fund-password').fill(dana.fundPassword);
    await page.getByTestId('withdraw-ga-code').fill(await dana.nextGaCode());
    await page.getByTestId('withdraw-submit').click();
    const serial = (await page.getByTestId('withdraw-serial').innerText()).trim();
    expect(serial.length).toBeGreaterThanOrEqual(8);

    // The chain itself says the money arrived: exactly the amount, the fee stays with Coffer.
    await expect.poll(async () => chain.getBalance({ address: outside }), { timeout: 90_000, interval: 1_000 }).toBe(parseEther('0.05'));

    const withdrawals = page.getByTestId('withdrawal-records');
    await withdrawals.getByText(serial).waitFor({ timeout: 30_000 });
    await page.context().close();
  }, 300_000);
});
