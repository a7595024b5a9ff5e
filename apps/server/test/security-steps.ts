import { identityPaths as paths, type CodePurpose } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createLedger } from '../src/modules/ledger/ledger.service';
import { totpCode } from '../src/modules/identity/totp';
import type { Db } from '../src/platform/db/database';
import { identityClient, latestCode, testPassword } from './identity-helpers';

export const testFundPassword = '258036';

export interface SecurityCustomer {
  client: ReturnType<typeof identityClient>;
  userId: string;
  userNo: string;
  email: string | null;
  /** The bound phone as codes are sent to it (+dial code and number). */
  phone: string | null;
  secret: string | null;
}

/**
 * Test-only: a customer's security set-up through the real identity API (sign-up, bind, set,
 * change, reset), each step with a code from every bound factor, and credits through the ledger
 * as a deposit would make them. `numbers` keeps phone numbers apart between test files.
 */
export function securitySteps(app: FastifyInstance, db: Db, numbers = '15') {
  let counter = 0;

  /** A customer signed up by e-mail, or by phone: nothing else bound, nothing set. */
  async function signUp(by: 'email' | 'phone' = 'email'): Promise<SecurityCustomer> {
    counter += 1;
    const client = identityClient(app);
    const email = `steps${counter}-${Date.now() % 100000}@coffer.test`;
    const digits = `${numbers}2${String(counter).padStart(8, '0')}`;
    const account =
      by === 'email'
        ? { accountType: 'email', account: email, countryCode: 'DE' }
        : { accountType: 'phone', account: digits, countryCode: 'DE' };
    expect((await client.post(paths.registerCode, account)).body.code).toBe(0);
    const code = await latestCode(app, by === 'email' ? email : `+49${digits}`);
    const registered = await client.post(paths.register, {
      ...account,
      code,
      password: testPassword,
      confirmPassword: testPassword,
      agreeTerms: true,
    });
    expect(registered.body.code).toBe(0);
    const userNo = registered.body.data.user.userNo as string;
    const { id } = await db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
    return {
      client,
      userId: id,
      userNo,
      email: by === 'email' ? email : null,
      phone: by === 'phone' ? `+49${digits}` : null,
      secret: null,
    };
  }

  /** As if the 60-second wait between two codes to one address had passed. */
  async function forgetResendWaits(): Promise<void> {
    await db.deleteFrom('attempt_counter').where('scope', '=', 'code-resend').execute();
  }

  /** An authenticator code of a step the server has not seen yet. */
  async function freshGaCode(customer: SecurityCustomer): Promise<string> {
    await db.updateTable('app_user').set({ totp_last_step: null }).where('id', '=', customer.userId).execute();
    return totpCode(customer.secret!);
  }

  /** A code from every bound factor, as a security change asks (spec §5). */
  async function everyFactor(customer: SecurityCustomer, purpose: CodePurpose): Promise<Record<string, string>> {
    await forgetResendWaits();
    const codes: Record<string, string> = {};
    if (customer.email) {
      expect((await customer.client.post(paths.userCode, { purpose, channel: 'email' })).body.code).toBe(0);
      codes.emailCode = await latestCode(app, customer.email);
    }
    if (customer.phone) {
      expect((await customer.client.post(paths.userCode, { purpose, channel: 'sms' })).body.code).toBe(0);
      codes.smsCode = await latestCode(app, customer.phone);
    }
    if (customer.secret) codes.gaCode = await freshGaCode(customer);
    return codes;
  }

  async function bindAuthenticator(
    customer: SecurityCustomer,
    purpose: 'bindAuthenticator' | 'changeAuthenticator' = 'bindAuthenticator',
  ): Promise<void> {
    const secret = (await customer.client.post(paths.authenticatorGenerate)).body.data.secret as string;
    const codes = await everyFactor(customer, purpose);
    const path = purpose === 'bindAuthenticator' ? paths.authenticatorBind : paths.authenticatorChange;
    const answer = await customer.client.post(path, { secret, newGaCode: await totpCode(secret), ...codes });
    expect(answer.body.code).toBe(0);
    customer.secret = secret;
  }

  async function setFundPassword(customer: SecurityCustomer, mode: 'set' | 'reset' = 'set'): Promise<void> {
    const codes = await everyFactor(customer, 'fundPassword');
    const body = { fundPassword: testFundPassword, confirmFundPassword: testFundPassword, ...codes };
    const answer = await customer.client.post(mode === 'set' ? paths.fundPasswordSet : paths.fundPasswordReset, body);
    expect(answer.body.code).toBe(0);
  }

  async function bindPhone(customer: SecurityCustomer, purpose: 'bindPhone' | 'changePhone' = 'bindPhone'): Promise<void> {
    counter += 1;
    const digits = `${numbers}3${String(counter).padStart(8, '0')}`;
    const codes = await everyFactor(customer, purpose);
    expect((await customer.client.post(paths.userCode, { purpose, channel: 'sms', phone: digits, countryCode: 'DE' })).body.code).toBe(0);
    const answer = await customer.client.post(purpose === 'bindPhone' ? paths.bindPhone : paths.changePhone, {
      countryCode: 'DE',
      phone: digits,
      newSmsCode: await latestCode(app, `+49${digits}`),
      ...codes,
    });
    expect(answer.body.code).toBe(0);
    customer.phone = `+49${digits}`;
  }

  async function bindEmail(customer: SecurityCustomer): Promise<void> {
    counter += 1;
    const email = `bound${counter}-${Date.now() % 100000}@coffer.test`;
    const codes = await everyFactor(customer, 'bindEmail');
    expect((await customer.client.post(paths.userCode, { purpose: 'bindEmail', channel: 'email', email })).body.code).toBe(0);
    const answer = await customer.client.post(paths.bindEmail, { email, newEmailCode: await latestCode(app, email), ...codes });
    expect(answer.body.code).toBe(0);
    customer.email = email;
  }

  /** Credits the customer as a deposit would (bill 2001, from the chain's omnibus account). */
  async function credit(customer: SecurityCustomer, amount = 5_000_000n): Promise<void> {
    const ledger = createLedger(db);
    await ledger.transfer({
      idempotencyKey: `steps-deposit:${customer.userId}:${amount}`,
      billType: 2001,
      from: await ledger.platformAccount('omnibus', 'USDT'),
      to: await ledger.customerAccount(customer.userId, 'USDT'),
      amount,
    });
  }

  return { signUp, forgetResendWaits, freshGaCode, everyFactor, bindAuthenticator, setFundPassword, bindPhone, bindEmail, credit };
}
