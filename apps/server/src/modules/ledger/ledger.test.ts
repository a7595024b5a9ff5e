import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLedger, type Ledger } from './ledger.service';

let database: TestDatabase;
let ledger: Ledger;

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db, database.pool);
});

afterAll(async () => {
  await database.drop();
});

let keyCounter = 0;
const key = (label: string) => `${label}-${(keyCounter += 1)}-${Date.now()}`;

/** The invariants of ledger.md, read straight from the tables. */
async function assertInvariants(): Promise<void> {
  const db = database.db;
  const perAsset = await sql<{ asset: string; total: string }>`
    select a.asset, sum(a.available + a.frozen) + coalesce((select sum(p.amount) from ledger_house_pending p
      join ledger_account h on h.id = p.account_id where h.asset = a.asset), 0) as total
    from ledger_account a group by a.asset`.execute(db);
  for (const row of perAsset.rows) expect(BigInt(row.total), `sum of ${row.asset}`).toBe(0n);

  const negative = await sql<{ n: string }>`
    select count(*) as n from ledger_account where owner_type = 'customer' and (available < 0 or frozen < 0)`.execute(db);
  expect(negative.rows[0]!.n).toBe('0');

  const drift = await sql<{ n: string }>`
    select count(*) as n from ledger_account a
    where not a.is_house and (
      a.available <> coalesce((select sum(amount) from entry e where e.account_id = a.id and e.bucket = 'available'), 0)
      or a.frozen <> coalesce((select sum(amount) from entry e where e.account_id = a.id and e.bucket = 'frozen'), 0))`.execute(db);
  expect(drift.rows[0]!.n, 'balances equal the sum of their entries').toBe('0');

  const unbalanced = await sql<{ n: string }>`
    select count(*) as n from (select journal_id, asset from entry group by 1, 2 having sum(amount) <> 0) x`.execute(db);
  expect(unbalanced.rows[0]!.n).toBe('0');

  const holds = await sql<{ n: string }>`
    select count(*) as n from ledger_account a
    where a.frozen <> coalesce((select sum(amount) from ledger_hold h where h.account_id = a.id and h.status = 'pending'), 0)
      and a.owner_type = 'customer'`.execute(db);
  expect(holds.rows[0]!.n, 'frozen equals the pending holds').toBe('0');
}

async function fundedCustomer(asset: string, amount: bigint): Promise<string> {
  const userId = `u-${(keyCounter += 1)}-${Math.random().toString(36).slice(2)}`;
  const account = await ledger.customerAccount(userId, asset);
  if (amount > 0n) {
    await ledger.transfer({
      idempotencyKey: key('fund'),
      billType: 2001,
      from: await ledger.platformAccount('chain', asset),
      to: account,
      amount,
    });
  }
  return account;
}

