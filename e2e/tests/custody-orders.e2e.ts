import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { custodyPaths } from '@coffer/contract/custody-paths';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, formatEther, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { translator } from '../support/catalogues';
import { enabledOrganisation, joinWithSecurityKey, newKeyedPage, settles, type CustodyOrg, type KeyedPage } from '../support/custody';
import { currentBill, ethFeeLine, issueCurrentBill } from '../support/custody-billing';
import { logIn } from '../support/login';

/**
 * Issue 18's journey: the enterprise admin of an organisation that requires hardware keys (set
 * up through the API: support/custody.ts) places a batch of three ETH withdrawals from a CSV
 * made from the line's template; each of the line's two reviewers joins with a passkey
 * (Chromium's virtual authenticator) and approves every order in the review dialog, the key
 * signing each order's digest; the withdrawal signer sends them on anvil, where the three
 * addresses receive the exact amounts, and the orders end approved with their transaction; the
 * month's bill, issued now, charges their fees in its withdrawal-fee line.
 */

let browser: Browser;
let org: CustodyOrg;
const screenshotDir = path.resolve(import.meta.dirname, '../../.artifacts/screenshots');
const snap = (page: Page, step: string) =>
  page.screenshot({ path: path.join(screenshotDir, `custody-orders-${step}.png`), fullPage: true });
const orders = translator('en', 'custodyOrders');
const keyLabel = orders('detail.securityKey', { name: '' }).trim();
const chain = () => createPublicClient({ transport: http(inject('evmRpcUrl')) });

/** Three fresh addresses on the local chain (nobody holds their keys past this test) and what each receives. */
const payouts = ['0.011', '0.012', '0.013'].map((amount) => ({ address: privateKeyToAccount(generatePrivateKey()).address, amount }));

interface Order {
  id: string;
  serialNo: string;
  amount: string;
  fee: string;
  address: string;
  state: string;
  digest: string;
}

