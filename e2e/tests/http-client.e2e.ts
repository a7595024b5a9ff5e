import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('the HTTP client in the browser', () => {
  it('shows the login dialog once for a 401 and then goes to login with a redirect target', async () => {
    const page = await newDesktopPage(browser);
    let unauthorisedAnswers = 0;
    page.on('response', (response) => {
      if (response.status() === 401) unauthorisedAnswers += 1;
    });
    // Nobody is logged in: the server answers the signed-in page's calls with HTTP 401.
    await page.goto('/propertyCenter/balance?lang=en');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(unauthorisedAnswers).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await dialog.getByRole('heading').innerText()).toBe('Notification');
    expect(await dialog.innerText()).toContain('Please log in first');
    expect(await page.getByRole('alert').count()).toBe(0);

    // Another 401 while the dialog is open (the app navigates and asks again) opens no second one.
    const answersBefore = unauthorisedAnswers;
    await page.evaluate(() => {
      history.pushState({}, '', '/propertyCenter/bills');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/propertyCenter/bills');
    await expect.poll(() => unauthorisedAnswers).toBeGreaterThan(answersBefore);
    // The router has settled on the new page once its title is set.
    await page.waitForFunction(() => document.title.startsWith('Bills'));
    expect(await page.getByRole('dialog').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/propertyCenter/bills');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('sets the document title per route from the translations', async () => {
    const page = await newDesktopPage(browser);
    await page.goto('/userAgreement?lang=zh-CN');
    await page.getByTestId('coming-soon').waitFor();
    await page.waitForFunction(() => document.title.startsWith('用户协议'));
    await page.goto('/no/such/page?lang=en');
    await page.getByTestId('not-found').waitFor();
    await page.context().close();
  });
});
