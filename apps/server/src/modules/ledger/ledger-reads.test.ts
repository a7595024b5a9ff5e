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
});