beforeAll(async () => {
  await mkdir(screenshotDir, { recursive: true });
  [browser, org] = await Promise.all([launchBrowser(), enabledOrganisation('payouts', '1')]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** The submitter downloads the line's template, fills three rows, uploads it, sees every row valid and submits: the batch's id. */
async function placeBatch(page: Page): Promise<string> {
  await page.goto('/custody/withdraw/batch?lang=en');
  await page.getByTestId('custody-batch-withdraw-page').waitFor(settles);
  // The organisation's only line and its only account are chosen already.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-template').click()]);
  const template = (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter(Boolean);
  expect(template[0]).toMatch(new RegExp(`^# Coffer batch withdrawal · line:${org.lineId} ${org.lineName} · currencies: ETH \\(\\w+\\)$`));
  expect(template[1]).toBe('coin,network,amount,address,tag,note');
  const example = template[2]!.split(',');
  expect(example[0]).toBe('ETH');
  const network = example[1]!;

  const rows = payouts.map((payout, index) => ['ETH', network, payout.amount, payout.address, '', `Supplier ${index + 1}`].join(','));
  const csv = [template[0], template[1], ...rows].join('\r\n') + '\r\n';
  await page.locator('input[type="file"]').setInputFiles({ name: 'payouts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('batch-verdict').waitFor(settles);
  await snap(page, '1-batch-validated');
  // Every row's problem is in the message should one be refused.
  expect(await page.getByTestId('batch-result').innerText()).toContain(orders('batch.clean', { count: '3' }));
  for (const payout of payouts) expect(await page.getByTestId('batch-rows').innerText()).toContain(payout.address.slice(-6));
  await page.getByTestId('batch-submit').click();
  await page.waitForURL('**/custody/withdrawOrders?batch=*', settles);
  const batchId = new URL(page.url()).searchParams.get('batch')!;
  await expect.poll(() => page.getByTestId('orders-table').locator('[data-testid="order-link"]').count(), settles).toBe(3);
  await snap(page, '2-batch-orders');
  return batchId;
}

/** The batch's orders as the submitter's console lists them. */
async function batchOrders(batchId: string): Promise<Order[]> {
  const { data } = await callApi<{ records: Order[] }>('GET', `${custodyPaths.orders}?batchId=${batchId}&pageSize=10`, {
    cookie: org.admin.session,
  });
  return data.records;
}

/** A reviewer approves each order in the review dialog: its security key signs the order's digest. */
async function approveAll(keyed: KeyedPage, batch: readonly Order[], approvalsAfter: number, step: string): Promise<void> {
  const { page } = keyed;
  for (const [index, order] of batch.entries()) {
    await page.goto(`/custody/withdrawOrders/${order.id}/review?lang=en`);
    await page.getByTestId('review-approve').click(settles);
    expect(await page.getByTestId('review-digest').innerText()).toBe(order.digest);
    await page.getByTestId('review-key-signs').waitFor();
    if (index === 0) await snap(page, `${step}-review-dialog`);
    await page.getByTestId('review-submit').click();
    // The detail shows the approval, signed by a security key (the last one also closes the review).
    const signedWith = page.getByTestId('approval-signed-with');
    try {
      await expect.poll(() => signedWith.count(), settles).toBe(approvalsAfter);
    } catch (error) {
      // Name what the page said (a refusal's toast or the dialog's error), not only the count.
      const shown = [
        ...(await page.getByTestId('toast-error').allInnerTexts()),
        ...(await page.locator('.ant-modal .ant-alert, .ant-form-item-explain-error').allInnerTexts()),
      ];
      throw new Error(`approval ${approvalsAfter} of order ${order.id} not shown (page said: ${shown.join(' | ') || 'nothing'})`, {
        cause: error,
      });
    }
    for (const cell of await signedWith.all()) expect(await cell.innerText()).toContain(keyLabel);
  }
  await snap(page, `${step}-approved`);
}

describe('custody withdrawal orders', () => {
  it('a batch of three from CSV, approved by two reviewers with passkeys, arrives on anvil and is billed', async () => {
    const submitter = await newDesktopPage(browser);
    const [first, second] = [await newKeyedPage(browser), await newKeyedPage(browser)];
    // The reviewers join first: the policy refuses an order while the line has fewer active reviewers than its minimum.
    await Promise.all([
      joinWithSecurityKey(first, org.reviewers[0]),
      joinWithSecurityKey(second, org.reviewers[1]),
      logIn(submitter, org.admin),
    ]);
    const batchId = await placeBatch(submitter);
    const batch = await batchOrders(batchId);
    expect(batch.map((order) => [order.address, order.amount, order.state]).sort()).toEqual(
      payouts.map((payout) => [payout.address, payout.amount, 'pending_review']).sort(),
    );

    await approveAll(first, batch, 1, '3');
    expect((await batchOrders(batchId)).map((order) => order.state)).toEqual(['reviewing', 'reviewing', 'reviewing']);
    await approveAll(second, batch, 2, '4');

    // The quorum is in: the withdrawal signer pays each address the exact amount (its fee stays with the platform).
    for (const payout of payouts) {
      await expect.poll(() => chain().getBalance({ address: payout.address }), settles).toBe(parseEther(payout.amount));
    }
    // Settled after the network's 12 confirmations of 2-s blocks: approved (transfer success).
    await expect
      .poll(async () => (await batchOrders(batchId)).map((order) => order.state), { timeout: 60_000, interval: 500 })
      .toEqual(['approved', 'approved', 'approved']);

    await submitter.reload();
    const list = submitter.getByTestId('orders-table');
    await expect.poll(() => list.getByText(orders('states.approved'), { exact: true }).count(), settles).toBe(3);
    await snap(submitter, '5-orders-approved');
    const shown = batch[0]!;
    const { data: detail } = await callApi<{ payout: { txid: string | null; confirmations: number | null } }>(
      'GET',
      custodyPaths.order.replace(':id', shown.id),
      { cookie: org.admin.session },
    );
    const paid = await chain().getTransaction({ hash: detail.payout.txid as `0x${string}` });
    expect([paid.to?.toLowerCase(), paid.value]).toEqual([shown.address.toLowerCase(), parseEther(shown.amount)]);
    await submitter.goto(`/custody/withdrawOrders/${shown.id}/review?lang=en`);
    await submitter.getByTestId('order-timeline-txid').waitFor(settles);
    expect(await submitter.getByTestId('order-timeline').innerText()).toContain(orders('timeline.txid'));
    await snap(submitter, '6-order-timeline');

    // The month's bill, issued now: its withdrawal-fee line is the three orders' fees.
    const fees = batch.reduce((sum, order) => sum + parseEther(order.fee), 0n);
    await issueCurrentBill(org.orgId);
    const bill = await currentBill(org);
    expect(ethFeeLine(bill)).toEqual({ amount: fees, orders: 3, sources: 3 });
    // The console's bill detail shows that line with its three sources.
    await submitter.goto(`/custody/billing/${bill.bill.id}?lang=en`);
    const feeRow = submitter.getByTestId('bill-row-withdrawalFee');
    await feeRow.waitFor(settles);
    expect(await feeRow.innerText()).toContain(formatEther(fees));
    await snap(submitter, '7-bill');
    await Promise.all([submitter.context().close(), first.context.close(), second.context.close()]);
  }, 180_000);
});
