import { randomBytes } from 'node:crypto';
import { withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createAddressBook } from './address-book.service';
import { createWithdrawalDestinations } from './withdrawal-destination';
import { withdrawalCustomer } from '../../../test/withdrawal-kit';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A random, valid Ethereum address (checksums are not needed: the book stores the canonical form). */
const ethereumAddress = () => `0x${randomBytes(20).toString('hex')}`;

async function savedCount(userId: string): Promise<string> {
  const row = await database.db
    .selectFrom('withdraw_address')
    .select(sql<string>`count(*)::text`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

function addFrom(ip: string, cookie: string, body: object) {
  return app.inject({ method: 'POST', url: withdrawalPaths.addWithdrawAddress, payload: body, headers: { cookie }, remoteAddress: ip });
}

describe('adding an address needs the second factor (spec §6)', () => {
  it('refuses an add without the code or with a wrong one, and saves it with the right one', async () => {
    const nina = await withdrawalCustomer(app, database.db);
    const address = ethereumAddress();

    const withoutCode = await nina.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'ethereum', address, note: 'cold' });
    expect(withoutCode.body).toMatchObject({ code: 19000002, data: { field: 'gaCode' } });
    const wrongCode = await nina.client.post(withdrawalPaths.addWithdrawAddress, {
      chain: 'ethereum',
      address,
      note: 'cold',
      gaCode: '000000',
    });
    expect(wrongCode.body.code).not.toBe(0);
    expect(wrongCode.body.data).toMatchObject({ field: 'gaCode' });
    expect(await savedCount(nina.userId)).toBe('0');

    const saved = await nina.client.post(withdrawalPaths.addWithdrawAddress, {
      chain: 'ethereum',
      address,
      note: 'cold',
      gaCode: await nina.nextGaCode(),
    });
    expect(saved.body.code).toBe(0);
    expect(saved.body.data).toMatchObject({ chain: 'ethereum', note: 'cold', trusted: false });
    expect(await savedCount(nina.userId)).toBe('1');
  }, 60_000);

  it('checks the entry before the code, so a refused entry spends no code', async () => {
    const omar = await withdrawalCustomer(app, database.db);
    const address = ethereumAddress();
    expect(
      (await omar.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'ethereum', address: '0xnothex', note: 'bad' })).body.code,
    ).toBe(21000003);
    const code = await omar.nextGaCode();
    expect(
      (await omar.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'ethereum', address, note: 'cold', gaCode: code })).body.code,
    ).toBe(0);
    // Already saved: refused as such, before any code is asked for.
    expect((await omar.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'ethereum', address, note: 'again' })).body.code).toBe(
      21000034,
    );
  }, 60_000);

  it("counts a wrong code against the caller's IP as well as the account", async () => {
    const pia = await withdrawalCustomer(app, database.db);
    const ip = '203.0.113.77';
    const answer = await addFrom(ip, pia.client.cookie!, { chain: 'ethereum', address: ethereumAddress(), note: 'cold', gaCode: '000000' });
    expect(answer.json().code).not.toBe(0);
    const counters = await database.db
      .selectFrom('attempt_counter')
      .select(['scope', 'subject', 'failures'])
      .where('subject', 'in', [ip, pia.userId])
      .execute();
    expect(counters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ scope: 'code:ip', subject: ip, failures: 1 }),
        expect.objectContaining({ scope: 'code:account', subject: pia.userId, failures: 1 }),
      ]),
    );
  }, 60_000);

  it('spends one code once: of 100 parallel adds with it, one is saved', async () => {
    const quinn = await withdrawalCustomer(app, database.db);
    const code = await quinn.nextGaCode();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        quinn.client.post(withdrawalPaths.addWithdrawAddress, {
          chain: 'ethereum',
          address: ethereumAddress(),
          note: 'burst',
          gaCode: code,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(await savedCount(quinn.userId)).toBe('1');
  }, 60_000);
});

describe('the limit of 200 addresses (spec §8/§9)', () => {
  it('holds under 100 parallel adds', async () => {
    const rosa = await withdrawalCustomer(app, database.db, { complete: false });
    await database.db
      .insertInto('withdraw_address')
      .values(
        Array.from({ length: 150 }, () => ({
          user_id: rosa.userId,
          chain: 'ethereum',
          address: ethereumAddress(),
          tag: null,
          note: 'seeded',
        })),
      )
      .execute();
    // Each add verified as if its own code had been given: the limit is what this test is about.
    const verified: string[] = [];
    const book = createAddressBook({
      db: database.db,
      identity: {
        verifySecondFactor: async (userId) => {
          verified.push(userId);
        },
        verifyMoneyMove: async () => undefined,
        assertNotSecurityLocked: async () => undefined,
        noticeRecipient: async () => null,
      },
      destinations: createWithdrawalDestinations({
        db: database.db,
        bitcoinNetwork: 'mainnet',
        xrpNetwork: 'mainnet',
        contractCheckers: new Map(),
      }),
      messenger: { send: async () => undefined },
      coolingHours: 24,
      sanctions: { screen: async () => ({ hit: null }) },
    });
    const answers = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        book.add(rosa.userId, { chain: 'ethereum', address: ethereumAddress(), note: 'burst', gaCode: '123456' }, { ip: '127.0.0.1' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(50);
    const refusals = answers.flatMap((answer) => (answer.status === 'rejected' ? [(answer.reason as { key?: string }).key] : []));
    expect(refusals).toEqual(Array.from({ length: 50 }, () => 'addressLimitReached'));
    expect(await savedCount(rosa.userId)).toBe('200');
    // Once the book is full, an add is refused before its code is checked (and spent).
    const checkedBefore = verified.length;
    await expect(
      book.add(rosa.userId, { chain: 'ethereum', address: ethereumAddress(), note: 'late', gaCode: '123456' }, { ip: '127.0.0.1' }),
    ).rejects.toMatchObject({ key: 'addressLimitReached' });
    expect(verified).toHaveLength(checkedBefore);
  }, 60_000);
});
