/**
 * bench/web: what the home page costs a visitor. Builds and starts Coffer as `npm start`
 * does, opens the home page in headless Chromium on loopback with a cold cache, and prints
 * the gzip size of the JavaScript and CSS it loads and its largest contentful paint.
 * Targets (issue: foundation): JS ≤ 200 KB gzip, LCP < 1 s.
 */
import { gzipSync } from 'node:zlib';
import { startCoffer } from '../../scripts/lib/coffer-process';
import { launchChromium } from '../../scripts/lib/chromium';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const coffer = await startCoffer();
  const browser = await launchChromium();
  try {
    const lcps: number[] = [];
    let sizes = { js: 0, css: 0, jsFiles: 0, cssFiles: 0 };
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1460, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      const bodies: Array<Promise<{ type: string; gzip: number }>> = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        bodies.push(response.body().then((body) => ({ type, gzip: gzipSync(body, { level: 9 }).length })));
      });
      await page.goto(`${coffer.baseUrl}/?lang=en`, { waitUntil: 'networkidle' });
      await page.getByTestId('home-page').waitFor();
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]!.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      lcps.push(lcp);
      const loaded = await Promise.all(bodies);
      sizes = {
        js: loaded.filter((b) => b.type === 'script').reduce((sum, b) => sum + b.gzip, 0),
        css: loaded.filter((b) => b.type === 'stylesheet').reduce((sum, b) => sum + b.gzip, 0),
        jsFiles: loaded.filter((b) => b.type === 'script').length,
        cssFiles: loaded.filter((b) => b.type === 'stylesheet').length,
      };
      await context.close();
    }
    lcps.sort((a, b) => a - b);
    const median = lcps[Math.floor(lcps.length / 2)]!;
    console.log(`home page JavaScript: ${kib(sizes.js)} gzip in ${sizes.jsFiles} files (target ≤ 200 KB)`);
    console.log(`home page CSS:        ${kib(sizes.css)} gzip in ${sizes.cssFiles} files`);
    console.log(
      `largest contentful paint: median ${median.toFixed(0)} ms, best ${lcps[0]!.toFixed(0)} ms, worst ${lcps.at(-1)!.toFixed(0)} ms over ${runs} cold loads (target < 1000 ms)`,
    );
  } finally {
    await browser.close();
    await coffer.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
