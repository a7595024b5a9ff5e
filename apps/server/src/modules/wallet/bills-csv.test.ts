import { walletPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail } from '../../../test/identity-helpers';
import { createLedger } from '../ledger/ledger.service';

let database: TestDatabase;
let app: FastifyInstance;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

/** A signed-in customer with a USDT deposit (2001) of 997.009672 and a BTC trade buy (2007). */
async function customerWithBills() {
  counter += 1;
  const { client, userNo } = await signUpByEmail(app, `csv${counter}-${Date.now() % 100000}@coffer.test`);
  const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  const ledger = createLedger(database.db);
  await ledger.transfer({
    idempotencyKey: `csv-deposit-${user.id}`,
    billType: 2001,
    from: await ledger.platformAccount('chain', 'USDT'),
    to: await ledger.customerAccount(user.id, 'USDT'),
    amount: 997_009_672n,
  });
  await ledger.transfer({
    idempotencyKey: `csv-trade-${user.id}`,
    billType: 2007,
    from: await ledger.platformAccount('chain', 'BTC'),
    to: await ledger.customerAccount(user.id, 'BTC'),
    amount: 1_234_567n,
  });
  return client;
}

const today = () => ({ start: new Date(Date.now() - 86_400_000).toISOString(), end: new Date(Date.now() + 86_400_000).toISOString() });

async function download(client: { cookie: string | null }, query: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ url: `${walletPaths.billsExport}?${query}`, headers: { cookie: client.cookie ?? '', ...headers } });
  return {
    response,
    lines: response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n'),
  };
}

describe('bills CSV in the caller’s language', () => {
  it('writes headers and type names in Simplified Chinese, from the link’s lang or the LANGUAGE-TYPE header, with the code beside', async () => {
    const client = await customerWithBills();
    const { start, end } = today();
    // A browser link sends no LANGUAGE-TYPE: the web adds lang to the link.
    const fromLink = await download(client, `start=${start}&end=${end}&lang=zh-CN`);
    const fromHeader = await download(client, `start=${start}&end=${end}`, { 'language-type': '0' });
    for (const { lines } of [fromLink, fromHeader]) {
      expect(lines[0]).toBe('时间 (UTC),类型,类型代码,币种,数量,详情,备注');
      expect(lines).toHaveLength(3);
      expect(lines.find((line) => line.includes(',USDT,'))).toMatch(/^[^,]+,充币,2001,USDT,997\.009672,/);
      expect(lines.find((line) => line.includes(',BTC,'))).toMatch(/^[^,]+,交易（买入）,2007,BTC,0\.01234567,/);
    }
  });

  it('writes them in Russian, keeps every decimal, and the link’s lang wins over the header', async () => {
    const client = await customerWithBills();
    const { start, end } = today();
    const { lines } = await download(client, `start=${start}&end=${end}&lang=ru`, { 'language-type': '1' });
    expect(lines[0]).toBe('Время (UTC),Тип,Код типа,Монета,Сумма,Подробности,Примечание');
    expect(lines.find((line) => line.includes(',USDT,'))).toMatch(/^[^,]+,Пополнение,2001,USDT,997\.009672,/);
    expect(lines.find((line) => line.includes(',BTC,'))).toMatch(/^[^,]+,Сделка \(покупка\),2007,BTC,0\.01234567,/);
  });

  it('answers English to a caller that names no language', async () => {
    const client = await customerWithBills();
    const { start, end } = today();
    const { lines } = await download(client, `start=${start}&end=${end}`);
    expect(lines[0]).toBe('Time (UTC),Type,Type code,Coin,Amount,Detail,Note');
    expect(lines.find((line) => line.includes(',USDT,'))).toMatch(/^[^,]+,Deposit,2001,USDT,997\.009672,/);
  });
});

describe('bills CSV file name', () => {
  const fileNameOf = (response: { headers: Record<string, unknown> }) =>
    /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1];

  it('names the chosen days, the last one included, not the day after the range', async () => {
    const client = await customerWithBills();
    // 1–31 March chosen in UTC: the range ends at the start of 1 April.
    const utc = await download(client, 'start=2026-03-01T00:00:00.000Z&end=2026-04-01T00:00:00.000Z');
    expect(utc.response.statusCode).toBe(200);
    expect(fileNameOf(utc.response)).toBe('coffer-bills_2026-03-01_2026-03-31.csv');
  });

  it('reads the days in the caller’s time zone', async () => {
    const client = await customerWithBills();
    // 1–31 March chosen in Shanghai (UTC+8): the instants fall on 28 February and 31 March in UTC.
    const shanghai = await download(
      client,
      `start=2026-02-28T16:00:00.000Z&end=2026-03-31T16:00:00.000Z&timeZone=${encodeURIComponent('Asia/Shanghai')}`,
    );
    expect(fileNameOf(shanghai.response)).toBe('coffer-bills_2026-03-01_2026-03-31.csv');
    // 10 May chosen in New York (UTC−4 in summer): one day.
    const newYork = await download(
      client,
      `start=2026-05-10T04:00:00.000Z&end=2026-05-11T04:00:00.000Z&timeZone=${encodeURIComponent('America/New_York')}`,
    );
    expect(fileNameOf(newYork.response)).toBe('coffer-bills_2026-05-10_2026-05-10.csv');
  });

  it('refuses a time zone that does not exist, naming the field', async () => {
    const client = await customerWithBills();
    const { response } = await download(client, 'start=2026-03-01T00:00:00.000Z&end=2026-04-01T00:00:00.000Z&timeZone=Mars%2FOlympus');
    expect(response.json()).toMatchObject({ code: 19000003, data: { field: 'timeZone' } });
  });
});
