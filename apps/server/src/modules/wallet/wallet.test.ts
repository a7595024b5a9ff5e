import { identityPaths, walletPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { bindAuthenticatorAndFundPassword, signUpByEmail } from '../../../test/identity-helpers';
import { createLedger } from '../ledger/ledger.service';
import { totpCode } from '../identity/totp';
import { createWithdrawalDestinations } from '../withdrawals';

let database: TestDatabase;
let app: FastifyInstance;
const password = 'Vault-Key-2026';
const fundPassword = '258036';
let counter = 0;
/** Identity's recipient-lookup quota (findCustomer). */
const recipientLookupsPerHour = 30;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

/** A customer with a fund password and an authenticator, past the 24-hour lock, holding coins. */
async function customer(holdings: Record<string, bigint> = {}) {
  counter += 1;
  const email = `wallet${counter}-${Date.now() % 100000}@coffer.test`;
  const { client, userNo } = await signUpByEmail(app, email, password);
  const { secret } = (await client.post(identityPaths.authenticatorGenerate)).body.data as { secret: string };
  await bindAuthenticatorAndFundPassword(app, client, email, secret, fundPassword);
  const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  // As if the 24-hour lock after those security changes had passed.
  await database.db.updateTable('app_user').set({ withdraw_locked_until: null }).where('id', '=', user.id).execute();
  const ledger = createLedger(database.db);
  for (const [asset, amount] of Object.entries(holdings)) {
    await ledger.transfer({
      idempotencyKey: `seed-${user.id}-${asset}`,
      billType: 2001,
      from: await ledger.platformAccount('chain', asset),
      to: await ledger.customerAccount(user.id, asset),
      amount,
    });
  }
  // Each authenticator code is accepted once per 30-second step; as if the next step had come.
  const nextGaCode = async () => {
    await database.db.updateTable('app_user').set({ totp_last_step: null }).where('id', '=', user.id).execute();
    return totpCode(secret);
  };
  return { client, email, userNo, userId: user.id, secret, nextGaCode };
}

/** Failures counted against the customer's secrets (the receiver-lookup quota aside). */
async function countedAttempts(userId: string) {
  return database.db
    .selectFrom('attempt_counter')
    .select(['scope', 'failures'])
    .where('subject', '=', userId)
    .where('scope', '<>', 'recipient-lookup:account')
    .where((eb) => eb.or([eb('failures', '>', 0), eb('locked_until', 'is not', null)]))
    .orderBy('scope')
    .execute();
}

describe('balance account', () => {
  it('lists every coin with exact totals and USD/CNY values, hides small ones, searches', async () => {
    const alice = await customer({ BTC: 150_000_000n, USDT: 500_000n });
    const table = (await alice.client.get(walletPaths.bitAssets)).body.data;
    expect(table.rows.map((row: { coin: string }) => row.coin)).toEqual(['BTC', 'ETH', 'USDT', 'USDC', 'XRP']);
    expect(table.rows[0]).toMatchObject({
      coin: 'BTC',
      total: '1.5',
      available: '1.5',
      frozen: '0',
      usdValue: '145500.00',
      cnyValue: '1033050.00',
    });
    expect(table.summary.totalAsset).toEqual({ usdValue: '145500.50', rmbValue: '1033053.55' });
    const hidden = (await alice.client.get(`${walletPaths.bitAssets}?hideSmall=true`)).body.data.rows;
    expect(hidden.map((row: { coin: string }) => row.coin)).toEqual(['BTC']);
    const searched = (await alice.client.get(`${walletPaths.bitAssets}?coin=tether`)).body.data.rows;
    expect(searched.map((row: { coin: string }) => row.coin)).toEqual(['USDT']);
  });

  it('answers the asset summary with the five keys', async () => {
    const bob = await customer({ USDC: 2_000_000n });
    const summary = (await bob.client.get(walletPaths.headAsset)).body.data;
    expect(Object.keys(summary).sort()).toEqual(['balance', 'bollateral', 'borrow', 'investment', 'totalAsset']);
    expect(summary.balance).toEqual({ usdValue: '2.00', rmbValue: '14.20' });
    expect(summary.borrow).toEqual({ usdValue: '0.00', rmbValue: '0.00' });
  });

  it('needs a session', async () => {
    const response = await app.inject({ url: walletPaths.headAsset });
    expect(response.statusCode).toBe(401);
  });
});

describe('internal transfer', () => {
  it('isInnerAddress answers about blockchain addresses only: an e-mail, phone or user number tells nothing about customers', async () => {
    const bob = await customer();
    await database.db
      .updateTable('app_user')
      .set({ phone_dial_code: '49', phone: '15199887766' })
      .where('user_no', '=', bob.userNo)
      .execute();
    const masked = `${bob.email.slice(0, 2)}***@coffer.test`;
    for (const account of [bob.userNo, bob.email, '+49 151-9988-7766', '+49 000']) {
      const path = walletPaths.isInnerAddress.replace(':address', encodeURIComponent(account));
      for (const url of [path, `${path}?chain=ethereum`, `${path}?chain=xrpl`, `${path}?chain=bitcoin`]) {
        const answer = await app.inject({ url });
        expect(answer.json().code, url).not.toBe(0);
        expect(answer.body, url).not.toContain(masked);
        expect(answer.body, url).not.toContain('isInner');
      }
    }
  });

  it('isInnerAddress is chain- and tag-aware: the shared XRP deposit address with two tags is two customers', async () => {
    const alice = await customer();
    const bob = await customer();
    const shared = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
    await database.db
      .insertInto('deposit_address')
      .values([
        { user_id: alice.userId, chain: 'xrpl', derivation_index: 900_001, address: shared, memo: '1001' },
        { user_id: bob.userId, chain: 'xrpl', derivation_index: 900_002, address: shared, memo: '1002' },
      ])
      .execute();
    const ask = async (query: string) =>
      (await app.inject({ url: `${walletPaths.isInnerAddress.replace(':address', shared)}?${query}` })).json();
    expect(await ask('chain=xrpl&tag=1001')).toEqual({ code: 0, msg: expect.any(String), data: { isInner: true } });
    expect((await ask('chain=xrpl&tag=1002')).data).toEqual({ isInner: true });
    expect((await ask('chain=xrpl&tag=1003')).data).toEqual({ isInner: false });
    // The address alone is no customer's: without its tag it is not inner.
    expect((await ask('chain=xrpl')).data).toEqual({ isInner: false });
    expect((await ask('chain=ethereum')).code).toBe(21000003);

    // The internal-destination check behind it names each tag's own customer.
    const destinations = createWithdrawalDestinations({
      db: database.db,
      bitcoinNetwork: 'mainnet',
      xrpNetwork: 'mainnet',
      contractCheckers: new Map(),
    });
    expect(await destinations.depositAddressOwner('xrpl', shared, '1001')).toBe(alice.userId);
    expect(await destinations.depositAddressOwner('xrpl', shared, '1002')).toBe(bob.userId);
    expect(await destinations.depositAddressOwner('xrpl', shared, null)).toBeNull();
  });

  it('tells a signed-in customer the masked receiver by user number, e-mail or phone', async () => {
    const alice = await customer();
    const bob = await customer();
    await database.db
      .updateTable('app_user')
      .set({ phone_dial_code: '49', phone: '15199887700' })
      .where('user_no', '=', bob.userNo)
      .execute();
    for (const receiver of [bob.userNo, bob.email, '+49 151-9988-7700']) {
      const answer = await alice.client.post(walletPaths.transferRecipient, { receiver });
      expect(answer.body, receiver).toMatchObject({
        code: 0,
        data: { isCustomer: true, receiverMasked: `${bob.email.slice(0, 2)}***@coffer.test` },
      });
    }
    expect((await alice.client.post(walletPaths.transferRecipient, { receiver: '+49 000' })).body.data).toEqual({
      isCustomer: false,
      receiverMasked: null,
    });
    expect((await alice.client.post(walletPaths.transferRecipient, { receiver: alice.email })).body.code).toBe(17000003);
    const anonymous = await app.inject({ method: 'POST', url: walletPaths.transferRecipient, payload: { receiver: bob.email } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('***@');
  });

  it('limits receiver lookups per customer: of 100 parallel lookups only the quota is answered, and preTransfer shares it', async () => {
    const carol = await customer({ USDT: 10_000_000n });
    const bob = await customer();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => carol.client.post(walletPaths.transferRecipient, { receiver: bob.email })),
    );
    const answered = answers.filter((answer) => answer.body.code === 0);
    expect(answered).toHaveLength(recipientLookupsPerHour);
    for (const answer of answers.filter((candidate) => candidate.body.code !== 0)) {
      expect(answer.body).toMatchObject({ code: 19000008, data: expect.not.objectContaining({ receiverMasked: expect.anything() }) });
    }
    expect((await carol.client.post(walletPaths.preTransfer, { coin: 'USDT', amount: '1', receiver: bob.email })).body.code).toBe(19000008);
    // Another customer's quota is their own.
    expect((await bob.client.post(walletPaths.transferRecipient, { receiver: carol.email })).body.code).toBe(0);
  });

  it('moves coins with fund password and second factor, once per request id, and both sides see it', async () => {
    const alice = await customer({ USDT: 100_000_000n });
    const bob = await customer();
    const pre = await alice.client.post(walletPaths.preTransfer, { coin: 'USDT', amount: '25.5', receiver: bob.email });
    expect(pre.body.data).toMatchObject({ fee: '0', available: '100', secondFactor: 'ga' });
    const path = walletPaths.transfer.replace(':coin', 'USDT').replace(':receiver', bob.userNo);
    const body = { amount: '25.5', fundPassword, gaCode: await alice.nextGaCode(), note: '=HYPERLINK("x")', requestId: 'req-0001-alice' };
    const sent = await alice.client.post(path, body);
    expect(sent.body).toMatchObject({
      code: 0,
      data: { businessType: 'transferOut', quantity: '25.5', handlingFee: '0', accountBalance: '74.5' },
    });
    const again = await alice.client.post(path, body);
    expect(again.body.data.flowId).toBe(sent.body.data.flowId);

    const aliceRows = (await alice.client.get(walletPaths.bitAssets)).body.data.rows;
    expect(aliceRows.find((row: { coin: string }) => row.coin === 'USDT').available).toBe('74.5');
    const bobBills = (await bob.client.get(walletPaths.userBills)).body.data;
    expect(bobBills.records[0]).toMatchObject({
      type: 2003,
      coin: 'USDT',
      amount: '25.5',
      detail: { serialNumber: sent.body.data.flowId },
    });
    const aliceBills = (await alice.client.get(`${walletPaths.userBills}?type=2004`)).body.data;
    expect(aliceBills.records).toHaveLength(1);
    expect(aliceBills.records[0]).toMatchObject({ type: 2004, amount: '-25.5' });
    const info = (await alice.client.get(`${walletPaths.billInfo}?id=${aliceBills.records[0].id}`)).body.data;
    expect(info.detail.targetAccount).toMatch(/\*\*\*@coffer\.test/);
  });

  it('answers 50 concurrent retries of one request id with one record: one transfer, no lock, no attempt counted', async () => {
    const alice = await customer({ USDT: 100_000_000n });
    const bob = await customer();
    const path = walletPaths.transfer.replace(':coin', 'USDT').replace(':receiver', bob.userNo);
    const body = { amount: '10', fundPassword, gaCode: await alice.nextGaCode(), requestId: `retry-${alice.userNo}` };
    const answers = await Promise.all(Array.from({ length: 50 }, () => alice.client.post(path, body)));
    const first = answers[0]!.body;
    expect(first).toMatchObject({ code: 0, data: { businessType: 'transferOut', quantity: '10', accountBalance: '90' } });
    for (const answer of answers) expect(answer.body).toEqual(first);
    const transfers = await database.db.selectFrom('wallet_transfer').select('id').where('from_user_id', '=', alice.userId).execute();
    expect(transfers).toHaveLength(1);
    expect(
      (await alice.client.get(walletPaths.bitAssets)).body.data.rows.find((row: { coin: string }) => row.coin === 'USDT').available,
    ).toBe('90');
    expect(await countedAttempts(alice.userId)).toEqual([]);

    // A replay after the fact, even with a wrong fund password, is the same record; nothing is verified or counted.
    expect((await alice.client.post(path, { ...body, fundPassword: '147036' })).body).toEqual(first);
    // Another payload under the same id is refused, before any verification.
    const other = walletPaths.transfer.replace(':coin', 'BTC').replace(':receiver', alice.email);
    expect((await alice.client.post(other, { ...body, amount: '1', fundPassword: '147036' })).body.code).toBe(17000007);
    expect((await alice.client.post(path, { ...body, amount: '11' })).body.code).toBe(17000007);
    expect((await alice.client.post(path, { ...body, note: 'changed' })).body.code).toBe(17000007);
    expect(await countedAttempts(alice.userId)).toEqual([]);
    expect(await database.db.selectFrom('wallet_transfer').select('id').where('from_user_id', '=', alice.userId).execute()).toHaveLength(1);
  });

  it('frees the request id after a failed verification: a wrong fund password, then the right one with the same id, moves the money', async () => {
    const alice = await customer({ USDT: 100_000_000n });
    const bob = await customer();
    const path = walletPaths.transfer.replace(':coin', 'USDT').replace(':receiver', bob.userNo);
    const body = { amount: '5', gaCode: await alice.nextGaCode(), requestId: `wrong-then-right-${alice.userNo}` };
    // Concurrent duplicates of the wrong attempt share its answer: the fund password is checked once.
    const wrong = await Promise.all(Array.from({ length: 5 }, () => alice.client.post(path, { ...body, fundPassword: '147036' })));
    for (const answer of wrong) expect(answer.body.code).toBe(16000012);
    expect(await countedAttempts(alice.userId)).toEqual([{ scope: 'fund-password:account', failures: 1 }]);
    const right = await alice.client.post(path, { ...body, fundPassword, gaCode: await alice.nextGaCode() });
    expect(right.body).toMatchObject({ code: 0, data: { quantity: '5', accountBalance: '95' } });
    expect((await alice.client.post(path, { ...body, fundPassword })).body).toEqual(right.body);
  });

  it('holds the fund-password limit before money moves: 100 parallel transfers from 100 IPs, the right password last, move nothing', async () => {
    const alice = await customer({ USDT: 100_000_000n });
    const bob = await customer();
    const path = walletPaths.transfer.replace(':coin', 'USDT').replace(':receiver', bob.userNo);
    const gaCode = await alice.nextGaCode();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        app
          .inject({
            method: 'POST',
            url: path,
            remoteAddress: `198.18.7.${index + 1}`,
            headers: { cookie: alice.client.cookie! },
            payload: {
              amount: '1',
              gaCode,
              fundPassword: index === 99 ? fundPassword : String(300000 + index),
              requestId: `burst-${alice.userNo}-${index}`,
            },
          })
          .then((response) => response.json().code as number),
      ),
    );
    expect(answers).not.toContain(0);
    expect(answers[99]).toBe(16000010);
    expect(answers.filter((code) => code === 16000012).length).toBeLessThanOrEqual(5);
    expect(answers.filter((code) => code !== 16000012 && code !== 16000010)).toEqual([]);
    expect(await countedAttempts(alice.userId)).toEqual([{ scope: 'fund-password:account', failures: 5 }]);
    expect(await database.db.selectFrom('wallet_transfer').select('id').where('from_user_id', '=', alice.userId).execute()).toEqual([]);
  });

  it('refuses self, wrong fund password, missing factor, too much, and during the security lock', async () => {
    const alice = await customer({ BTC: 1_000n });
    const bob = await customer();
    const to = (receiver: string) => walletPaths.transfer.replace(':coin', 'BTC').replace(':receiver', receiver);
    const base = { amount: '0.00000500', fundPassword, requestId: `req-${Date.now()}-x` };
    expect((await alice.client.post(to(alice.userNo), { ...base, gaCode: await alice.nextGaCode() })).body.code).toBe(17000003);
    expect((await alice.client.post(to(bob.userNo), { ...base, fundPassword: '147036', gaCode: await alice.nextGaCode() })).body.code).toBe(
      16000012,
    );
    expect((await alice.client.post(to(bob.userNo), { ...base, requestId: 'req-missing-ga' })).body).toMatchObject({
      code: 19000002,
      data: { field: 'gaCode' },
    });
    expect(
      (await alice.client.post(to(bob.userNo), { ...base, amount: '0.00002', requestId: 'req-too-much', gaCode: await alice.nextGaCode() }))
        .body.code,
    ).toBe(17000001);
    expect((await alice.client.post(to(bob.userNo), { ...base, amount: '0.000000001', requestId: 'req-too-fine' })).body).toMatchObject({
      code: 19000003,
      data: { field: 'amount' },
    });
    await database.db
      .updateTable('app_user')
      .set({ withdraw_locked_until: new Date(Date.now() + 3600_000) })
      .where('id', '=', alice.userId)
      .execute();
    expect(
      (await alice.client.post(to(bob.userNo), { ...base, requestId: 'req-locked', gaCode: await alice.nextGaCode() })).body.code,
    ).toBe(16000019);
    const rows = (await alice.client.get(walletPaths.bitAssets)).body.data.rows;
    expect(rows.find((row: { coin: string }) => row.coin === 'BTC').available).toBe('0.00001');
  });
});

