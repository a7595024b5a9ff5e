import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { logIn } from '../support/login';
import { seedCustomer, type SeededCustomer } from '../support/seed';

let browser: Browser;
let carol: SeededCustomer;

beforeAll(async () => {
  browser = await launchBrowser();
  carol = await seedCustomer('carol', {});
});

afterAll(async () => {
  await browser.close();
});

describe('live quotations in the browser', () => {
  it('a signed-in customer watches a price change arrive over the WebSocket, stars a coin and opens its chart', async () => {
    const page = await newDesktopPage(browser);
    await logIn(page, carol);

    let listCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rate/anon/api/quotations?')) listCalls += 1;
    });
    const boardsPushed: string[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/ws/quotations')) return;
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"type":"board"')) boardsPushed.push(frame.payload);
      });
    });

    await page.goto('/propertyCenter/quotation?lang=en');
    const price = page.getByTestId('price-BTC');
    await price.waitFor();
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('live');
    const first = await price.innerText();
    expect(first).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    const listCallsBefore = listCalls;

    // The simulated market ticks every 5 seconds; the new price must arrive over the socket,
    // with no list request in between.
    await expect.poll(() => price.innerText(), { timeout: 20_000, interval: 250 }).not.toBe(first);
    expect(listCalls).toBe(listCallsBefore);
    expect(boardsPushed.length).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Add BTC to favourites' }).click();
    await page.getByRole('button', { name: 'Remove BTC from favourites' }).waitFor();
    await page.getByText('Favourites', { exact: true }).click();
    await expect.poll(() => page.getByTestId('quotation-ETH').count()).toBe(0);
    expect(await page.getByTestId('quotation-BTC').count()).toBe(1);

    await page.getByRole('link', { name: 'Details of BTC/USDT' }).click();
    await page.waitForURL('**/propertyCenter/quotation/detail/BTC?quote=USDT');
    await page.getByTestId('detail-price').waitFor();
    expect(await page.getByRole('button', { name: 'Remove BTC from favourites' }).count()).toBe(1);

    await page.goto('/propertyCenter/quotation/btc?lang=zh-CN');
    await page.getByTestId('price-ETH').waitFor();
    // ETH/BTC at its tick, 0.00001.
    expect(await page.getByTestId('price-ETH').innerText()).toMatch(/^0\.\d{5}$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('行情');
    await page.context().close();
  });
});
