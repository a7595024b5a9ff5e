import { errorCatalogue, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { codeOf, createKey, newKeyPair, signedCall, type KeyOwner } from '../../../test/api-key-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { acceptingWithdrawalChains, fundPassword, withdrawalCustomer } from '../../../test/withdrawal-kit';

let database: TestDatabase;
let app: FastifyInstance;
const ether = 10n ** 18n;
const externalAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/** An address-book entry trusted long enough ago that withdrawals to it need no codes. */
async function trustedEntry(userId: string, address: string): Promise<string> {
  const row = await database.db
    .insertInto('withdraw_address')
    .values({ user_id: userId, chain: 'ethereum', address, tag: null, note: 'cold', trusted_at: new Date(Date.now() - 25 * 3_600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A complete customer with 2 ETH, two trusted addresses, and a withdraw key bound to the first (1000 USD a day). */
async function keyedCustomer() {
  const base = await withdrawalCustomer(app, database.db);
  const { phone } = await database.db.selectFrom('app_user').select('phone').where('id', '=', base.userId).executeTakeFirstOrThrow();
  const owner: KeyOwner = {
    client: base.client,
    userId: base.userId,
    email: base.email,
    phone: `+49${phone}`,
    nextGaCode: base.nextGaCode,
    fundPassword,
  };
  await base.credit('ETH', 2n * ether, `key-deposit-${base.userId}`);
  const bound = externalAddress();
  const unbound = externalAddress();
  const boundId = await trustedEntry(base.userId, bound);
  await trustedEntry(base.userId, unbound);
  const pair = newKeyPair();
  const key = await createKey(app, database.db, owner, {
    rights: ['read', 'withdraw'],
    withdrawDailyUsd: '1000',
    withdrawAddressIds: [boundId],
    publicKey: pair.publicKeyHex,
  });
  expect(key).toMatchObject({ rights: ['read', 'withdraw'], withdrawDailyUsd: '1000.00', withdrawAddressIds: [boundId] });
  const withdraw = (address: string, amount: string, requestId: string) =>
    signedCall(app, {
      method: 'POST',
      url: base.withdrawPath('ETH'),
      body: JSON.stringify({ address, amount, requestId }),
      accessKey: key.accessKey,
      privateKey: pair.privateKey,
    });
  const preWithdraw = (address: string, amount: string) =>
    signedCall(app, {
      method: 'POST',
      url: withdrawalPaths.preWithdraw,
      body: JSON.stringify({ coin: 'ETH', chain: 'ethereum', address, amount }),
      accessKey: key.accessKey,
      privateKey: pair.privateKey,
    });
  return { ...base, bound, unbound, key, withdraw, preWithdraw };
}

async function withdrawalsOf(userId: string) {
  return database.db.selectFrom('withdrawal').select(['api_key_id', 'usd_cents', 'address']).where('user_id', '=', userId).execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  // A burst of 100 lets the limit test's 100 signed requests reach the withdrawal; the rate limit has its own test.
  app = await buildTestApp(database.db, {
    env: { WITHDRAWAL_MIN_KYC_LEVEL: '1', API_KEY_RATE_BURST: '100' },
    withdrawalChains: acceptingWithdrawalChains,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('withdrawals through an API key', () => {
  it('refuses a bound key’s withdrawal to any other address before a hold, changing nothing', async () => {
    const gus = await keyedCustomer();
    const before = await gus.balance('ETH');
    for (const address of [gus.unbound, externalAddress()]) {
      const refused = await gus.withdraw(address, '0.1', `unbound-${address}`);
      expect(codeOf(refused)).toBe(errorCatalogue.apiKeyDestinationNotBound.code);
    }
    expect(await gus.balance('ETH')).toEqual(before);
    expect(await withdrawalsOf(gus.userId)).toEqual([]);

    // To the bound address it goes through, recorded with its key.
    const sent = await gus.withdraw(gus.bound, '0.1', 'bound-withdrawal-1');
    expect(codeOf(sent)).toBe(0);
    const rows = await withdrawalsOf(gus.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.api_key_id).not.toBeNull();
    expect((await gus.balance('ETH')).frozen).toBeGreaterThan(0n);
    // The customer's own session is not bound by the key.
    const own = await gus.client.post(withdrawalPaths.withdraw.replace(':coin', 'ETH').replace(':chain', 'ethereum'), {
      address: gus.unbound,
      amount: '0.1',
      requestId: 'session-withdrawal-1',
    });
    expect(own.body.code).toBe(0);
  });

  it('refuses a bound key’s pre-request to any other address with the same code; the bound one and the session are answered', async () => {
    const ida = await keyedCustomer();
    for (const address of [ida.unbound, externalAddress()]) {
      const refused = await ida.preWithdraw(address, '0.1');
      expect(codeOf(refused)).toBe(errorCatalogue.apiKeyDestinationNotBound.code);
      expect(refused.json().data).toMatchObject({ field: 'address' });
    }
    const bound = await ida.preWithdraw(ida.bound, '0.1');
    expect(codeOf(bound)).toBe(0);
    expect(bound.json().data).toMatchObject({ coin: 'ETH', chain: 'ethereum', address: ida.bound, amount: '0.1' });
    // The customer's own session is not bound by the key.
    const own = await ida.client.post(withdrawalPaths.preWithdraw, { coin: 'ETH', chain: 'ethereum', address: ida.unbound, amount: '0.1' });
    expect(own.body.code).toBe(0);
    expect(await withdrawalsOf(ida.userId)).toEqual([]);
  });

  it(
    'lets exactly the allowed 2 of 100 parallel withdrawals of one key through, holding no more than its 24-hour limit',
    { timeout: 90_000 },
    async () => {
      const hal = await keyedCustomer();
      // 0.1 ETH at 3600 USD = 360 USD each: the key's 1000 USD allow two (the level's 2000 would allow five).
      const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => hal.withdraw(hal.bound, '0.1', `parallel-${index}`)));
      const codes = answers.map(codeOf);
      expect(codes.filter((code) => code === 0)).toHaveLength(2);
      expect(codes.filter((code) => code === errorCatalogue.apiKeyWithdrawalLimitExceeded.code)).toHaveLength(98);
      const rows = await withdrawalsOf(hal.userId);
      expect(rows).toHaveLength(2);
      const usedCents = rows.reduce((sum, row) => sum + BigInt(row.usd_cents), 0n);
      expect(usedCents).toBe(72_000n);
      expect(usedCents).toBeLessThanOrEqual(100_000n);
      // The ledger holds exactly the two accepted withdrawals (amount + fee each), nothing of the refused 98.
      const held = await database.db.selectFrom('withdrawal').select(['amount', 'fee']).where('user_id', '=', hal.userId).execute();
      const heldUnits = held.reduce((sum, row) => sum + BigInt(row.amount) + BigInt(row.fee), 0n);
      expect(heldUnits).toBeGreaterThanOrEqual(2n * (ether / 10n));
      expect((await hal.balance('ETH')).frozen).toBe(heldUnits);
    },
  );
});
