import { custodyPaths } from '@coffer/contract/custody-paths';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { createWalletClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect, inject } from 'vitest';
import { callApi } from './api';
import { baseUrl } from './browser';
import { codeSentBy } from './codes';
import { logIn } from './login';
import { activateAndSignInByApi, createOperatorByCli } from './operators';
import { allowCodeResend, seedCustomer, type SeededCustomer } from './seed';

/** How long a journey waits for a state the server reaches by itself (a save, a job's tick). */
export const settles = { timeout: 30_000, interval: 250 };

/**
 * Anvil's second dev account (its well-known key): the server's faucet sends from the first, so
 * the two never race for one nonce.
 */
export const anvilSender = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

/** Pays `ether` from `anvilSender` to `address` on the local chain; the transaction's hash. */
export function payOnChain(address: string, ether: string): Promise<string> {
  const wallet = createWalletClient({ account: anvilSender, transport: http(inject('evmRpcUrl')) });
  return wallet.sendTransaction({ to: address as `0x${string}`, value: parseEther(ether), chain: null });
}

/** An antd select: opens it and clicks the option showing `label` (a multiple select stays open: Escape closes it). */
export async function pick(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: label }).first().click();
}

/** The path of the activation link in the newest invitation e-mailed to `to` (the dev outbox keeps bodies). */
export async function activationPath(to: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/dev/outbox?to=${encodeURIComponent(to)}&limit=10`);
  const messages = ((await response.json()) as { data: Array<{ body: string }> }).data;
  const link = messages.map((message) => /https?:\/\/\S+\/custody\/activate\?token=[\w-]+/.exec(message.body)?.[0]).find(Boolean);
  if (!link) throw new Error(`no activation link e-mailed to ${to}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** A browser context with a virtual authenticator (Chromium's WebAuthn domain), whose passkeys the test can read. */
export interface KeyedPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/**
 * A desktop page on localhost (a passkey's relying party is a host name) with a virtual
 * authenticator that answers every prompt as a verified user would.
 */
export async function newKeyedPage(browser: Browser): Promise<KeyedPage> {
  const context = await browser.newContext({
    viewport: { width: 1460, height: 900 },
    locale: 'en-US',
    baseURL: baseUrl().replace('127.0.0.1', 'localhost'),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { context, page, cdp, authenticatorId };
}

/**
 * A member of an organisation that requires hardware keys joins in the browser: logs in, opens
 * the e-mailed activation link, confirms, and registers a passkey at the security-key step
 * (e-mail and authenticator codes first); waits for the console's overview. `beforeRegister`
 * runs with the step filled in (a screenshot).
 */
export async function joinWithSecurityKey(
  keyed: KeyedPage,
  member: SeededCustomer,
  beforeRegister?: () => Promise<unknown>,
): Promise<void> {
  const { page } = keyed;
  await logIn(page, member);
  await page.goto(`${await activationPath(member.email)}&lang=en`);
  await page.getByTestId('custody-activate-confirm').click();
  await page.getByTestId('custody-security-key-step').waitFor(settles);
  await allowCodeResend(member.email);
  const emailCode = await codeSentBy(member.email, () => page.getByTestId('verify-email-send').click());
  await page.getByTestId('verify-email-code').fill(emailCode);
  await page.getByTestId('verify-ga-code').fill(await member.nextGaCode());
  await beforeRegister?.();
  await page.getByTestId('custody-security-key-register').click();
  await page.getByTestId('custody-overview-page').waitFor(settles);
  const { credentials } = await keyed.cdp.send('WebAuthn.getCredentials', { authenticatorId: keyed.authenticatorId });
  expect(credentials).toHaveLength(1);
}

/** An organisation enabled and configured through the API, with an ETH-funded hot account. */
export interface CustodyOrg {
  orgId: string;
  company: string;
  /** The enterprise admin (it applied): it submits the orders. */
  admin: SeededCustomer;
  hotAccountId: string;
  lineId: string;
  lineName: string;
  /** The line's two reviewers, invited (each activates with its own security key in the browser). */
  reviewers: [SeededCustomer, SeededCustomer];
}

interface Me {
  organisation: { id: string };
}

/**
 * An enterprise custody organisation set up as its admin and a support operator would, through
 * the HTTP API (the browser journeys of these steps are custody.e2e.ts): the enterprise applies,
 * an operator made by `npm run operator` enables it, the admin requires hardware keys, opens a
 * hot account, invites two reviewers (the built-in approver role), and adds a business line with
 * ETH in that account, both reviewers, a minimum of 2 approvals, generous ETH limits and no
 * whitelist. Everything about the line is set at creation: once a reviewer has activated, a
 * change of its policy needs the quorum. The hot account is funded with `fundEther` sent on
 * anvil to its deposit address, waited for until credited.
 */
export async function enabledOrganisation(label: string, fundEther: string): Promise<CustodyOrg> {
  const stamp = Date.now() % 1_000_000;
  const operatorEmail = `cs-${label}-${stamp}@coffer.test`;
  const company = `${label[0]!.toUpperCase()}${label.slice(1)} Capital ${stamp}`;
  const operatorLink = createOperatorByCli(operatorEmail, 'support');
  const [admin, first, second] = await Promise.all([
    seedCustomer(`${label}admin`, {}, { accountKind: 'enterprise' }),
    seedCustomer(`${label}rev1`, {}),
    seedCustomer(`${label}rev2`, {}),
  ]);
  const session = admin.session;

  await callApi('POST', custodyPaths.application, {
    cookie: session,
    body: {
      companyName: company,
      country: 'CH',
      industry: 'fund',
      website: 'https://capital.example.com',
      contactName: 'Clara Vogt',
      phone: '+41441234567',
      email: admin.email,
    },
  });
  const operator = await activateAndSignInByApi(await operatorLink, operatorEmail);
  const { data: applications } = await callApi<{ items: Array<{ id: string; companyName: string }> }>(
    'GET',
    `/admin/api/v1/custody/applications?state=pending&pageSize=100`,
    { cookie: operator },
  );
  const application = applications.items.find((item) => item.companyName === company);
  if (!application) throw new Error(`the back office lists no application of ${company}`);
  await callApi('POST', `/admin/api/v1/custody/applications/${application.id}/enable`, {
    cookie: operator,
    body: { salespersonEmail: `sales.${label}@coffer.test` },
  });

  const { data: me } = await callApi<Me>('GET', custodyPaths.me, { cookie: session });
  const { data: settings } = await callApi<Record<string, unknown>>('GET', custodyPaths.settings, { cookie: session });
  await callApi('POST', custodyPaths.settings, { cookie: session, body: { ...settings, requireHardwareKey: true } });
  const { data: account } = await callApi<{ id: string }>('POST', custodyPaths.accounts, {
    cookie: session,
    body: { name: 'Hot wallet', kind: 'hot', tier: 'enterprise' },
  });
  const { data: roles } = await callApi<Array<{ id: string; builtInRole: string | null }>>('GET', custodyPaths.roles, { cookie: session });
  const approverRole = roles.find((role) => role.builtInRole === 'approver');
  if (!approverRole) throw new Error('the organisation has no built-in approver role');
  const reviewerIds: string[] = [];
  for (const [index, reviewer] of [first, second].entries()) {
    const { data } = await callApi<{ member: { id: string } }>('POST', custodyPaths.members, {
      cookie: session,
      body: { email: reviewer.email, name: `Reviewer ${index + 1}`, roleId: approverRole.id },
    });
    reviewerIds.push(data.member.id);
  }
  const lineName = 'Payouts';
  const { data: line } = await callApi<{ id: string }>('POST', custodyPaths.lines, {
    cookie: session,
    body: {
      name: lineName,
      adminEmail: admin.email,
      currencies: ['ETH'],
      accountIds: [account.id],
      minReviewers: 2,
      reviewerMemberIds: reviewerIds,
      limits: [{ asset: 'ETH', perTransaction: '10', perDay: '50', perWeek: '100', perMonth: '200' }],
    },
  });

  await fundAccount(session, account.id, fundEther);
  return {
    orgId: me.organisation.id,
    company,
    admin,
    hotAccountId: account.id,
    lineId: line.id,
    lineName,
    reviewers: [first, second],
  };
}

/** Sends `ether` on anvil to the account's ETH deposit address and waits until the deposit is credited (12 confirmations). */
async function fundAccount(session: string, accountId: string, ether: string): Promise<void> {
  const { data: deposit } = await callApi<{ address: string }>(
    'GET',
    `${custodyPaths.depositAddress.replace(':id', accountId)}?coin=ETH&chain=ethereum`,
    { cookie: session },
  );
  await payOnChain(deposit.address, ether);
  // 12 confirmations of 2-s blocks, then the watcher's tick (a set-up step, outside any test: no expect.poll).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { data } = await callApi<{ accounts: Array<{ accountId: string; assets: Array<{ coin: string; available: string }> }> }>(
      'GET',
      custodyPaths.balances,
      { cookie: session },
    );
    const held = data.accounts.find((each) => each.accountId === accountId)?.assets.find((asset) => asset.coin === 'ETH');
    if (held && parseEther(held.available) === parseEther(ether)) return;
    if (Date.now() > deadline)
      throw new Error(`the deposit of ${ether} ETH was not credited within 60 s (available: ${held?.available ?? 'none'})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
