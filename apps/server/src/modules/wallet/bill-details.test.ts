import { tradePaths, walletPaths, type Bill } from '@coffer/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import type { Db } from '../../platform/db/database';
import { createAssetsModule } from '../assets';
import { depositBillDescriber } from '../deposits';
import type { IdentityApi } from '../identity';
import { tradeBillDescriber } from '../trade';
import { tradeFixture, type TradeFixture } from '../../../test/trade-kit';
import { withdrawalBillDescriber } from '../withdrawals';
import { createBillDetails } from './bill-details';

let database: TestDatabase;
let kit: TradeFixture;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  kit = await tradeFixture(database);
});

afterAll(async () => {
  await kit.app.close();
  await database.drop();
});

/** Bill details as `app.ts` wires them: the posting modules' describers, scales from the asset catalogue. */
const billDetails = (db: Db, identity: IdentityApi) =>
  createBillDetails({
    db,
    identity,
    assets: createAssetsModule({ db: database.db }).api,
    describers: [depositBillDescriber, withdrawalBillDescriber, tradeBillDescriber],
  });

const usdt = (whole: number) => BigInt(whole) * 1_000_000n;
const txidOf = (seed: number) => `0x${seed.toString(16).padStart(64, 'a')}`;

/** A credited deposit, posted the way the deposit watcher posts it (reference, key and note). */
async function creditDeposit(userId: string, units: bigint): Promise<{ txid: string; depositId: string }> {
  counter += 1;
  const txid = txidOf(counter);
  const { db } = database;
  const deposit = await db
    .insertInto('deposit')
    .values({
      user_id: userId,
      chain: 'ethereum',
      asset: 'USDT',
      txid,
      log_index: 0,
      address: '0x1111111111111111111111111111111111111111',
      memo: null,
      amount: units,
      block_height: '100',
      block_hash: `0x${'b'.repeat(64)}`,
      required_confirmations: 12,
      status: 'waiting',
      fail_reason: null,
      journal_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    const posted = await kit.ledger.post(
      {
        idempotencyKey: `deposit:ethereum:${txid}:0`,
        billType: 2001,
        reference: { type: 'deposit', id: deposit.id },
        note: txid,
        legs: [
          { accountId: await kit.ledger.customerAccount(userId, 'USDT'), bucket: 'available', amount: units },
          { accountId: await kit.ledger.platformAccount('omnibus', 'USDT'), bucket: 'available', amount: -units },
        ],
      },
      trx,
    );
    await trx
      .updateTable('deposit')
      .set({ status: 'credited', journal_id: posted.journalId, confirmations: 12, credited_at: new Date() })
      .where('id', '=', deposit.id)
      .execute();
  });
  return { txid, depositId: deposit.id };
}

