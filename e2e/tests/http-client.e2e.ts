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
    // Until the identity capability lands no route needs a session, so the API's 401 is
    // played here; everything else reaches the real server.
    await page.route('**/wallet/client/head-asset', async (route) => {
      unauthorisedAnswers += 1;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 16000003, msg: 'Not logged in', data: null }),
      });
    });
    await page.goto('/propertyCenter/balance?lang=en');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(unauthorisedAnswers).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await dialog.getByRole('heading').innerText()).toBe('Notification');
    expect(await dialog.innerText()).toContain('Please log in first');
    expect(await page.getByRole('alert').count()).toBe(0);

    // A second 401 while the dialog is open (the app navigates, the loader asks again)
    // does not open another.
    const answersBefore = unauthorisedAnswers;
    await page.evaluate(() => {
      history.pushState({}, '', '/propertyCenter/bills');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/propertyCenter/bills');
    await expect.poll(() => unauthorisedAnswers).toBeGreaterThan(answersBefore);
    expect(await page.getByRole('dialog').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/propertyCenter/bills');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('shows the server error in the chosen language as one toast', async () => {
    const page = await newDesktopPage(browser);
    // The asset summary call is sent on to an API the server does not have, so the real
    // server answers an error envelope, in the language the client asked for.
    await page.route('**/wallet/client/head-asset', (route) =>
      route.continue({ url: new URL('/wallet/client/no-such-call', route.request().url()).toString() }),
    );
    await page.goto('/propertyCenter/balance?lang=ru');
    const toast = page.getByRole('alert');
    await toast.waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await toast.innerText()).toContain('Такого API нет: GET /wallet/client/no-such-call');
    await toast.getByRole('button').click();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('sets the document title per route from the translations', async () => {
    const page = await newDesktopPage(browser);
    await page.goto('/propertyCenter/securitySetting?lang=zh-CN');
    await page.getByTestId('coming-soon').waitFor();
    await page.waitForFunction(() => document.title.startsWith('安全设置'));
    await page.goto('/no/such/page?lang=en');
    await page.getByTestId('not-found').waitFor();
    await page.context().close();
  });
});
