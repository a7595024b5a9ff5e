import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium';

export const launchBrowser = (extraArgs: readonly string[] = []) => launchChromium(extraArgs);

export function baseUrl(): string {
  return inject('baseUrl');
}

/** A desktop page, 1460 px wide (the layout's base width) unless `width` says otherwise. */
export async function newDesktopPage(browser: Browser, options: { locale?: string; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1460, height: 900 },
    locale: options.locale ?? 'en-US',
    baseURL: baseUrl(),
  });
  return context.newPage();
}
