import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '@coffer/contract/errors';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { translator } from '../support/catalogues';
import { anvilSender, joinWithSecurityKey, newKeyedPage, payOnChain, pick, settles } from '../support/custody';
import { logIn } from '../support/login';
import { activateAndSignIn, createOperatorByCli } from '../support/operators';
import { seedCustomer, type SeededCustomer } from '../support/seed';

/**
 * Issue 17's journey: an enterprise applies for custody in the browser; a support operator
 * enables it at /admin with a salesperson; the applicant, now the organisation's admin, opens a
 * hot and a cold account, requires hardware keys, adds a business line, a role with only the
 * asset report, and a member with it; the member activates through the e-mailed link,
 * registers a passkey (Chromium's virtual authenticator) and sees only what the role allows;
 * test ETH sent on the local chain to the hot account's deposit address shows in the member's
 * asset report and transfer history.
 */

let browser: Browser;
let admin: SeededCustomer;
let member: SeededCustomer;
let operatorLink: Promise<string>;
const stamp = Date.now() % 1_000_000;
const operatorEmail = `cs-support-${stamp}@coffer.test`;
const company = `Kestrel Holdings ${stamp}`;
const roleName = 'Asset auditors';
const screenshotDir = path.resolve(import.meta.dirname, '../../.artifacts/screenshots');
const snap = (page: Page, step: string) => page.screenshot({ path: path.join(screenshotDir, `custody-${step}.png`), fullPage: true });
const menuLabel = translator('en', 'common')('custodyMenu.label');
const noPermission = errorMessage('noPermission', 'en');
const money = translator('en', 'custodyMoney');
/** The admin reads the hot account's ETH deposit address on the Deposit page; the test pays it on chain. */
async function depositOnChain(page: Page): Promise<string> {
  await page.goto('/custody/deposit?lang=en&coin=ETH');
  expect(await page.getByTestId('deposit-credited-to').innerText({ timeout: 30_000 })).toContain('Hot wallet');
  const address = (await page.getByTestId('deposit-address').innerText()).trim();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await snap(page, '6b-deposit');
  return payOnChain(address, '0.5');
}

beforeAll(async () => {
  await mkdir(screenshotDir, { recursive: true });
  // The operator's CLI runs while the customers sign up.
  operatorLink = createOperatorByCli(operatorEmail, 'support');
  [browser, admin, member] = await Promise.all([
    launchBrowser(),
    seedCustomer('custadmin', {}, { accountKind: 'enterprise' }),
    seedCustomer('custmember', {}),
  ]);
});

afterAll(async () => {
  await browser?.close();
});

/** The paths the console's menu links to, in its order. */
async function menuPaths(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: menuLabel }).getByRole('link');
  await links.first().waitFor();
  return links.evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
}

async function apply(page: Page): Promise<void> {
  await page.goto('/custody/apply?lang=en');
  await page.getByTestId('custody-apply-companyName').fill(company);
  await page.getByTestId('custody-apply-country').click();
  await page.keyboard.type('Switzerland');
  await page.keyboard.press('Enter');
  await pick(page, 'custody-apply-industry', 'Fund or asset manager');
  await page.getByTestId('custody-apply-website').fill('https://kestrel.example.com');
  await page.getByTestId('custody-apply-contactName').fill('Clara Vogt');
  await page.getByTestId('custody-apply-phone').fill('+41 44 123 45 67');
  await snap(page, '1-application');
  await page.getByTestId('custody-apply-submit').click();
  await page.getByTestId('custody-application-pending').waitFor();
  await snap(page, '2-pending');
}

async function operatorEnables(page: Page): Promise<void> {
  await activateAndSignIn(page, await operatorLink, operatorEmail);
  await page.getByTestId('admin-menu-custody').click();
  await page.getByTestId('custody-applications').locator('tr', { hasText: company }).getByTestId('custody-open').click();
  await page.getByTestId('custody-enable').click();
  await page.getByTestId('custody-salesperson').fill('sales.kestrel@coffer.test');
  await page.getByTestId('custody-enable-confirm').click();
  await page.getByTestId('custody-decided').waitFor(settles);
  await snap(page, '3-operator-enabled');
}

async function openAccount(page: Page, name: string, kind: 'hot' | 'cold'): Promise<void> {
  await page.getByTestId('account-add').click();
  // Within the form: the account menu's e-mail is `account-name` too.
  const form = page.getByTestId('account-form');
  await form.getByTestId('account-name').fill(name);
  await form.getByTestId(`account-kind-${kind}`).click();
  await page.getByTestId('account-form-submit').click();
  await page.getByTestId('account-table').locator('tr', { hasText: name }).waitFor();
}

