import { identityPaths as paths, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityClient, latestCode, testPassword } from '../../../test/identity-helpers';
import { securitySteps, testFundPassword as fundPassword, type SecurityCustomer as Customer } from '../../../test/security-steps';
import { hasCustomerReceivedFunds } from '../ledger';
import { createLedger } from '../ledger/ledger.service';

/**
 * The 24-hour withdrawal lock of spec §4 (issue 13, item 2): the first set-up of a factor or
 * of the fund password on an account that never received funds starts no lock; once the account
 * received anything every set-up does, and every change or reset always does.
 */

let database: TestDatabase;
let app: FastifyInstance;
let steps: ReturnType<typeof securitySteps>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  steps = securitySteps(app, database.db);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const signUp = (by?: 'email' | 'phone') => steps.signUp(by);
const bindAuthenticator = (customer: Customer, purpose?: 'bindAuthenticator' | 'changeAuthenticator') =>
  steps.bindAuthenticator(customer, purpose);
const setFundPassword = (customer: Customer, mode?: 'set' | 'reset') => steps.setFundPassword(customer, mode);
const bindPhone = (customer: Customer, purpose?: 'bindPhone' | 'changePhone') => steps.bindPhone(customer, purpose);
const bindEmail = (customer: Customer) => steps.bindEmail(customer);
const credit = (customer: Customer, amount?: bigint) => steps.credit(customer, amount);

/** The end of the withdrawal lock as the account info answers it; null when none runs. */
async function lockEnd(customer: Customer): Promise<number | null> {
  const me = (await customer.client.get(paths.userInfo)).body.data as { withdrawLockedUntil: string | null };
  return me.withdrawLockedUntil === null ? null : Date.parse(me.withdrawLockedUntil);
}

async function expectLockedForADay(customer: Customer, step: string): Promise<void> {
  const end = await lockEnd(customer);
  expect(end, step).not.toBeNull();
  expect(end!, step).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
  expect(end!, step).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
}

/** As if the lock had run out, so the next step's own effect shows. */
async function endLock(customer: Customer): Promise<void> {
  await database.db.updateTable('app_user').set({ withdraw_locked_until: null }).where('id', '=', customer.userId).execute();
}

async function operations(customer: Customer): Promise<number[]> {
  const history = (await customer.client.get(`${paths.securityHistory}?pageNo=1&pageSize=20`)).body.data as {
    records: Array<{ operationType: number }>;
  };
  return history.records.map((record) => record.operationType);
}

describe('whether an account ever received funds (the ledger read identity is given)', () => {
  it('is false until a credit, true after one, and counts only the customer’s own accounts', async () => {
    const anna = await signUp();
    const ben = await signUp();
    expect(await hasCustomerReceivedFunds(database.db, anna.userId)).toBe(false);
    // An account opened without a movement is still empty.
    await createLedger(database.db).customerAccount(anna.userId, 'BTC');
    expect(await hasCustomerReceivedFunds(database.db, anna.userId)).toBe(false);
    await credit(anna);
    expect(await hasCustomerReceivedFunds(database.db, anna.userId)).toBe(true);
    expect(await hasCustomerReceivedFunds(database.db, ben.userId)).toBe(false);
    // A transfer received from another customer is funds received too.
    const ledger = createLedger(database.db);
    await ledger.transfer({
      idempotencyKey: `lock-test-transfer:${ben.userId}`,
      billType: 2003,
      from: await ledger.customerAccount(anna.userId, 'USDT'),
      to: await ledger.customerAccount(ben.userId, 'USDT'),
      amount: 1n,
    });
    expect(await hasCustomerReceivedFunds(database.db, ben.userId)).toBe(true);
  });
});

describe('first set-up on an account that never received funds', () => {
  it('starts no lock: a new customer binds the authenticator, sets the fund password, binds the phone and can withdraw the same day', async () => {
    const cleo = await signUp();
    await bindAuthenticator(cleo);
    expect(await lockEnd(cleo)).toBeNull();
    await setFundPassword(cleo);
    expect(await lockEnd(cleo)).toBeNull();
    // The phone bound last, after the withdraw page asked for it, starts no second day either.
    await bindPhone(cleo);
    expect(await lockEnd(cleo)).toBeNull();
    // Every step is still in the security history.
    expect(await operations(cleo)).toEqual([1005, 1008, 1001, 1000]);

    await credit(cleo);
    // Identity verification (KYC1) is a withdrawal's other condition, with flows of its own (kyc.test.ts).
    await database.db.updateTable('app_user').set({ kyc_level: 1 }).where('id', '=', cleo.userId).execute();
    const check = (await cleo.client.get(withdrawalPaths.userCanWithdraw)).body.data;
    expect(check).toMatchObject({ canWithdraw: true, forbiddenCode: null, lockedUntil: null, interceptions: [] });
  });

  it('starts no lock when a customer who signed up by phone binds an e-mail address', async () => {
    const dora = await signUp('phone');
    await bindEmail(dora);
    expect(await lockEnd(dora)).toBeNull();
    expect(await operations(dora)).toEqual([1006, 1000]);
  });

  it('leaves a running lock as it is (a first set-up never shortens one)', async () => {
    const emil = await signUp();
    const running = new Date(Date.now() + 5 * 3_600_000);
    await database.db.updateTable('app_user').set({ withdraw_locked_until: running }).where('id', '=', emil.userId).execute();
    await bindAuthenticator(emil);
    expect(await lockEnd(emil)).toBe(running.getTime());
  });
});