describe('bills download', () => {
  it('streams CSV with formula injection neutralised and RFC 4180 quoting', async () => {
    const alice = await customer({ XRP: 10_000_000n });
    const bob = await customer();
    const path = walletPaths.transfer.replace(':coin', 'XRP').replace(':receiver', bob.userNo);
    for (const [index, note] of ['=1+1', '+cmd', '-2', '@SUM(A1)', 'plain, "quoted"'].entries()) {
      const sent = await alice.client.post(path, {
        amount: '1',
        fundPassword,
        gaCode: await alice.nextGaCode(),
        note,
        requestId: `csv-${index}-${alice.userNo}`,
      });
      expect(sent.body.code).toBe(0);
    }
    const start = new Date(Date.now() - 86_400_000).toISOString();
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const response = await app.inject({
      url: `${walletPaths.billsExport}?start=${start}&end=${end}`,
      headers: { cookie: alice.client.cookie ?? '' },
    });
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Type,Type code,Coin,Amount,Detail,Note');
    expect(lines).toHaveLength(7);
    const notes = lines.slice(1, 6).map((line) => line.split(',').slice(6).join(','));
    expect(notes).toEqual([`"plain, ""quoted"""`, "'@SUM(A1)", "'-2", "'+cmd", "'=1+1"]);
    expect(lines[1]).toMatch(/,Transfer out,2004,XRP,-1,Serial number: [0-9a-f]+; Target account: /);
  });

  it('refuses a range over 3 months', async () => {
    const alice = await customer();
    const answer = await alice.client.get(`${walletPaths.billsExport}?start=2026-01-01T00:00:00Z&end=2026-04-02T00:00:00Z`, {
      'language-type': '1',
    });
    expect(answer.body).toMatchObject({ code: 17000005, msg: 'The download range can be at most 3 months' });
    expect((await alice.client.get(`${walletPaths.billsExport}?start=2026-01-01T00:00:00Z`)).body).toMatchObject({
      code: 19000002,
      data: { field: 'end' },
    });
  });
});