async function adminSetsUp(page: Page): Promise<void> {
  await page.goto('/custody/apply?lang=en');
  await page.getByTestId('custody-application-enabled').waitFor();
  await page.getByTestId('custody-open-console').click();
  await page.getByTestId('custody-overview-page').waitFor();

  // Common settings: a hot and a cold account, hardware keys required.
  await page.getByRole('navigation', { name: menuLabel }).getByRole('link', { name: 'Common settings' }).click();
  await openAccount(page, 'Hot wallet', 'hot');
  await openAccount(page, 'Cold vault', 'cold');
  await page.getByTestId('settings-hardware-key').click();
  await page.getByTestId('settings-save').click();
  await page.getByTestId('custody-hardware-key-banner').waitFor(settles);
  expect(await page.getByTestId('settings-hardware-key').getAttribute('aria-checked')).toBe('true');
  await snap(page, '4-settings');

  // A business line: its admin, ETH in the hot account, one reviewer (the admin).
  await page.goto('/custody/businessLines?lang=en');
  await page.getByTestId('line-add').click();
  await page.getByTestId('line-name').fill('Treasury');
  await page.getByTestId('line-admin-email').fill('treasury.lead@coffer.test');
  await pick(page, 'line-currencies', 'ETH ·');
  await page.keyboard.press('Escape');
  await pick(page, 'line-accounts', 'Hot wallet');
  await page.keyboard.press('Escape');
  await pick(page, 'line-reviewers', admin.email);
  await page.keyboard.press('Escape');
  await page.getByTestId('line-min-reviewers').fill('1');
  await snap(page, '5-business-line-form');
  await page.getByTestId('line-form-submit').click();
  await page.locator('tr', { hasText: 'Treasury' }).waitFor(settles);

  // A role that may only view the asset report.
  await page.goto('/custody/roles?lang=en');
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-name').fill(roleName);
  await page.getByTestId('role-description').fill('Reads balances, nothing else');
  await page.getByTestId('role-permission-assetReport').click();
  await page.getByTestId('role-form-submit').click();
  await page.getByTestId('role-table').locator('tr', { hasText: roleName }).waitFor(settles);

  // A member with it: the activation link goes out by e-mail.
  await page.goto('/custody/members?lang=en');
  await page.getByTestId('member-add').click();
  await page.getByTestId('member-email').fill(member.email);
  await page.getByTestId('member-name').fill('Mats Auditor');
  await pick(page, 'member-role', roleName);
  await page.getByTestId('member-form-submit').click();
  await page.getByTestId('member-invitation').waitFor(settles);
  await page.getByTestId('member-invitation-close').click();
  await page.getByTestId('member-table').locator('tr', { hasText: member.email }).waitFor();
  await snap(page, '6-members');
}

describe('the enterprise custody console', () => {
  it('applies, is enabled at /admin, sets up lines, roles and a member; the member joins with a passkey and sees only its role', async () => {
    const customerPage = await newDesktopPage(browser);
    await logIn(customerPage, admin);
    await apply(customerPage);

    const back = await newDesktopPage(browser);
    await operatorEnables(back);
    await back.context().close();

    await adminSetsUp(customerPage);
    await depositOnChain(customerPage);
    await customerPage.context().close();

    // The member, on localhost (a passkey's relying party is a host name), with a virtual authenticator.
    // The organisation requires hardware keys: the security-key step comes first.
    const keyed = await newKeyedPage(browser);
    const { page, context } = keyed;
    await joinWithSecurityKey(keyed, member, () => snap(page, '7-security-key'));
    expect(await page.getByTestId('custody-hardware-key-banner').count()).toBe(0);

    // Only what the role allows: the overview, transfer history and withdrawal orders (any member),
    // the asset report (its permission), applying (anyone).
    expect(await menuPaths(page)).toEqual([
      '/custody',
      '/custody/assetReport',
      '/custody/transfers',
      '/custody/withdrawOrders',
      '/custody/apply',
    ]);
    await snap(page, '8-member-menu');
    const forbidden = { businessLines: 'lines', settings: 'settings', roles: 'roles', members: 'members' };
    for (const [route, list] of Object.entries(forbidden)) {
      await page.goto(`/custody/${route}?lang=en`);
      expect(await page.getByTestId(`${list}-load-error`).innerText({ timeout: 30_000 })).toContain(noPermission);
    }
    await snap(page, '9-member-forbidden');

    // The deposit, credited after its confirmations: in the asset report and the transfer history.
    await page.goto('/custody/assetReport?lang=en');
    const ethBalance = page.locator('[data-testid^="holding-balance-"][data-testid$="-ETH"]');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('custody-asset-report-page').waitFor();
          return (await ethBalance.count()) > 0 ? (await ethBalance.first().innerText()).trim() : '';
        },
        { timeout: 120_000, interval: 2_000 },
      )
      .toMatch(/^0\.50*( ETH)?$/);
    await snap(page, '10-asset-report');
    await page.goto('/custody/transfers?lang=en');
    const row = page.getByTestId('custody-transfers-page').locator('tr', { hasText: anvilSender.address.slice(-6) });
    await row.first().waitFor(settles);
    expect(await row.first().innerText()).toContain(money('states.credited'));
    expect(await row.first().innerText()).toContain(money('businessTypes.deposit'));
    await snap(page, '11-transfers');
    await context.close();
  }, 300_000);
});
