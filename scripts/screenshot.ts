/**
 * Looks at a page as a person would: `tsx scripts/screenshot.ts <url> <out.png> [width] [height] [full]`.
 * Uses Debian's Chromium, never a downloaded browser.
 */
import { launchChromium } from './lib/chromium';

async function main(): Promise<void> {
  const [url, out, width = '1460', height = '900', full = 'full'] = process.argv.slice(2);
  if (!url || !out) throw new Error('usage: tsx scripts/screenshot.ts <url> <out.png> [width] [height] [full|viewport]');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.screenshot({ path: out, fullPage: full === 'full' });
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