/** An ordinary withdrawal held at submission, as the withdrawal service and signer post it; settled or failed. */
async function withdraw(userId: string, amount: bigint, fee: bigint, outcome: 'settle' | 'fail' | 'pending') {
  counter += 1;
  const { db } = database;
  const serialNo = `W${Date.now()}${counter}`;
  const txid = txidOf(1000 + counter);
  const row = await db
    .insertInto('withdrawal')
    .values({
      serial_no: serialNo,
      user_id: userId,
      request_key: `bills-${serialNo}`,
      request_hash: 'h',
      kind: 'ordinary',
      asset: 'USDT',
      chain: 'ethereum',
      address: '0x2222222222222222222222222222222222222222',
      tag: null,
      amount,
      fee,
      usd_cents: '0',
      recipient_user_id: null,
      status: 'processing',
      fail_reason: null,
      hold_id: null,
      journal_id: null,
      required_confirmations: 12,
      confirm_before: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reference = { type: 'withdrawal', id: row.id };
  const customer = await kit.ledger.customerAccount(userId, 'USDT');
  const held = await kit.ledger.hold({
    idempotencyKey: `withdrawal:${row.id}:hold`,
    billType: 2002,
    accountId: customer,
    amount: amount + fee,
    reference,
  });
  await db.updateTable('withdrawal').set({ hold_id: held.holdId }).where('id', '=', row.id).execute();
  await db
    .insertInto('withdrawal_outbox')
    .values({ withdrawal_id: row.id, chain: 'ethereum', txid, raw: '0x00', network_fee: '0' })
    .execute();
  if (outcome === 'settle') {
    const posted = await kit.ledger.settleHold({
      idempotencyKey: `withdrawal:${row.id}:settle`,
      billType: 2002,
      holdId: held.holdId!,
      accountId: customer,
      amount: amount + fee,
      to: [
        { accountId: await kit.ledger.platformAccount('omnibus', 'USDT'), amount },
        { accountId: await kit.ledger.platformAccount('fees', 'USDT'), amount: fee },
      ],
      reference,
    });
    await db
      .updateTable('withdrawal')
      .set({ status: 'completed', journal_id: posted.journalId, confirmations: 12, completed_at: new Date() })
      .where('id', '=', row.id)
      .execute();
  } else if (outcome === 'fail') {
    await kit.ledger.releaseHold({
      idempotencyKey: `withdrawal:${row.id}:release`,
      billType: 2002,
      holdId: held.holdId!,
      accountId: customer,
      amount: amount + fee,
      reference,
    });
    await db.updateTable('withdrawal').set({ status: 'failed', fail_reason: 'rejected' }).where('id', '=', row.id).execute();
  }
  return { serialNo, txid, withdrawalId: row.id };
}

/** A spot buy through the real trade API: quote, place, pay. */
async function buyBtc(client: Awaited<ReturnType<TradeFixture['customer']>>['client'], usdtAmount: string) {
  const quote = await client.post(tradePaths.quote, { pair: 'BTC/USDT', side: 'buy', amount: usdtAmount, amountCoin: 'USDT' });
  expect(quote.body.code).toBe(0);
  const placed = await client.post(tradePaths.orders, { quoteId: quote.body.data.quoteId });
  const paid = await client.post(tradePaths.payOrder.replace(':orderNo', placed.body.data.orderNo));
  expect(paid.body.data.status).toBe('completed');
  return { orderNo: placed.body.data.orderNo as string, price: quote.body.data.price as string };
}

const billsOf = async (client: Awaited<ReturnType<TradeFixture['customer']>>['client'], query = '') =>
  (await client.get(`${walletPaths.userBills}?pageSize=50${query}`)).body.data.records as Bill[];

describe('bill details', () => {
  it('describes a deposit, a withdrawal and a trade in the list and in billInfo', async () => {
    const alice = await kit.customer();
    const deposit = await creditDeposit(alice.userId, usdt(500));
    const withdrawal = await withdraw(alice.userId, usdt(100), usdt(2), 'settle');
    const trade = await buyBtc(alice.client, '50');

    const bills = await billsOf(alice.client);
    const depositBill = bills.find((bill) => bill.type === 2001)!;
    expect(depositBill).toMatchObject({
      coin: 'USDT',
      amount: '500',
      detail: {
        txid: deposit.txid,
        chain: 'ethereum',
        depositAddress: '0x1111111111111111111111111111111111111111',
        confirmations: '12/12',
      },
    });
    expect(depositBill.detail.remarks).toBeUndefined();

    const withdrawalBill = bills.find((bill) => bill.type === 2002)!;
    expect(withdrawalBill).toMatchObject({
      amount: '-102',
      detail: {
        serialNumber: withdrawal.serialNo,
        withdrawalAddress: '0x2222222222222222222222222222222222222222',
        txid: withdrawal.txid,
        chain: 'ethereum',
        fee: '2',
        status: 'completed',
      },
    });

    const tradeBills = bills.filter((bill) => bill.type === 2007);
    expect(tradeBills.map((bill) => bill.coin).sort()).toEqual(['BTC', 'USDT']);
    for (const bill of tradeBills)
      expect(bill.detail).toEqual({ orderNo: trade.orderNo, pair: 'BTC/USDT', side: 'buy', price: trade.price });
    expect(tradeBills.find((bill) => bill.coin === 'USDT')!.amount).toBe('-50');

    for (const bill of [depositBill, withdrawalBill, ...tradeBills]) {
      const info = await alice.client.get(`${walletPaths.billInfo}?id=${bill.id}`);
      expect(info.body).toMatchObject({ code: 0, data: bill });
    }
  });

  it('shows a withdrawal only once it settles: its hold and a failed one’s release are no income', async () => {
    const bob = await kit.customer();
    await creditDeposit(bob.userId, usdt(300));
    await withdraw(bob.userId, usdt(50), usdt(2), 'fail');
    await withdraw(bob.userId, usdt(20), usdt(2), 'pending');
    expect(await kit.available(bob.userId, 'USDT')).toBe(usdt(278));

    const bills = await billsOf(bob.client);
    expect(bills.map((bill) => [bill.type, bill.amount])).toEqual([[2001, '300']]);
    expect(await billsOf(bob.client, '&type=2002')).toEqual([]);
    const page = (await bob.client.get(walletPaths.userBills)).body.data;
    expect(page.total).toBe(1);
  });

  it('describes an internal withdrawal to both sides with masked accounts', async () => {
    const sender = await kit.customer();
    const recipient = await kit.customer();
    await creditDeposit(sender.userId, usdt(40));
    counter += 1;
    const serialNo = `W${Date.now()}${counter}`;
    const row = await database.db
      .insertInto('withdrawal')
      .values({
        serial_no: serialNo,
        user_id: sender.userId,
        request_key: `bills-${serialNo}`,
        request_hash: 'h',
        kind: 'internal',
        asset: 'USDT',
        chain: 'ethereum',
        address: 'someone@coffer.test',
        tag: null,
        amount: usdt(15),
        fee: '0',
        usd_cents: '1500',
        recipient_user_id: recipient.userId,
        status: 'processing',
        fail_reason: null,
        hold_id: null,
        journal_id: null,
        required_confirmations: 1,
        confirm_before: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const posted = await kit.ledger.transfer({
      idempotencyKey: `withdrawal:${row.id}:internal`,
      billType: 2004,
      from: await kit.ledger.customerAccount(sender.userId, 'USDT'),
      to: await kit.ledger.customerAccount(recipient.userId, 'USDT'),
      amount: usdt(15),
      reference: { type: 'withdrawal', id: row.id },
    });
    await database.db
      .updateTable('withdrawal')
      .set({ status: 'completed', journal_id: posted.journalId, completed_at: new Date() })
      .where('id', '=', row.id)
      .execute();

    const sent = (await billsOf(sender.client, '&type=2004'))[0]!;
    expect(sent).toMatchObject({ amount: '-15', detail: { serialNumber: serialNo, status: 'completed' } });
    expect(sent.detail.targetAccount).toMatch(/\*\*\*@coffer\.test$/);
    expect(sent.detail.withdrawalAddress).toBeUndefined();
    const received = (await billsOf(recipient.client))[0]!;
    expect(received).toMatchObject({ type: 2003, amount: '15', detail: { serialNumber: serialNo } });
    expect(received.detail.sourceAccount).toMatch(/\*\*\*@coffer\.test$/);
    expect(Object.keys(received.detail).sort()).toEqual(['serialNumber', 'sourceAccount']);
  });

  it('keeps details to their owner', async () => {
    const owner = await kit.customer();
    const stranger = await kit.customer();
    await creditDeposit(owner.userId, usdt(10));
    const bill = (await billsOf(owner.client))[0]!;
    const foreign = await stranger.client.get(`${walletPaths.billInfo}?id=${bill.id}`);
    expect(foreign.body.code).toBe(19000011);
    expect(await billsOf(stranger.client)).toEqual([]);

    // Even handed another customer's references, the lookup answers nothing for them.
    const journal = await database.db
      .selectFrom('journal')
      .select(['reference_type', 'reference_id', 'note'])
      .where('id', '=', bill.id.split('-')[0]!)
      .executeTakeFirstOrThrow();
    const details = billDetails(database.db, { describe: async () => ({ masked: 'x' }) } as unknown as IdentityApi);
    const row = { ...journal, note: '', flow_id: null, from_user_id: null, to_user_id: null };
    expect(await details.describe(stranger.userId, [row])).toEqual([{}]);
    expect((await details.describe(owner.userId, [row]))[0]).toMatchObject({ txid: journal.note });
  });

  it('looks up the details of a whole page in one query', async () => {
    const carol = await kit.customer();
    await creditDeposit(carol.userId, usdt(200));
    await creditDeposit(carol.userId, usdt(100));
    await withdraw(carol.userId, usdt(30), usdt(2), 'settle');
    await buyBtc(carol.client, '20');
    const rows = (
      await database.db
        .selectFrom('journal as j')
        .innerJoin('entry as e', 'e.journal_id', 'j.id')
        .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
        .select(['j.reference_type', 'j.reference_id', 'j.note'])
        .where('a.owner_type', '=', 'customer')
        .where('a.owner_ref', '=', carol.userId)
        .distinct()
        .execute()
    ).map((row) => ({ ...row, flow_id: null, from_user_id: null, to_user_id: null }));
    expect(new Set(rows.map((row) => row.reference_type))).toEqual(new Set(['deposit', 'withdrawal', 'trade_order']));

    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const details = billDetails(database.db.withPlugin(counting) as Db, {} as IdentityApi);
    const described = await details.describe(carol.userId, rows);
    expect(queries).toBe(1);
    expect(described.filter((detail) => detail.txid).length).toBe(3);
  });
});

describe('bill details in the CSV download', () => {
  it('writes the labels and values in the download’s language', async () => {
    const dave = await kit.customer();
    const deposit = await creditDeposit(dave.userId, usdt(400));
    const withdrawal = await withdraw(dave.userId, usdt(100), usdt(2), 'settle');
    const trade = await buyBtc(dave.client, '25');
    const start = new Date(Date.now() - 86_400_000).toISOString();
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const download = async (languageType: string) => {
      const response = await kit.app.inject({
        url: `${walletPaths.billsExport}?start=${start}&end=${end}`,
        headers: { cookie: dave.client.cookie ?? '', 'language-type': languageType },
      });
      return response.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
    };

    const english = await download('1');
    expect(english[0]).toBe('Time (UTC),Type,Type code,Coin,Amount,Detail,Note');
    const depositLine = english.find((line) => line.includes(',2001,'))!;
    expect(depositLine).toContain(
      `TXID: ${deposit.txid}; Network: ethereum; Deposit address: 0x1111111111111111111111111111111111111111; Confirmations: 12/12`,
    );
    expect(depositLine.endsWith(',')).toBe(true);
    const withdrawalLine = english.find((line) => line.includes(',2002,'))!;
    expect(withdrawalLine).toContain(
      `,-102,Serial number: ${withdrawal.serialNo}; Withdrawal address: 0x2222222222222222222222222222222222222222; TXID: ${withdrawal.txid}; Network: ethereum; Fee: 2 USDT; Status: Completed`,
    );
    const tradeLines = english.filter((line) => line.includes(',2007,'));
    expect(tradeLines).toHaveLength(2);
    for (const line of tradeLines)
      expect(line).toContain(`Order number: ${trade.orderNo}; Pair: BTC/USDT; Side: Buy; Unit price: ${trade.price} USDT`);

    const russian = await download('2');
    expect(russian[0]).toBe('Время (UTC),Тип,Код типа,Монета,Сумма,Подробности,Примечание');
    expect(russian.find((line) => line.includes(',2002,'))).toContain('Адрес вывода: 0x2222222222222222222222222222222222222222');
    expect(russian.find((line) => line.includes(',2002,'))).toContain('Комиссия: 2 USDT; Статус: Выполнен');
    expect(russian.find((line) => line.includes(',2007,'))).toContain('Пара: BTC/USDT; Направление: Покупка');
  });
});