async function balanceOf(accountId: string): Promise<{ available: bigint; frozen: bigint }> {
  const row = await database.db
    .selectFrom('ledger_account')
    .select(['available', 'frozen'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { available: BigInt(row.available), frozen: BigInt(row.frozen) };
}

describe('the database enforces the ledger', () => {
  it('refuses an unbalanced journal, even written by hand', async () => {
    const account = await fundedCustomer('BTC', 100n);
    await expect(
      sql`select * from ledger_post('bad-1', 'h', 2001, null, null, '', ${JSON.stringify([{ account_id: account, bucket: 'available', amount: '5' }])}::jsonb)`.execute(
        database.db,
      ),
    ).rejects.toThrow(/LEDGER_UNBALANCED/);
    const journal = await database.db.selectFrom('journal').select('id').where('idempotency_key', '=', 'bad-1').executeTakeFirst();
    expect(journal).toBeUndefined();
  });

  it('refuses legs added later to a journal that is already posted', async () => {
    const from = await fundedCustomer('BTC', 10n);
    const to = await fundedCustomer('BTC', 0n);
    const posted = await ledger.transfer({ idempotencyKey: key('posted'), billType: 2004, from, to, amount: 1n });
    await expect(
      sql`insert into entry (journal_id, account_id, asset, bucket, amount) values
        (${posted.journalId}, ${from}, 'BTC', 'available', -5), (${posted.journalId}, ${to}, 'BTC', 'available', 5)`.execute(database.db),
    ).rejects.toThrow(/already has its legs/);
  });

  it('refuses entries of a journal that does not exist, even written by hand', async () => {
    const from = await fundedCustomer('BTC', 10n);
    const to = await fundedCustomer('BTC', 0n);
    await expect(
      sql`insert into entry (journal_id, account_id, asset, bucket, amount) values
        (-1, ${from}, 'BTC', 'available', -5), (-1, ${to}, 'BTC', 'available', 5)`.execute(database.db),
    ).rejects.toThrow(/LEDGER_NO_JOURNAL journal -1/);
    expect(await balanceOf(from)).toEqual({ available: 10n, frozen: 0n });
  });

  it('refuses an entry in another asset than its account, even written by hand', async () => {
    const bitcoin = await fundedCustomer('BTC', 10n);
    const ether = await fundedCustomer('ETH', 0n);
    await expect(
      sql`with j as (insert into journal (idempotency_key, request_hash, bill_type) values (${key('by-hand')}, 'h', 3000) returning id)
        insert into entry (journal_id, account_id, asset, bucket, amount)
        select j.id, l.account_id, 'ETH', 'available', l.amount from j,
          (values (${bitcoin}::bigint, -5), (${ether}::bigint, 5)) as l (account_id, amount)`.execute(database.db),
    ).rejects.toThrow(/LEDGER_ASSET_MISMATCH/);
  });

  it('keeps every account for ever: no delete, no change of owner or asset', async () => {
    const account = await fundedCustomer('BTC', 1n);
    await expect(sql`delete from ledger_account where id = ${account}`.execute(database.db)).rejects.toThrow(/LEDGER_APPEND_ONLY/);
    await expect(sql`update ledger_account set asset = 'ETH' where id = ${account}`.execute(database.db)).rejects.toThrow(
      /LEDGER_APPEND_ONLY/,
    );
  });

  it('refuses a negative customer balance', async () => {
    const account = await fundedCustomer('BTC', 10n);
    const other = await fundedCustomer('BTC', 0n);
    await expect(
      ledger.transfer({ idempotencyKey: key('overdraw'), billType: 2004, from: account, to: other, amount: 11n }),
    ).rejects.toMatchObject({
      key: 'insufficientBalance',
    });
    await expect(sql`update ledger_account set available = -1 where id = ${account}`.execute(database.db)).rejects.toThrow(
      /ledger_account_available_non_negative/,
    );
    expect(await balanceOf(account)).toEqual({ available: 10n, frozen: 0n });
  });

  it('keeps journals and entries append-only', async () => {
    await fundedCustomer('ETH', 5n);
    await expect(sql`update entry set amount = amount * 2`.execute(database.db)).rejects.toThrow(/LEDGER_APPEND_ONLY/);
    await expect(sql`delete from journal`.execute(database.db)).rejects.toThrow(/LEDGER_APPEND_ONLY/);
    await expect(sql`truncate entry`.execute(database.db)).rejects.toThrow(/LEDGER_APPEND_ONLY/);
  });

  it('posts an idempotency key once; a different request under it is refused', async () => {
    const from = await fundedCustomer('USDT', 100n);
    const to = await fundedCustomer('USDT', 0n);
    const request = { idempotencyKey: key('once'), billType: 2004, from, to, amount: 30n };
    const first = await ledger.transfer(request);
    const replay = await ledger.transfer(request);
    expect(replay).toEqual({ ...first, isReplay: true });
    await expect(ledger.transfer({ ...request, amount: 31n })).rejects.toMatchObject({ key: 'idempotencyConflict' });
    expect(await balanceOf(from)).toEqual({ available: 70n, frozen: 0n });
  });

  it('resolves a hold once', async () => {
    const account = await fundedCustomer('XRP', 50n);
    const fees = await ledger.platformAccount('fees', 'XRP');
    const held = await ledger.hold({ idempotencyKey: key('hold'), billType: 2002, accountId: account, amount: 20n });
    expect(await balanceOf(account)).toEqual({ available: 30n, frozen: 20n });
    await ledger.settleHold({
      idempotencyKey: key('settle'),
      billType: 2002,
      holdId: held.holdId!,
      accountId: account,
      amount: 20n,
      to: [{ accountId: fees, amount: 20n }],
    });
    await expect(
      ledger.releaseHold({ idempotencyKey: key('release'), billType: 2002, holdId: held.holdId!, accountId: account, amount: 20n }),
    ).rejects.toMatchObject({ key: 'holdAlreadyResolved' });
    expect(await balanceOf(account)).toEqual({ available: 30n, frozen: 0n });
    await assertInvariants();
  });
});

describe('property: any sequence of transfers, holds, settles and releases', () => {
  it('keeps every asset summing to zero, no customer negative, and replays changing nothing', async () => {
    const asset = 'USDC';
    const customers = await Promise.all([0, 1, 2, 3].map(() => fundedCustomer(asset, 0n)));
    const fees = await ledger.platformAccount('fees', asset);
    const chain = await ledger.platformAccount('chain', asset);

    type Model = {
      balances: Map<string, { available: bigint; frozen: bigint }>;
      holds: Map<string, { account: string; amount: bigint }>;
      keys: string[];
    };
    const model: Model = {
      balances: new Map(customers.map((id) => [id, { available: 0n, frozen: 0n }])),
      holds: new Map(),
      keys: [],
    };

    const operation = fc.oneof(
      fc.record({ kind: fc.constant('deposit' as const), to: fc.integer({ min: 0, max: 3 }), amount: fc.bigInt({ min: 1n, max: 1000n }) }),
      fc.record({
        kind: fc.constant('transfer' as const),
        from: fc.integer({ min: 0, max: 3 }),
        to: fc.integer({ min: 0, max: 3 }),
        amount: fc.bigInt({ min: 1n, max: 600n }),
      }),
      fc.record({ kind: fc.constant('hold' as const), on: fc.integer({ min: 0, max: 3 }), amount: fc.bigInt({ min: 1n, max: 600n }) }),
      fc.record({ kind: fc.constant('settle' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 25 }), async (operations) => {
        for (const op of operations) {
          const idempotencyKey = key(op.kind);
          switch (op.kind) {
            case 'deposit': {
              const to = customers[op.to]!;
              await ledger.transfer({ idempotencyKey, billType: 2001, from: chain, to, amount: op.amount });
              model.balances.get(to)!.available += op.amount;
              model.keys.push(idempotencyKey);
              break;
            }
            case 'transfer': {
              const from = customers[op.from]!;
              const to = customers[op.to]!;
              if (from === to) {
                await expect(ledger.transfer({ idempotencyKey, billType: 2004, from, to, amount: op.amount })).rejects.toThrow(
                  /two different/,
                );
                break;
              }
              const expectedOk = model.balances.get(from)!.available >= op.amount;
              const result = await ledger.transfer({ idempotencyKey, billType: 2004, from, to, amount: op.amount }).then(
                () => 'ok' as const,
                (error: { key?: string }) => error.key,
              );
              expect(result).toBe(expectedOk ? 'ok' : 'insufficientBalance');
              if (expectedOk) {
                model.balances.get(from)!.available -= op.amount;
                model.balances.get(to)!.available += op.amount;
                model.keys.push(idempotencyKey);
              }
              break;
            }
            case 'hold': {
              const on = customers[op.on]!;
              const expectedOk = model.balances.get(on)!.available >= op.amount;
              const result = await ledger
                .hold({ idempotencyKey, billType: 2002, accountId: on, amount: op.amount })
                .catch((error: { key?: string }) => error.key);
              if (expectedOk) {
                const held = result as { holdId: string };
                model.balances.get(on)!.available -= op.amount;
                model.balances.get(on)!.frozen += op.amount;
                model.holds.set(held.holdId, { account: on, amount: op.amount });
              } else {
                expect(result).toBe('insufficientBalance');
              }
              break;
            }
            case 'settle':
            case 'release': {
              const open = [...model.holds.entries()];
              if (open.length === 0) break;
              const [holdId, hold] = open[op.pick % open.length]!;
              const input = { idempotencyKey, billType: 2002, holdId, accountId: hold.account, amount: hold.amount };
              if (op.kind === 'settle') await ledger.settleHold({ ...input, to: [{ accountId: fees, amount: hold.amount }] });
              else await ledger.releaseHold(input);
              const balance = model.balances.get(hold.account)!;
              balance.frozen -= hold.amount;
              if (op.kind === 'release') balance.available += hold.amount;
              model.holds.delete(holdId);
              break;
            }
            case 'replay': {
              if (model.keys.length === 0) break;
              const before = await Promise.all(customers.map(balanceOf));
              const replayKey = model.keys[op.pick % model.keys.length]!;
              const journal = await database.db
                .selectFrom('journal')
                .select('bill_type')
                .where('idempotency_key', '=', replayKey)
                .executeTakeFirstOrThrow();
              const legs = await database.db
                .selectFrom('entry')
                .innerJoin('journal', 'journal.id', 'entry.journal_id')
                .select(['entry.account_id', 'entry.amount'])
                .where('journal.idempotency_key', '=', replayKey)
                .orderBy('entry.amount')
                .execute();
              const from = legs[0]!;
              const to = legs[1]!;
              const replay = await ledger.transfer({
                idempotencyKey: replayKey,
                billType: journal.bill_type,
                from: from.account_id,
                to: to.account_id,
                amount: BigInt(to.amount),
              });
              expect(replay.isReplay).toBe(true);
              expect(await Promise.all(customers.map(balanceOf))).toEqual(before);
              break;
            }
          }
        }
        for (const customer of customers) expect(await balanceOf(customer), customer).toEqual(model.balances.get(customer));
        await ledger.foldHouseBalances();
        await assertInvariants();
      }),
      { numRuns: 15 },
    );
  });
});

describe('concurrency on real PostgreSQL', () => {
  it('100 concurrent transfers of 10 from 100: exactly 10 succeed, the balance ends at 0', async () => {
    const from = await fundedCustomer('BTC', 100n);
    const to = await fundedCustomer('BTC', 0n);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        ledger.transfer({ idempotencyKey: key(`race-${index}`), billType: 2004, from, to, amount: 10n }).then(
          () => 'ok',
          (error: { key?: string }) => error.key ?? String(error),
        ),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(10);
    expect(results.filter((result) => result === 'insufficientBalance')).toHaveLength(90);
    expect(await balanceOf(from)).toEqual({ available: 0n, frozen: 0n });
    expect(await balanceOf(to)).toEqual({ available: 100n, frozen: 0n });
    await assertInvariants();
  });

  it('200 concurrent transfers in opposite directions never fail on a deadlock', async () => {
    const alice = await fundedCustomer('ETH', 1_000_000n);
    const bob = await fundedCustomer('ETH', 1_000_000n);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        ledger
          .transfer({
            idempotencyKey: key(`swap-${index}`),
            billType: 2004,
            from: index % 2 === 0 ? alice : bob,
            to: index % 2 === 0 ? bob : alice,
            amount: 7n,
          })
          .then(
            () => 'ok',
            (error: unknown) => String(error),
          ),
      ),
    );
    expect(results.filter((result) => result !== 'ok')).toEqual([]);
    expect(await balanceOf(alice)).toEqual({ available: 1_000_000n, frozen: 0n });
    await assertInvariants();
  });

  it('fee legs to one house account do not serialise transfers, and fold in exactly', async () => {
    const fees = await ledger.platformAccount('fees', 'USDT');
    const payers = await Promise.all(Array.from({ length: 20 }, () => fundedCustomer('USDT', 1_000n)));
    await Promise.all(
      payers.map((payer, index) =>
        ledger.post({
          idempotencyKey: key(`fee-${index}`),
          billType: 3000,
          legs: [
            { accountId: payer, bucket: 'available', amount: -3n },
            { accountId: fees, bucket: 'available', amount: 3n },
          ],
        }),
      ),
    );
    await ledger.foldHouseBalances();
    expect((await balanceOf(fees)).available).toBeGreaterThanOrEqual(60n);
    await assertInvariants();
  });
});

