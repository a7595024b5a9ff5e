import { randomUUID } from 'node:crypto';
import {
  custodyPaths,
  errorCatalogue,
  toBaseUnits,
  type CustodyBalances,
  type CustodyBatch,
  type CustodyBatchValidation,
  type CustodyLineBody,
} from '@coffer/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { custodyTestBed, insertConsoleMember } from '../../../test/custody-setup-kit';
import type { identityClient } from '../../../test/identity-helpers';
import { createLedger } from '../ledger/ledger.service';
import { inOrganisation } from './tenant-transaction';

/**
 * Batch withdrawal by CSV (issue 18 item 7) on real PostgreSQL: the template, the file checks
 * (CSV by its bytes, empty, binary), each row's problem with its §8 / catalogue message and
 * nothing held, the whole batch against the line's day limit, and a clean batch holding each
 * row once in one transaction — a replay, and 100 replays at once, holding once.
 */
type Client = ReturnType<typeof identityClient>;

const custody = custodyTestBed();
const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const messageOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].messages.en;
const first = '0x52908400098527886E0F7030069857D2E4169EE7';
const second = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const header = 'coin,network,amount,address,tag,note';

let org: TestOrganisation;
let admin: Client;
let submitter: Client;
let reviewerIds: string[];
let accountId: string;

const encode = (text: string | Buffer) => Buffer.from(text).toString('base64');

function file(lineId: string, content: string | Buffer, fileName = 'payouts.csv') {
  return { lineId, accountId, fileName, content: encode(content) };
}

async function addLine(body: Partial<CustodyLineBody> & { name: string }): Promise<string> {
  const answer = await admin.post(custodyPaths.lines, {
    adminEmail: 'line@northwind.example',
    currencies: ['USDT'],
    accountIds: [accountId],
    minReviewers: 1,
    reviewerMemberIds: reviewerIds,
    limits: [],
    whitelist: [],
    ...body,
  });
  expect(answer.body.code).toBe(0);
  return answer.body.data.id as string;
}

async function validate(lineId: string, content: string | Buffer, fileName?: string) {
  return submitter.post(custodyPaths.batchValidate, file(lineId, content, fileName));
}

async function available(): Promise<bigint> {
  const answer = await admin.get(custodyPaths.balances);
  const balances = answer.body.data as CustodyBalances;
  const text = balances.accounts.find((row) => row.accountId === accountId)?.assets.find((row) => row.coin === 'USDT')?.available ?? '0';
  return toBaseUnits(text, 6);
}

async function batchOrders(): Promise<number> {
  const rows = await inOrganisation(custody.db, org.orgId, (trx) =>
    trx.selectFrom('custody_withdrawal_order').select('id').where('batch_id', 'is not', null).execute(),
  );
  return rows.length;
}

beforeAll(async () => {
  org = await custody.organisation({ tag: 'batch', company: 'Batch Co' });
  admin = org.admin.client;
  const opened = await admin.post(custodyPaths.accounts, { name: 'Batch hot', kind: 'hot', tier: 'enterprise' });
  expect(opened.body.code).toBe(0);
  accountId = opened.body.data.id as string;
  const ledger = createLedger(custody.db);
  await ledger.transfer({
    idempotencyKey: 'test-custody-batch-fund',
    billType: 2001,
    from: await ledger.platformAccount('chain', 'USDT'),
    to: await ledger.custodyAccount(accountId, 'USDT'),
    amount: 1_000_000_000_000n,
  });
  const customer = await custody.customer('batch');
  await insertConsoleMember(custody.db, org.orgId, { state: 'active', role: 'lineAdmin', userId: customer.userId });
  submitter = customer.client;
  reviewerIds = [];
  for (let at = 0; at < 2; at += 1) {
    const reviewer = await custody.customer('batchreviewer');
    reviewerIds.push(await insertConsoleMember(custody.db, org.orgId, { state: 'active', role: 'approver', userId: reviewer.userId }));
  }
}, 120_000);

