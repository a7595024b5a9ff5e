import { depositPaths } from '@coffer/contract/deposit-paths';
import { researchPaths } from '@coffer/contract/research-paths';
import { tradePaths } from '@coffer/contract/trade-paths';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../apps/web/src/app/route-table';
import { baseUrl, launchBrowser, newDesktopPage } from '../support/browser';
import { horizontalOverflow } from '../support/layout';
import { logIn } from '../support/login';
import { bindPhone, saveAddress, seedCustomer, type SeededCustomer } from '../support/seed';

let browser: Browser;
let page: Page;
let customer: SeededCustomer;

/** A call from inside the signed-in page (its cookie, its origin); answers the envelope's data. */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const envelope = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return (await response.json()) as { code: number; msg: string; data: unknown };
    },
    { method, path, body },
  );
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data as T;
}

const trusted = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await seedCustomer('wide', { USDT: 5_000n * 10n ** 6n, BTC: 2n * 10n ** 8n, ETH: 3n * 10n ** 18n });
  await bindPhone(customer);
  await saveAddress(customer, { chain: 'ethereum', address: trusted, note: 'Cold store', trusted: true });
  await saveAddress(customer, {
    chain: 'xrpl',
    address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    tag: '4242',
    note: 'Exchange',
    trusted: false,
  });
  page = await newDesktopPage(browser, { width: 1349 });
  await logIn(page, customer);
}, 240_000);

afterAll(async () => {
  await browser.close();
});

describe('every signed-in screen at the minimum desktop width (1349 px)', () => {
  it('scrolls no page sideways and fits every table, with rows in the tables (ru, the longest words)', async () => {
    // Rows with their widest content: a deposit on its way, a held large withdrawal offering
    // confirm and cancel, saved addresses, a setting, and (below) an order offering pay and cancel.
    await call('POST', depositPaths.devFaucet, { coin: 'ETH' });
    // Over LARGE_WITHDRAWAL_USD: held, its row offering confirm and cancel (no codes: the address is trusted).
    const held = await call<{ record: { status: string } }>(
      'POST',
      withdrawalPaths.withdraw.replace(':coin', 'USDT').replace(':chain', 'ethereum'),
      {
        address: trusted,
        amount: '1100',
        requestId: `layout-${customer.userNo}`,
      },
    );
    expect(held.record.status).toBe('awaitingConfirmation');
    await call('PUT', tradePaths.autoSwapSettings, { sourceCoin: 'XRP', targetCoin: 'USDT', enabled: true });
    const reports = (await (
      await fetch(`${baseUrl()}${researchPaths.list.replace(':lang', 'ru').replace(':channel', 'research')}`)
    ).json()) as { data: { records: Array<{ id: string }> } };
    const params: Record<string, string> = {
      action: 'BTC',
      reportId: reports.data.records[0]?.id ?? '1',
      orderId: '1',
      memberId: '1',
      billId: '1',
    };

    const overflowing: string[] = [];
    for (const route of routeTable.filter((candidate) => 'requiresLogin' in candidate && candidate.requiresLogin)) {
      if (route.name === 'tradeOrders') {
        // Placed just before: "pay" shows only while its quote (10 s) is valid.
        const quote = await call<{ quoteId: string }>('POST', tradePaths.quote, {
          pair: 'BTC/USDT',
          side: 'buy',
          amount: '0.01',
          amountCoin: 'BTC',
        });
        params.orderId = (await call<{ orderNo: string }>('POST', tradePaths.orders, { quoteId: quote.quoteId })).orderNo;
      }
      const path = route.path.replace(/:(\w+)/g, (_whole, key: string) => encodeURIComponent(params[key] ?? ''));
      await page.goto(`${path}?lang=ru`);
      await page.waitForLoadState('networkidle');
      if (route.name === 'propertyCenterRecharge')
        await page.getByTestId('deposit-records').locator('tbody tr[data-row-key]').first().waitFor({ timeout: 30_000 });
      if (route.name === 'propertyCenterWithdraw')
        await page.getByTestId('withdrawal-records').getByTestId('withdraw-second-confirm').waitFor();
      if (route.name === 'tradeOrders') await page.locator('[data-testid^="order-pay-"]').first().waitFor();
      overflowing.push(...(await horizontalOverflow(page)).map((finding) => `${path}: ${finding}`));
    }
    expect(overflowing).toEqual([]);
  }, 180_000);
});
