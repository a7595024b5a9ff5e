import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium';

export const launchBrowser = launchChromium;

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function newDesktopPage(browser: Browser, options: { locale?: string } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1460, height: 900 },
    locale: options.locale ?? 'en-US',
    baseURL: baseUrl(),
  });
  return context.newPage();
}
