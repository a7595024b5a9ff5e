import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesktopPage } from '../support/browser';
import { translationKeys } from '../support/catalogue-keys';

let browser: Browser;
const screenshotDir = path.resolve(import.meta.dirname, '../../.artifacts/screenshots');

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(screenshotDir, { recursive: true });
});

afterAll(async () => {
  await browser.close();
});

describe('the public home page', () => {
  it.each([
    ['en', 'en'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['ru', 'ru'],
  ])('renders in %s with no raw translation key on screen', async (lang, htmlLang) => {
    const page = await newDesktopPage(browser);
    const failedRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`/?lang=${lang}`);
    await page.getByTestId('home-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('lang')).toBe(htmlLang);

    const text = await page.locator('body').innerText();
    const rawKeys = translationKeys.filter((key) => text.includes(key));
    expect(rawKeys).toEqual([]);
    expect(text).not.toMatch(/\{\{\w+\}\}/);

    // The entry points of spec §2: log in, personal and enterprise registration, language.
    expect(await page.locator('a[href="/login"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/sign"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/sign/enterprise"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('language-switch').count()).toBeGreaterThan(0);
    expect(failedRequests).toEqual([]);

    await page.screenshot({ path: path.join(screenshotDir, `home-${lang}.png`), fullPage: true });
    await page.context().close();
  });

  it('shows different words in each language', async () => {
    const titles = new Set<string>();
    for (const lang of ['en', 'zh-CN', 'zh-TW', 'ru']) {
      const page = await newDesktopPage(browser);
      await page.goto(`/?lang=${lang}`);
      await page.getByTestId('home-page').waitFor();
      titles.add(await page.locator('h1').first().innerText());
      await page.context().close();
    }
    expect(titles.size).toBe(4);
  });

  it('keeps the desktop minimum width of 1349 px', async () => {
    const page = await newDesktopPage(browser);
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/?lang=en');
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => document.body.scrollWidth)).toBeGreaterThanOrEqual(1349);
    await page.context().close();
  });
});

describe('the language choice', () => {
  it('survives a reload and later visits without the query', async () => {
    const page = await newDesktopPage(browser, { locale: 'en-US' });
    await page.goto('/?lang=ru');
    await page.getByTestId('home-page').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    await page.context().close();
  });

  it('is stored when the visitor switches language', async () => {
    const page = await newDesktopPage(browser, { locale: 'en-US' });
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByTestId('language-switch').first().click();
    await page.getByTestId('language-option-zh-TW').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-TW');
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-TW');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh-TW');
    await page.context().close();
  });

  it('follows the browser language on a first visit', async () => {
    const page = await newDesktopPage(browser, { locale: 'ru-RU' });
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    await page.context().close();
  });
});
