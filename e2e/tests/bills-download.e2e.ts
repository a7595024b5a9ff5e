import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from '../support/browser';
import { logIn } from '../support/login';
import { seedCustomer } from '../support/seed';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** A calendar day in `timeZone`, YYYY-MM-DD. */
function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

describe('bills download in the user’s language', () => {
  it.each([
    {
      lang: 'zh-CN',
      timeZone: 'Asia/Shanghai',
      header: '时间 (UTC),类型,类型代码,币种,数量,详情,备注',
      deposit: ',充币,2001,USDT,997.009672,',
      shown: '+997.00',
    },
    {
      lang: 'ru',
      timeZone: 'Europe/Moscow',
      header: 'Время (UTC),Тип,Код типа,Монета,Сумма,Подробности,Примечание',
      deposit: ',Пополнение,2001,USDT,997.009672,',
      shown: '+997,00',
    },
  ])(
    'downloads a $lang CSV with type names, the code column, every decimal, and the chosen days in its name',
    async ({ lang, timeZone, header, deposit, shown }) => {
      // 997.009672 USDT credited as a deposit (2001).
      const customer = await seedCustomer(`csv${lang.slice(0, 2)}`, { USDT: 997_009_672n });
      const context = await browser.newContext({
        viewport: { width: 1460, height: 900 },
        locale: lang,
        timezoneId: timeZone,
        baseURL: baseUrl(),
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await logIn(page, customer, lang);

      const now = new Date();
      const [start, end] = [dayIn(new Date(now.getTime() - 6 * 86_400_000), timeZone), dayIn(now, timeZone)];
      await page.goto(`/propertyCenter/bills?lang=${lang}&start=${start}&end=${end}`);
      const table = page.getByTestId('bills-table');
      await table.getByText(shown).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bills-download').click()]);

      expect(download.suggestedFilename()).toBe(`coffer-bills_${start}_${end}.csv`);
      const lines = (await readFile(await download.path(), 'utf8'))
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(header);
      expect(lines.filter((line) => line.includes(deposit))).toHaveLength(1);
      await context.close();
    },
    120_000,
  );
});