describe('batch withdrawal by CSV', { timeout: 60_000 }, () => {
  it('downloads the line’s template: its id and currencies in a comment, the columns, one example row per coin and network', async () => {
    const lineId = await addLine({ name: 'Template line' });
    const answer = await custody.app.inject({
      method: 'GET',
      url: `${custodyPaths.batchTemplate}?lineId=${lineId}`,
      headers: { cookie: submitter.cookie ?? '' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const lines = answer.body.trim().split('\r\n');
    expect(lines[0]).toContain(`line:${lineId}`);
    expect(lines[0]).toContain('USDT (ethereum)');
    expect(lines[1]).toBe(header);
    expect(lines.slice(2).some((line) => line.startsWith('USDT,ethereum,0.000001,'))).toBe(true);
  });

  it('refuses what is not a CSV file, an empty upload, a header alone and other columns, holding nothing', async () => {
    const lineId = await addLine({ name: 'File line' });
    const before = await available();
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 0)]);
    const cases: Array<[string | Buffer, string, keyof typeof errorCatalogue]> = [
      [zip, 'payouts.csv', 'csvRequired'],
      [`${header}\r\nUSDT,ethereum,1,${first},,ok\r\n`, 'payouts.xlsx', 'csvRequired'],
      [`${header}\r\nUSDT,ethereum,1,${first},,a\u0000b\r\n`, 'payouts.csv', 'csvRequired'],
      [Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'payouts.csv', 'csvRequired'],
      ['', 'payouts.csv', 'csvRequired'],
      [`${header}\r\n`, 'payouts.csv', 'csvRequired'],
      [`coin,amount,address\r\nUSDT,1,${first}\r\n`, 'payouts.csv', 'custodyBatchColumnsInvalid'],
    ];
    for (const [content, name, key] of cases) {
      const answer = await validate(lineId, content, name);
      expect(answer.body.code, `${name}: ${String(content).slice(0, 20)}`).toBe(codeOf(key));
      expect(answer.body.msg).toBe(errorCatalogue[key].messages.en.replace('{columns}', 'coin, network, amount, address, tag, note'));
    }
    expect(await available()).toBe(before);
  });

  it('reports each bad row with its message — wrong coin, bad address, zero and negative amounts, a formula, a duplicate — and submits nothing', async () => {
    const lineId = await addLine({ name: 'Rows line' });
    const before = await available();
    const csv = [
      header,
      `USDT,ethereum,10,${first},,fine`,
      `ETH,ethereum,1,${first},,wrong coin`,
      'USDT,ethereum,1,0x1234,,bad address',
      `USDT,ethereum,0,${first},,zero`,
      `USDT,ethereum,-5,${first},,negative`,
      `USDT,ethereum,1,${second},,"=HYPERLINK(""http://evil.example"")"`,
      `USDT,ethereum,10,${first},,fine again`,
      `USDT,ethereum,1.1234567,${second},,too precise`,
      `"USDT","ethereum","2","${second}","","quoted, with a comma"`,
    ].join('\r\n');
    const answer = await validate(lineId, csv);
    expect(answer.body.code).toBe(0);
    const result = answer.body.data as CustodyBatchValidation;
    expect(result).toMatchObject({ clean: false, rowCount: 9, problemRows: 7 });
    const byLine = new Map(result.rows.map((row) => [row.line, row]));
    const expectProblem = (line: number, key: keyof typeof errorCatalogue, field: string | null) => {
      const row = byLine.get(line)!;
      expect(row.problems, `line ${line}`).toHaveLength(1);
      expect(row.problems[0]).toMatchObject({ code: codeOf(key), field });
      expect(row.problems[0]!.message).toBe(messageOf(key).replace('{line}', '2').replace('{decimals}', '6'));
    };
    expect(byLine.get(2)!.problems).toEqual([]);
    expect(byLine.get(2)!.fee).toBe('2');
    expectProblem(3, 'importedCoinMismatch', 'coin');
    expectProblem(4, 'invalidAddress', 'address');
    expectProblem(5, 'custodyAmountInvalid', 'amount');
    expectProblem(6, 'custodyAmountInvalid', 'amount');
    expectProblem(7, 'custodyBatchFormulaCell', 'note');
    expectProblem(8, 'custodyBatchDuplicateRow', null);
    expectProblem(9, 'custodyAmountInvalid', 'amount');
    expect(byLine.get(10)).toMatchObject({ note: 'quoted, with a comma', problems: [] });

    const submitted = await submitter.post(custodyPaths.batches, { ...file(lineId, csv), requestId: randomUUID() });
    expect(submitted.body.code).toBe(codeOf('custodyBatchNotClean'));
    expect(await available()).toBe(before);
    expect(await batchOrders()).toBe(0);
  });

  it('reports a file made from another business line’s template on each of its rows', async () => {
    const lineId = await addLine({ name: 'Own line' });
    const otherLineId = await addLine({ name: 'Other line' });
    const csv = `# Coffer batch withdrawal · line:${otherLineId} Other line\r\n${header}\r\nUSDT,ethereum,1,${first},,a\r\nUSDT,ethereum,2,${first},,b\r\n`;
    const result = (await validate(lineId, csv)).body.data as CustodyBatchValidation;
    expect(result.clean).toBe(false);
    for (const row of result.rows) {
      expect(row.problems).toEqual([
        { code: codeOf('importedBusinessLineMismatch'), message: messageOf('importedBusinessLineMismatch'), field: null },
      ]);
    }
    expect((await validate(otherLineId, csv)).body.data).toMatchObject({ clean: true, rowCount: 2 });
  });

  it('checks the whole batch against the line’s day limit: the row past what is left is refused with the rule', async () => {
    const limits = [{ asset: 'USDT', perTransaction: '20', perDay: '25', perWeek: '1000', perMonth: '1000' }];
    const lineId = await addLine({ name: 'Limit line', limits });
    const csv = `${header}\r\nUSDT,ethereum,10,${first},,a\r\nUSDT,ethereum,10,${second},,b\r\nUSDT,ethereum,9,${first},,c\r\nUSDT,ethereum,21,${second},,d\r\n`;
    const result = (await validate(lineId, csv)).body.data as CustodyBatchValidation;
    expect(result.rows.map((row) => row.problems.map((problem) => problem.code))).toEqual([
      [],
      [],
      [codeOf('custodyPolicyDayLimit')],
      [codeOf('custodyPolicyPerTransactionLimit')],
    ]);
    expect(result.rows[2]!.problems[0]!.message).toBe('Policy rule "daily limit": 25 left in the last 24 hours');
  });

  it('applies the line’s whitelist and cooling period to each row, as for a single order', async () => {
    const lineId = await addLine({
      name: 'Whitelist line',
      whitelist: [{ asset: 'USDT', chain: 'ethereum', address: first, tag: '', note: 'supplier' }],
    });
    const csv = `${header}\r\nUSDT,ethereum,1,${first},,cooling\r\nUSDT,ethereum,1,${second},,not listed\r\n`;
    const result = (await validate(lineId, csv)).body.data as CustodyBatchValidation;
    expect(result.rows.map((row) => row.problems.map((problem) => problem.code))).toEqual([
      [codeOf('custodyPolicyCoolingPeriod')],
      [codeOf('custodyPolicyNotWhitelisted')],
    ]);
    expect(result.rows[1]!.problems[0]!.message).toBe(messageOf('custodyPolicyNotWhitelisted'));
  });

  it('holds each row of a clean batch under one batch id, once for a replay and once for 100 replays at once', async () => {
    const lineId = await addLine({ name: 'Clean line' });
    const before = await available();
    const csv = `${header}\r\nUSDT,ethereum,10,${first},,a\r\nusdt,ETHEREUM,2.5,${second},,b\r\nUSDT,ethereum,1,${second},,c\r\n`;
    expect((await validate(lineId, csv)).body.data).toMatchObject({ clean: true, totals: [{ coin: 'USDT', amount: '13.5', fee: '6' }] });
    const body = { ...file(lineId, csv), requestId: randomUUID() };
    const answer = await submitter.post(custodyPaths.batches, body);
    expect(answer.body.code).toBe(0);
    const batch = answer.body.data as CustodyBatch;
    expect(batch).toMatchObject({ lineId, accountId, state: 'pending_review' });
    expect(batch.orderIds).toHaveLength(3);
    expect(before - (await available())).toBe(toBaseUnits('19.5', 6));
    const orders = await inOrganisation(custody.db, org.orgId, (trx) =>
      trx.selectFrom('custody_withdrawal_order').selectAll().where('batch_id', '=', batch.id).orderBy('batch_line').execute(),
    );
    expect(orders.map((order) => [order.batch_line, order.amount, order.state])).toEqual([
      [2, '10000000', 'pending_review'],
      [3, '2500000', 'pending_review'],
      [4, '1000000', 'pending_review'],
    ]);

    const shown = await admin.get(custodyPaths.order.replace(':id', batch.orderIds[1]!));
    expect(shown.body.data.order).toMatchObject({ type: 'batch', batchId: batch.id, amount: '2.5', fee: '2', address: second });

    const replay = await submitter.post(custodyPaths.batches, body);
    expect(replay.body.data).toMatchObject({ id: batch.id, orderIds: batch.orderIds });
    const other = await submitter.post(custodyPaths.batches, { ...body, content: encode(`${csv}USDT,ethereum,1,${first},,d\r\n`) });
    expect(other.body.code).toBe(codeOf('idempotencyConflict'));

    const oneRow = { ...file(lineId, `${header}\r\nUSDT,ethereum,3,${first},,race\r\n`), requestId: randomUUID() };
    const beforeRace = await available();
    const answers = await Promise.all(Array.from({ length: 100 }, () => submitter.post(custodyPaths.batches, oneRow)));
    const ids = new Set(answers.map((each) => (each.body.data as CustodyBatch | undefined)?.id));
    expect(answers.every((each) => each.body.code === 0)).toBe(true);
    expect(ids.size).toBe(1);
    expect(beforeRace - (await available())).toBe(toBaseUnits('5', 6));
    expect(await batchOrders()).toBe(4);
  });
});
