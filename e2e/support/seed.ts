import { identityPaths } from '@coffer/contract/identity-paths';
import { inject } from 'vitest';
// The table map (merged into the platform's `Database` type) of the server's modules.
import type {} from '../../apps/server/src/database-schema';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { createLedger } from '../../apps/server/src/modules/ledger/ledger.service';
import { callApi } from './api';
import { authenticatorApp, latestCode } from './codes';

export interface SeededCustomer {
  email: string;
  password: string;
  fundPassword: string;
  userNo: string;
  /** The session cookie its registration opened, for set-ups through the API. */
  session: string;
  /** A fresh authenticator code the server takes (see `customerAuthenticator`). */
  nextGaCode(): Promise<string>;
}

async function api(path: string, body: unknown, cookie: string | null): Promise<{ data: Record<string, unknown>; cookie: string | null }> {
  return callApi('POST', path, { body, cookie });
}

/**
 * A customer made through the real API (register, authenticator, fund password), past the
 * 24-hour lock, credited through the ledger as a deposit would be. `accountKind` 'enterprise'
 * registers a company's account (custody is applied for by one).
 */
export async function seedCustomer(
  label: string,
  holdings: Record<string, bigint>,
  options: { kycLevel?: number; accountKind?: 'personal' | 'enterprise' } = {},
): Promise<SeededCustomer> {
  const email = `${label}${Date.now() % 1_000_000}@coffer.test`;
  const password = 'Vault-Key-2026';
  const fundPassword = '258036';
  let since = Date.now();
  await api(identityPaths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' }, null);
  const registered = await api(
    identityPaths.register,
    {
      accountType: 'email',
      account: email,
      countryCode: 'DE',
      code: await latestCode(email, since),
      password,
      confirmPassword: password,
      agreeTerms: true,
      accountKind: options.accountKind ?? 'personal',
    },
    null,
  );
  let { cookie } = registered;
  const userNo = (registered.data.user as { userNo: string }).userNo;
  const secret = ((await api(identityPaths.authenticatorGenerate, {}, cookie)).data as { secret: string }).secret;
  const nextGaCode = customerAuthenticator(secret, email);
  since = Date.now();
  await api(identityPaths.userCode, { purpose: 'bindAuthenticator', channel: 'email' }, cookie);
  ({ cookie } = await api(
    identityPaths.authenticatorBind,
    { secret, newGaCode: await nextGaCode(), emailCode: await latestCode(email, since) },
    cookie,
  ));
  since = Date.now();
  await api(identityPaths.userCode, { purpose: 'fundPassword', channel: 'email' }, cookie);
  await api(
    identityPaths.fundPasswordSet,
    { fundPassword, confirmFundPassword: fundPassword, emailCode: await latestCode(email, since), gaCode: await nextGaCode() },
    cookie,
  );

  const database = openDatabase(inject('databaseUrl'), { max: 2 });
  try {
    const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
    // As if the 24-hour lock after those security changes had passed, and identity verified to
    // the advanced level (KYC has journeys of its own: kyc.e2e.ts).
    await database.db
      .updateTable('app_user')
      .set({ withdraw_locked_until: null, kyc_level: options.kycLevel ?? 2 })
      .where('id', '=', user.id)
      .execute();
    const ledger = createLedger(database.db);
    for (const [asset, amount] of Object.entries(holdings)) {
      await ledger.transfer({
        idempotencyKey: `e2e-seed-${user.id}-${asset}`,
        billType: 2001,
        from: await ledger.platformAccount('chain', asset),
        to: await ledger.customerAccount(user.id, asset),
        amount,
      });
    }
  } finally {
    await database.close();
  }
  return { email, password, fundPassword, userNo, session: cookie!, nextGaCode };
}

/** Withdrawals need a bound phone (spec §5); binding one through the API would start the 24-hour lock. */
export async function bindPhone(customer: SeededCustomer): Promise<void> {
  const database = openDatabase(inject('databaseUrl'), { max: 1 });
  try {
    const phone = `1555${String(Date.now()).slice(-7)}`;
    await database.db
      .updateTable('app_user')
      .set({ phone, phone_dial_code: '1', phone_country: 'CA' })
      .where('user_no', '=', customer.userNo)
      .execute();
  } finally {
    await database.close();
  }
}

/**
 * An address-book entry as if saved a day ago and, with `trusted`, trusted then too (past the
 * cooling period: withdrawals to it need no codes). Saving and trusting in the browser each ask
 * for a fresh authenticator code, which would make a journey wait for the clock.
 */
export async function saveAddress(
  customer: SeededCustomer,
  entry: { chain: string; address: string; tag?: string; note: string; trusted: boolean },
): Promise<void> {
  const database = openDatabase(inject('databaseUrl'), { max: 1 });
  try {
    const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', customer.userNo).executeTakeFirstOrThrow();
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await database.db
      .insertInto('withdraw_address')
      .values({
        user_id: user.id,
        chain: entry.chain,
        address: entry.address,
        tag: entry.tag ?? null,
        note: entry.note,
        trusted_at: entry.trusted ? dayAgo : null,
        created_at: dayAgo,
      })
      .execute();
  } finally {
    await database.close();
  }
}

/**
 * Identity verified to the basic level (KYC1), as if its form had been sent: the first-day
 * journey's other steps are its subject; KYC itself is driven in the browser by kyc.e2e.ts.
 */
export async function verifyBasicIdentity(email: string): Promise<void> {
  const database = openDatabase(inject('databaseUrl'), { max: 1 });
  try {
    await database.db.updateTable('app_user').set({ kyc_level: 1 }).where('email', '=', email.toLowerCase()).execute();
  } finally {
    await database.close();
  }
}

/** Runs `change` on the Coffer under test's database (a fixture's shortcut past the clock). */
async function onDatabase(change: (db: ReturnType<typeof openDatabase>['db']) => Promise<unknown>): Promise<void> {
  const database = openDatabase(inject('databaseUrl'), { max: 1 });
  try {
    await change(database.db);
  } finally {
    await database.close();
  }
}

/**
 * The customer's authenticator app (codes.ts). When its steps run ahead of the clock, the
 * server forgets the customer's last accepted step instead of the journey waiting up to 30 s:
 * as if the clock had moved on. Replay refusal itself is proven by the server's tests.
 */
export function customerAuthenticator(secret: string, email: string): () => Promise<string> {
  return authenticatorApp(secret, () =>
    onDatabase((db) => db.updateTable('app_user').set({ totp_last_step: null }).where('email', '=', email.toLowerCase()).execute()),
  );
}

/** The same for an operator of the back office. */
export function operatorAuthenticator(secret: string, email: string): () => Promise<string> {
  return authenticatorApp(secret, () =>
    onDatabase((db) => db.updateTable('operator').set({ totp_last_step: null }).where('email', '=', email.toLowerCase()).execute()),
  );
}

/**
 * As if the 10 minutes of `email`'s open authenticator-change tickets had passed: the server
 * refuses them from now on.
 */
export async function expireAuthenticatorChanges(email: string): Promise<void> {
  await onDatabase((db) =>
    db
      .updateTable('authenticator_change')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', 'in', db.selectFrom('app_user').select('id').where('email', '=', email.toLowerCase()))
      .where('used_at', 'is', null)
      .execute(),
  );
}

/**
 * As if the 60-s wait before another code to `email` (spec §5) had passed: the timer's
 * attempt counters for that address are gone.
 */
export async function allowCodeResend(email: string): Promise<void> {
  await onDatabase((db) =>
    db
      .deleteFrom('attempt_counter')
      .where('scope', '=', 'code-resend')
      .where('subject', 'like', `%:email:${email.toLowerCase()}`)
      .execute(),
  );
}

/**
 * As if the 24 hours after `email`'s last security change (spec §4) had passed: money moves are
 * allowed again.
 */
export async function endWithdrawLock(email: string): Promise<void> {
  await onDatabase((db) =>
    db
      .updateTable('app_user')
      .set({ withdraw_locked_until: new Date(Date.now() - 1000) })
      .where('email', '=', email.toLowerCase())
      .execute(),
  );
}
