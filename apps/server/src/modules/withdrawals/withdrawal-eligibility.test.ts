import { withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { securitySteps } from '../../../test/security-steps';

let database: TestDatabase;
let app: FastifyInstance;
let steps: ReturnType<typeof securitySteps>;

beforeAll(async () => {
  database = await createTestDatabase();
  // Identity verification required, so all four interceptions of §5 can show.
  app = await buildTestApp(database.db, { env: { WITHDRAWAL_MIN_KYC_LEVEL: '1' } });
  steps = securitySteps(app, database.db, '16');
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

type Check = {
  canWithdraw: boolean;
  forbiddenCode: number | null;
  lockedUntil: string | null;
  interceptions: Array<{ kind: string; code: number }>;
};

describe('the withdraw pre-check (userCanWithdraw)', () => {
  it('lists every missing requirement at once, also while the 24-hour lock or a restriction forbids', async () => {
    const kim = await steps.signUp();
    await steps.credit(kim);
    // A set-up after a deposit starts the lock; the lock hides none of what is still missing.
    await steps.bindAuthenticator(kim);
    const locked = (await kim.client.get(withdrawalPaths.userCanWithdraw)).body.data as Check;
    expect(locked.canWithdraw).toBe(false);
    expect(locked.forbiddenCode).toBe(-10102);
    expect(Date.parse(locked.lockedUntil!)).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
    expect(locked.interceptions).toEqual([
      { kind: 'phoneNotBound', code: 17000011 },
      { kind: 'fundPasswordNotSet', code: -10097 },
      { kind: 'identityNotVerified', code: -10093 },
    ]);

    await database.db.insertInto('withdrawal_restriction').values({ user_id: kim.userId, reason: 'compliance review' }).execute();
    const restricted = (await kim.client.get(withdrawalPaths.userCanWithdraw)).body.data as Check;
    expect(restricted.forbiddenCode).toBe(-10094);
    expect(restricted.interceptions.map((item) => item.kind)).toEqual(['phoneNotBound', 'fundPasswordNotSet', 'identityNotVerified']);
    expect(restricted.lockedUntil).toBe(locked.lockedUntil);
  });

  it('names the missing e-mail of a customer who signed up by phone, and agrees with checkUserInformation', async () => {
    const lea = await steps.signUp('phone');
    const check = (await lea.client.get(withdrawalPaths.userCanWithdraw)).body.data as Check;
    expect(check).toMatchObject({ canWithdraw: false, forbiddenCode: null, lockedUntil: null });
    expect(check.interceptions.map((item) => [item.kind, item.code])).toEqual([
      ['emailNotBound', 17000010],
      ['fundPasswordNotSet', -10097],
      ['identityNotVerified', -10093],
    ]);
    const information = (await lea.client.get(withdrawalPaths.checkUserInformation)).body.data;
    expect(information).toEqual({ emailBound: false, phoneBound: true, fundPasswordSet: false, identityVerified: false, kycLevel: 0 });
  });

  it('lets a new customer who set everything up before the first deposit withdraw the same day', async () => {
    const max = await steps.signUp();
    await steps.bindAuthenticator(max);
    await steps.setFundPassword(max);
    await steps.bindPhone(max);
    // Identity verification has no flow yet: as if it had passed.
    await database.db.updateTable('app_user').set({ kyc_level: 1 }).where('id', '=', max.userId).execute();
    await steps.credit(max);
    const check = (await max.client.get(withdrawalPaths.userCanWithdraw)).body.data as Check;
    expect(check).toEqual({ canWithdraw: true, forbiddenCode: null, lockedUntil: null, interceptions: [], secondFactor: 'ga' });
  });
});
