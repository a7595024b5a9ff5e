import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLedgerReads, type LedgerReads } from './ledger-reads';
import { createLedger, type Ledger } from './ledger.service';

let database: TestDatabase;
let ledger: Ledger;
let reads: LedgerReads;

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db, database.pool);
  reads = createLedgerReads(database.db);
});

afterAll(async () => {
  await database.drop();
});

let counter = 0;
const key = (label: string) => `reads-${label}-${(counter += 1)}`;
const newUser = () => `reads-user-${(counter += 1)}-${Math.random().toString(36).slice(2)}`;

async function fund(userId: string, asset: string, amount: bigint): Promise<string> {
  const account = await ledger.customerAccount(userId, asset);
  await ledger.transfer({
    idempotencyKey: key('fund'),
    billType: 2001,
    from: await ledger.platformAccount('chain', asset),
    to: account,
    amount,
  });
  return account;
}

describe('the ledger read API', () => {
  it('reads a customer wallet: balances per asset, available of one asset, 0 without an account', async () => {
    const userId = newUser();
    const bitcoin = await fund(userId, 'BTC', 700n);
    await fund(userId, 'ETH', 25n);
    await ledger.hold({ idempotencyKey: key('hold'), billType: 3001, accountId: bitcoin, amount: 200n });

    const balances = await reads.customerWalletBalances(userId);
    expect([...balances].sort((a, b) => a.asset.localeCompare(b.asset))).toEqual([
      { asset: 'BTC', available: '500', frozen: '200' },
      { asset: 'ETH', available: '25', frozen: '0' },
    ]);
    expect(await reads.availableOf(userId, 'BTC')).toBe(500n);
    expect(await reads.availableOf(userId, 'USDT')).toBe(0n);
    expect(await reads.availableOf(newUser(), 'BTC')).toBe(0n);
    expect(await reads.customerWalletBalances(newUser())).toEqual([]);
  });

  it('reads inside the caller’s transaction', async () => {
    const userId = newUser();
    const account = await ledger.customerAccount(userId, 'BTC');
    const chain = await ledger.platformAccount('chain', 'BTC');
    const seen = await database.db.transaction().execute(async (trx) => {
      await ledger.transfer({ idempotencyKey: key('in-trx'), billType: 2001, from: chain, to: account, amount: 40n }, trx);
      return { inside: await reads.availableOf(userId, 'BTC', trx), outside: await reads.availableOf(userId, 'BTC') };
    });
    expect(seen).toEqual({ inside: 40n, outside: 0n });
  });

  it('lists every customer holding an account once', async () => {
    const userId = newUser();
    await fund(userId, 'BTC', 1n);
    await fund(userId, 'ETH', 1n);
    const holders = await reads.customersWithAccounts();
    expect(holders.filter((holder) => holder === userId)).toEqual([userId]);
    expect(holders.some((holder) => holder.startsWith('reads-user-'))).toBe(true);
  });

  it('finds a journal by its key and the balance an owner had after it', async () => {
    const from = newUser();
    const to = newUser();
    const fromAccount = await fund(from, 'BTC', 100n);
    const toAccount = await ledger.customerAccount(to, 'BTC');
    const idempotencyKey = key('transfer');
    const posted = await ledger.transfer({ idempotencyKey, billType: 2004, from: fromAccount, to: toAccount, amount: 30n });

    expect(await reads.journalIdByKey(idempotencyKey)).toBe(posted.journalId);
    expect(await reads.journalIdByKey(key('never-posted'))).toBeNull();
    expect(await reads.availableBalanceAfterJournal(posted.journalId, from)).toBe('70');
    expect(await reads.availableBalanceAfterJournal(posted.journalId, to)).toBe('30');
    expect(await reads.availableBalanceAfterJournal(posted.journalId, newUser())).toBeNull();
  });

  it('keeps custody accounts apart from customers of the same id, never negative, with their balances and what a journal left', async () => {
    // A custody account's id is a custody_account id: it may equal a customer's.
    const sameId = String(900_000 + (counter += 1));
    const custody = await ledger.custodyAccount(sameId, 'BTC');
    const customer = await fund(sameId, 'BTC', 5n);
    expect(custody).not.toBe(customer);
    expect(await ledger.custodyAccount(sameId, 'BTC')).toBe(custody);
    const chain = await ledger.platformAccount('chain', 'BTC');
    const credited = await ledger.transfer({ idempotencyKey: key('custody-in'), billType: 2001, from: chain, to: custody, amount: 80n });
    await expect(
      ledger.transfer({ idempotencyKey: key('custody-short'), billType: 2004, from: custody, to: chain, amount: 81n }),
    ).rejects.toMatchObject({ key: 'insufficientBalance' });
    const other = await ledger.custodyAccount(String(Number(sameId) + 1), 'BTC');
    const moved = await ledger.transfer({ idempotencyKey: key('custody-move'), billType: 2004, from: custody, to: other, amount: 30n });

    expect(await reads.custodyBalances([sameId, String(Number(sameId) + 1), 'no-such'])).toEqual([
      { custodyAccountId: sameId, asset: 'BTC', available: '50', frozen: '0' },
      { custodyAccountId: String(Number(sameId) + 1), asset: 'BTC', available: '30', frozen: '0' },
    ]);
    expect(await reads.custodyBalances([])).toEqual([]);
    expect(await reads.custodyAvailableAfterJournal(credited.journalId)).toEqual(new Map([[sameId, '80']]));
    expect(await reads.custodyAvailableAfterJournal(moved.journalId)).toEqual(
      new Map([
        [sameId, '50'],
        [String(Number(sameId) + 1), '30'],
      ]),
    );
    // The customer of the same id is untouched, and no customer read sees the custody account.
    expect(await reads.customerWalletBalances(sameId)).toEqual([{ asset: 'BTC', available: '5', frozen: '0' }]);
    expect(await reads.availableBalanceAfterJournal(moved.journalId, sameId)).toBeNull();
    const row = await database.db
      .selectFrom('ledger_account')
      .select(['owner_type', 'allow_negative'])
      .where('id', '=', custody)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_type: 'custody', allow_negative: false });
  });

  it('sums a platform account with its house changes not yet folded', async () => {
    const userId = newUser();
    const account = await fund(userId, 'USDT', 90n);
    const omnibus = await ledger.platformAccount('omnibus', 'USDT');
    const before = await reads.platformAvailableBalance('omnibus', 'USDT');
    await ledger.transfer({ idempotencyKey: key('to-omnibus'), billType: 2004, from: account, to: omnibus, amount: 90n });
    expect(await reads.platformAvailableBalance('omnibus', 'USDT')).toBe(before + 90n);
    const row = await database.db.selectFrom('ledger_account').select('available').where('id', '=', omnibus).executeTakeFirstOrThrow();
    expect(BigInt(row.available), 'the change still waits outside the row').toBe(before);
    await ledger.foldHouseBalances();
    expect(await reads.platformAvailableBalance('omnibus', 'USDT')).toBe(before + 90n);
    expect(await reads.platformAvailableBalance('omnibus', 'XRP')).toBe(0n);
  });

  it('reads a customer’s lines newest first: net per journal and account, filtered, paged by keyset, counted', async () => {
    const userId = newUser();
    const other = newUser();
    const bitcoin = await fund(userId, 'BTC', 500n);
    await fund(userId, 'ETH', 7n);
    await ledger.hold({ idempotencyKey: key('hold'), billType: 3001, accountId: bitcoin, amount: 100n });
    const otherAccount = await ledger.customerAccount(other, 'BTC');
    const sent = await ledger.transfer({
      idempotencyKey: key('send'),
      billType: 2004,
      from: bitcoin,
      to: otherAccount,
      amount: 30n,
      reference: { type: 'transfer', id: 'r-1' },
      note: 'rent',
    });

    const lines = await reads.newestCustomerLines(userId, {}, 10);
    expect(lines.map((line) => [line.billType, line.asset, line.amount])).toEqual([
      [2004, 'BTC', '-30'],
      [2001, 'ETH', '7'],
      [2001, 'BTC', '500'],
    ]);
    expect(lines[0]).toMatchObject({
      journalId: sent.journalId,
      accountId: bitcoin,
      note: 'rent',
      referenceType: 'transfer',
      referenceId: 'r-1',
    });
    expect(
      lines.some((line) => line.billType === 3001),
      'a hold nets to nothing on its account',
    ).toBe(false);

    expect((await reads.newestCustomerLines(userId, { asset: 'ETH' }, 10)).map((line) => line.amount)).toEqual(['7']);
    expect((await reads.newestCustomerLines(userId, { billType: 2004, direction: 'debit' }, 10)).map((line) => line.amount)).toEqual([
      '-30',
    ]);
    expect(await reads.newestCustomerLines(userId, { billType: 2004, direction: 'credit' }, 10)).toEqual([]);
    expect((await reads.newestCustomerLines(other, { billType: 2004, direction: 'credit' }, 10)).map((line) => line.amount)).toEqual([
      '30',
    ]);
    expect(await reads.newestCustomerLines(userId, { end: lines[2]!.createdAt }, 10)).toEqual([]);
    expect(await reads.newestCustomerLines(userId, { start: new Date(Date.now() + 60_000) }, 10)).toEqual([]);

    const first = await reads.newestCustomerLines(userId, {}, 1);
    const cursor = { createdAt: first[0]!.createdAt, journalId: first[0]!.journalId, accountId: first[0]!.accountId };
    expect(await reads.newestCustomerLines(userId, { before: cursor }, 10)).toEqual(lines.slice(1));
    expect(await reads.customerLinesBatch(userId, {}, 2)).toEqual(lines.slice(0, 2));
    expect(await reads.customerLinesBatch(userId, { before: cursor }, 10)).toEqual(lines.slice(1));
    expect(await reads.customerLinesBatch(userId, { asset: 'BTC', billType: 2001 }, 10)).toEqual([lines[2]]);

    expect(await reads.countCustomerLines(userId, {}, 100)).toBe(3);
    expect(await reads.countCustomerLines(userId, { asset: 'BTC' }, 100)).toBe(2);
    expect(await reads.countCustomerLines(userId, {}, 1)).toBe(1);
    expect(await reads.countCustomerLines(newUser(), {}, 100)).toBe(0);

    expect(await reads.customerLine(userId, sent.journalId, bitcoin)).toEqual(lines[0]);
    expect(await reads.customerLine(other, sent.journalId, bitcoin), 'another customer’s account').toBeNull();
  });

  it('reads customer credits of a bill type after a journal id cursor, and of one journal', async () => {
    const latest = await database.db
      .selectFrom('journal')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const cursor = latest?.id ?? '0';
    const first = newUser();
    const second = newUser();
    await fund(first, 'XRP', 1n);
    await fund(second, 'XRP', 20n);
    const firstEth = await fund(first, 'ETH', 3n);
    await ledger.transfer({
      idempotencyKey: key('not-a-deposit'),
      billType: 2004,
      from: firstEth,
      to: await ledger.customerAccount(second, 'ETH'),
      amount: 1n,
    });

    const credits = await reads.customerCreditsAfter(2001, cursor, 10);
    expect(credits.map((credit) => [credit.userId, credit.asset, credit.amount])).toEqual([
      [first, 'XRP', '1'],
      [second, 'XRP', '20'],
      [first, 'ETH', '3'],
    ]);
    expect(await reads.customerCreditsAfter(2001, cursor, 2)).toEqual(credits.slice(0, 2));
    expect(await reads.customerCreditsAfter(2001, credits[0]!.journalId, 10)).toEqual(credits.slice(1));
    expect(await reads.customerCreditsOf(2001, credits[1]!.journalId)).toEqual([credits[1]]);
    expect(await reads.customerCreditsOf(2004, credits[1]!.journalId), 'another bill type').toEqual([]);
  });

  it('leaves out a credit frozen at once by a hold of the same reference until the hold is released', async () => {
    const cursor =
      (
        await database.db
          .selectFrom('journal')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? '0';
    const userId = newUser();
    const account = await ledger.customerAccount(userId, 'ETH');
    const reference = { type: 'deposit', id: `frozen-${counter}` };
    await ledger.transfer({
      idempotencyKey: key('listed'),
      billType: 2001,
      from: await ledger.platformAccount('chain', 'ETH'),
      to: account,
      amount: 5n,
      reference,
    });
    const held = await ledger.hold({ idempotencyKey: key('freeze'), billType: 2001, accountId: account, amount: 5n, reference });
    expect((await reads.customerCreditsAfter(2001, cursor, 10)).filter((credit) => credit.userId === userId)).toEqual([]);
    await ledger.releaseHold({
      idempotencyKey: key('release'),
      billType: 2001,
      holdId: held.holdId!,
      accountId: account,
      amount: 5n,
      reference,
    });
    expect(
      (await reads.customerCreditsAfter(2001, cursor, 10)).filter((credit) => credit.userId === userId).map((credit) => credit.amount),
    ).toEqual(['5']);
  });
});
