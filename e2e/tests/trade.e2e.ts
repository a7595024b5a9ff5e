import { errorCatalogue } from '@coffer/contract/errors';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { logIn } from '../support/login';
import { seedCustomer, type SeededCustomer } from '../support/seed';

let browser: Browser;
let carol: SeededCustomer;
let dave: SeededCustomer;

beforeAll(async () => {
  browser = await launchBrowser();
  // Carol holds 1.5 BTC and 5,000 USDT; she trades in Russian.
  carol = await seedCustomer('carol', { BTC: 150_000_000n, USDT: 5_000_000_000n });
  // Dave trades large: 300,000 USDT, in English.
  dave = await seedCustomer('dave', { USDT: 300_000_000_000n });
});

afterAll(async () => {
  await browser.close();
});

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

async function askQuote(page: Page, amount: string): Promise<void> {
  await page.getByTestId('spot-amount').fill(amount);
  await page.getByTestId('spot-get-quote').click();
  await page.getByTestId('quote-countdown').waitFor();
}

describe('spot trade in the browser', () => {
  it('quotes, pays before expiry, shows balances and orders change, and refuses an expired quote in Russian', async () => {
    const page = await newDesktopPage(browser, { locale: 'ru-RU' });
    await logIn(page, carol, 'ru');

    await page.goto('/trade/spot');
    await page.getByTestId('spot-balance-BTC').getByText('1,50000000 BTC').waitFor();
    const usdtBefore = await text(page, 'spot-balance-USDT');
    expect(usdtBefore).toContain('5 000,00 USDT');

    // Buy 0.01 BTC: a firm quote with its countdown, confirmed (placed and paid) before it lapses.
    await askQuote(page, '0.01');
    expect(await text(page, 'quote-receive')).toBe('0,00999000 BTC');
    expect(await text(page, 'quote-countdown')).toMatch(/Действует ещё \d+ с/);
    await page.getByTestId('quote-confirm').click();
    expect(await text(page, 'trade-result')).toContain('Сделка исполнена');
    await page.getByTestId('recent-trades').getByText('Исполнен').waitFor();

    await page.getByTestId('trade-again').click();
    await page.getByTestId('spot-balance-BTC').getByText('1,50999000 BTC').waitFor();
    expect(await text(page, 'spot-balance-USDT')).not.toBe(usdtBefore);

    // 1 BTC costs more than Carol has: the order is placed, its payment refused, and it waits in "my orders".
    await askQuote(page, '1');
    const secondsLeft = Number(/(\d+)/.exec(await text(page, 'quote-countdown'))?.[1]);
    const lapsedBy = Date.now() + secondsLeft * 1000 + 500;
    await page.getByTestId('quote-confirm').click();
    await page.getByTestId('toast-error').getByText(errorCatalogue.tradeInsufficientBalance.messages.ru).waitFor();

    // My orders, read while that quote is valid: the completed order, and the pending one offering "pay".
    await page.getByRole('link', { name: 'Мои ордера' }).first().click();
    const table = page.getByTestId('orders-table');
    await table.getByText('Ожидает оплаты').waitFor();
    expect(await table.innerText()).toContain('Исполнен');
    const payButton = table.locator('[data-testid^="order-pay-"]');
    expect(await payButton.count()).toBe(1);

    // Paid only after the quote lapsed: the server refuses it with the §8 message in Russian.
    await page.waitForTimeout(Math.max(0, lapsedBy - Date.now()));
    await payButton.click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Оплатить' }).click();
    await page.getByTestId('toast-error').getByText(errorCatalogue.quoteExpired.messages.ru).waitFor();
    await table.getByText('Отменён').waitFor();
    expect(await payButton.count()).toBe(0);

    // A quote left to lapse on the trade screen says the same, with a re-quote.
    await page.getByRole('link', { name: 'Спотовая торговля' }).first().click();
    await askQuote(page, '0.01');
    const expired = page.getByTestId('quote-expired');
    await expired.waitFor({ timeout: 20_000 });
    expect(await expired.innerText()).toContain(errorCatalogue.quoteExpired.messages.ru);
    await page.getByTestId('quote-requote').click();
    await page.getByTestId('quote-confirm').waitFor();
    // Balances are unchanged by the refused and lapsed quotes.
    await page.getByTestId('spot-balance-BTC').getByText('1,50999000 BTC').waitFor();

    await page.getByRole('link', { name: 'Мои ордера' }).first().click();
    await table.getByText('Исполнен').waitFor();
    // The completed order's receipt verifies in the browser.
    await table.getByText('Исполнен').locator('xpath=ancestor::tr').locator('[data-testid^="order-detail-"]').click();
    await page.getByTestId('receipt-verify').click();
    expect(await page.getByTestId('receipt-result').getAttribute('data-verified')).toBe('true');
    await page.context().close();
  }, 180_000);

  it('settles a large order through the liquidity channel: payment held, then filled', async () => {
    const page = await newDesktopPage(browser);
    await logIn(page, dave, 'en');
    await page.goto('/trade/spot');
    await page.getByTestId('spot-balance-USDT').getByText('300,000.00 USDT').waitFor();

    // 1.5 BTC is worth more than 100,000 USD (TRADE_CHANNEL_MIN_USD): the quote says how it settles.
    await askQuote(page, '1.5');
    await page.getByTestId('quote-channel-notice').waitFor();
    expect(await text(page, 'quote-channel-notice')).toContain('liquidity channel');
    await page.getByTestId('quote-confirm').click();
    expect(await text(page, 'trade-result')).toContain('liquidity channel');

    // The order detail follows it to the end: the simulated channel fills at the market price.
    await page.getByTestId('trade-result-detail').click();
    await page.getByTestId('order-settlement').getByText('Liquidity channel').waitFor();
    await page.getByTestId('order-history').getByText('Completed').first().waitFor({ timeout: 30_000 });
    await page.goto('/trade/spot');
    await page.getByTestId('spot-balance-BTC').getByText('1.49850000 BTC').waitFor();
    expect(await text(page, 'spot-balance-USDT')).not.toContain('300,000.00');
    await page.context().close();
  }, 180_000);

  it('serves the orders page and an order detail on a reload', async () => {
    const page = await newDesktopPage(browser);
    await logIn(page, carol, 'en');
    for (const path of ['/trade/orders', '/trade/orders/1']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-type'], path).toContain('text/html');
    }
    await page.context().close();
  }, 120_000);
});