describe('dashboard', () => {
  it('prompts an empty account and shows the live value as the last trend point', async () => {
    const empty = await customer();
    const blank = (await empty.client.get(walletPaths.dashboard)).body.data;
    expect(blank).toMatchObject({ isEmpty: true, live: { usdValue: '0.00' }, recentActivity: [] });
    expect(blank.quotations.map((quote: { coin: string }) => quote.coin)).toEqual(['BTC', 'ETH', 'USDT', 'USDC', 'XRP']);

    const funded = await customer({ ETH: 2_000_000_000_000_000_000n });
    const board = (await funded.client.get(walletPaths.dashboard)).body.data;
    expect(board.isEmpty).toBe(false);
    expect(board.trend.at(-1)).toMatchObject({ usdValue: '7200.00', date: new Date().toISOString().slice(0, 10) });
    expect(board.recentActivity[0]).toMatchObject({ type: 2001, coin: 'ETH', amount: '2' });
  });
});

describe('bills paging', () => {
  it('pages newest first across coins, skipping holds that change no total, without gaps or repeats', async () => {
    const carol = await customer();
    const ledger = createLedger(database.db, database.pool);
    const accounts = { BTC: await ledger.customerAccount(carol.userId, 'BTC'), USDT: await ledger.customerAccount(carol.userId, 'USDT') };
    const expected: string[] = [];
    for (let index = 0; index < 9; index += 1) {
      const asset = index % 3 === 0 ? 'BTC' : 'USDT';
      await ledger.transfer({
        idempotencyKey: `paging-${carol.userId}-${index}`,
        billType: 2001,
        from: await ledger.platformAccount('chain', asset),
        to: accounts[asset],
        amount: BigInt(index + 1),
      });
      expected.unshift(`${asset}:${index + 1}`);
      if (index === 4) {
        // A hold moves available to frozen: the total is unchanged, so it is no bill.
        await ledger.hold({ idempotencyKey: `paging-hold-${carol.userId}`, billType: 2002, accountId: accounts.USDT, amount: 1n });
      }
    }
    const seen: string[] = [];
    for (let pageNo = 1; pageNo <= 5; pageNo += 1) {
      const page = (await carol.client.get(`${walletPaths.userBills}?pageNo=${pageNo}&pageSize=2`)).body.data;
      expect(page.total).toBe(9);
      seen.push(...page.records.map((bill: { coin: string; amount: string }) => `${bill.coin}:${toBaseUnitsText(bill.amount, bill.coin)}`));
    }
    expect(seen).toEqual(expected);
  });
});

function toBaseUnitsText(amount: string, coin: string): string {
  const scale = coin === 'BTC' ? 8 : 6;
  const [whole = '0', fraction = ''] = amount.split('.');
  return String(BigInt(whole + fraction.padEnd(scale, '0')));
}