describe('group commit', () => {
  it('posts postings that wait together in one call, each on its own: a refused one leaves the others posted', async () => {
    const calls: string[] = [];
    const pool = database.pool;
    const spyingPool = new Proxy(pool, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return (config: { name?: string }, ...rest: unknown[]) => {
          calls.push(config.name ?? 'unnamed');
          return (target.query as (...args: unknown[]) => unknown).call(target, config, ...rest);
        };
      },
    });
    // One call at the database at a time, so the eleven behind the first leave together.
    const batched = createLedger(database.db, spyingPool, { batching: { maxInFlight: 1, maxBatch: 32 } });
    const payer = await fundedCustomer('USDC', 50n);
    const payee = await fundedCustomer('USDC', 0n);
    const replayedKey = key('replayed');
    await batched.transfer({ idempotencyKey: replayedKey, billType: 2004, from: payer, to: payee, amount: 1n });
    calls.length = 0;

    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) => {
        // One conflicting replay and one transfer too large for the payer, among good ones.
        const idempotencyKey = index === 3 ? replayedKey : key(`group-${index}`);
        const amount = index === 3 ? 2n : index === 7 ? 1_000n : 4n;
        return batched.transfer({ idempotencyKey, billType: 2004, from: payer, to: payee, amount }).then(
          () => 'ok',
          (error: { key?: string }) => error.key ?? String(error),
        );
      }),
    );
    expect(outcomes[3]).toBe('idempotencyConflict');
    expect(outcomes[7]).toBe('insufficientBalance');
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(10);
    expect(calls.filter((name) => name === 'ledger_post_batch').length).toBeGreaterThan(0);
    expect(calls.length).toBeLessThan(12);
    expect(await balanceOf(payer)).toEqual({ available: 50n - 1n - 40n, frozen: 0n });
    await assertInvariants();
  });
});