describe('first set-up once the account received funds', () => {
  it('locks withdrawals for 24 hours at each set-up', async () => {
    const fay = await signUp();
    await credit(fay);
    await bindAuthenticator(fay);
    await expectLockedForADay(fay, 'bind authenticator');
    await endLock(fay);
    await setFundPassword(fay);
    await expectLockedForADay(fay, 'set fund password');
    await endLock(fay);
    await bindPhone(fay);
    await expectLockedForADay(fay, 'bind phone');
    const check = (await fay.client.get(withdrawalPaths.userCanWithdraw)).body.data;
    expect(check).toMatchObject({ canWithdraw: false, forbiddenCode: -10102 });
  });

  it('locks when a customer who signed up by phone binds an e-mail address after a deposit', async () => {
    const gus = await signUp('phone');
    await credit(gus);
    await bindEmail(gus);
    await expectLockedForADay(gus, 'bind e-mail');
  });

  it('locks even when every coin received has left again', async () => {
    const hana = await signUp();
    await credit(hana, 3_000_000n);
    const ledger = createLedger(database.db);
    await ledger.transfer({
      idempotencyKey: `lock-test-out:${hana.userId}`,
      billType: 2002,
      from: await ledger.customerAccount(hana.userId, 'USDT'),
      to: await ledger.platformAccount('omnibus', 'USDT'),
      amount: 3_000_000n,
    });
    await setFundPassword(hana);
    await expectLockedForADay(hana, 'set fund password with nothing left');
  });
});

describe('every change or reset', () => {
  it('locks withdrawals for 24 hours, on an account that never received funds too', async () => {
    const ida = await signUp();
    await bindAuthenticator(ida);
    await setFundPassword(ida);
    await bindPhone(ida);
    expect(await lockEnd(ida)).toBeNull();
    expect(await hasCustomerReceivedFunds(database.db, ida.userId)).toBe(false);

    await bindPhone(ida, 'changePhone');
    await expectLockedForADay(ida, 'change phone');
    await endLock(ida);

    await bindAuthenticator(ida, 'changeAuthenticator');
    await expectLockedForADay(ida, 'change authenticator');
    await endLock(ida);

    const changedFund = await ida.client.post(paths.fundPasswordChange, {
      oldFundPassword: fundPassword,
      fundPassword: '369147',
      confirmFundPassword: '369147',
    });
    expect(changedFund.body.code).toBe(0);
    await expectLockedForADay(ida, 'change fund password');
    await endLock(ida);

    await setFundPassword(ida, 'reset');
    await expectLockedForADay(ida, 'reset fund password');
    await endLock(ida);

    const codes = await steps.everyFactor(ida, 'changePassword');
    const changed = await ida.client.post(paths.changePassword, {
      oldPassword: testPassword,
      password: 'New-Vault-Key-1',
      confirmPassword: 'New-Vault-Key-1',
      ...codes,
    });
    expect(changed.body.code).toBe(0);
    await expectLockedForADay(ida, 'change login password');

    expect(await operations(ida)).toEqual([1003, 1009, 1010, 1002, 1007, 1005, 1008, 1001, 1000]);
  });

  it('locks after a forgotten login password is reset', async () => {
    const jon = await signUp();
    await bindAuthenticator(jon);
    expect(await lockEnd(jon)).toBeNull();
    const anonymous = identityClient(app);
    await steps.forgetResendWaits();
    await anonymous.post(paths.resetCode, { accountType: 'email', account: jon.email });
    const ticket = await anonymous.post(paths.verifyResetCode, {
      accountType: 'email',
      account: jon.email,
      code: await latestCode(app, jon.email!),
    });
    const reset = await anonymous.post(paths.resetPassword, {
      resetToken: ticket.body.data.resetToken,
      password: 'Reset-Vault-9',
      confirmPassword: 'Reset-Vault-9',
      gaCode: await steps.freshGaCode(jon),
    });
    expect(reset.body.code).toBe(0);
    const { withdraw_locked_until: end } = await database.db
      .selectFrom('app_user')
      .select('withdraw_locked_until')
      .where('id', '=', jon.userId)
      .executeTakeFirstOrThrow();
    expect(end!.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
  });
});
