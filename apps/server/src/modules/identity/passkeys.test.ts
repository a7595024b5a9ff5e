import { identityPaths as paths, securityOperations } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/observability/logger';
import { createIdentityModule } from './index';
import { passkeyRepository } from './passkey.repository';
import { maxPasskeys } from './passkey.service';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityClient, testPassword } from '../../../test/identity-helpers';
import { codeFailures, forgetFailures } from '../../../test/passkey-kit';
import { securitySteps, type SecurityCustomer as Customer } from '../../../test/security-steps';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../../../test/software-authenticator';

/**
 * Passkeys as a second factor (issue 16 item 8), with a software authenticator: registration
 * under security verification, login with a passkey, and every refusal (origin, challenge,
 * reuse, counter regression, limits, removal rules) changing nothing.
 */

let database: TestDatabase;
let app: FastifyInstance;
let steps: ReturnType<typeof securitySteps>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  steps = securitySteps(app, database.db, '17');
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

async function addPasskey(customer: Customer, authenticator: SoftwareAuthenticator, name = 'Laptop') {
  const options = (await customer.client.post(paths.passkeyRegistrationOptions)).body.data as { challenge: string; rp: { id: string } };
  expect(options.rp.id).toBe('localhost');
  const codes = await steps.everyFactor(customer, 'passkey');
  return customer.client.post(paths.passkeyAdd, { ...codes, name, credential: authenticator.register(options) });
}

/** The identity module beside the app's, for its API and jobs called directly. */
function directIdentity() {
  return createIdentityModule({
    db: database.db,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    secrets: testSecrets,
    messenger: { send: async () => undefined },
    funding: { hasReceivedFunds: async () => false },
    captcha: { verifyOnce: async () => {} },
  });
}

/** Stores a registered credential as `add` does once every factor is verified: in its own transaction, within the most. */
function storeCredential(customer: Customer, credentialId: string) {
  return database.db
    .transaction()
    .execute((trx) =>
      passkeyRepository.insertWithin(
        trx,
        { userId: customer.userId, credentialId, publicKey: Buffer.from([1]), counter: 0, transports: [], name: 'Raced' },
        maxPasskeys,
      ),
    );
}

async function passkeyRows(customer: Customer) {
  return database.db.selectFrom('passkey').selectAll().where('user_id', '=', customer.userId).execute();
}

/** Password step of a login on a fresh client: the pre-login token and the offered factors. */
async function passwordStep(customer: Customer) {
  const client = identityClient(app);
  const answer = await client.post(paths.login, { accountType: 'email', account: customer.email, password: testPassword });
  expect(answer.body.code).toBe(0);
  return { client, preLoginToken: answer.body.data.preLoginToken as string, twofaList: answer.body.data.twofaList as string[] };
}

async function loginOptions(client: ReturnType<typeof identityClient>, preLoginToken: string) {
  const answer = await client.post(paths.loginPasskeyOptions, { preLoginToken });
  expect(answer.body.code).toBe(0);
  return answer.body.data as { challenge: string; allowCredentials: Array<{ id: string }> };
}

describe('registering a passkey', () => {
  it('asks for every bound factor, stores the credential, records 1014 and e-mails a notice', async () => {
    const anna = await steps.signUp();
    const authenticator = softwareAuthenticator();
    // Without the e-mail code nothing is stored.
    const options = (await anna.client.post(paths.passkeyRegistrationOptions)).body.data as { challenge: string };
    const bare = await anna.client.post(paths.passkeyAdd, { name: 'Laptop', credential: authenticator.register(options) });
    expect(bare.body.code).not.toBe(0);
    expect(await passkeyRows(anna)).toHaveLength(0);

    const added = await addPasskey(anna, authenticator);
    expect(added.body.code).toBe(0);
    expect(added.body.data).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    const rows = await passkeyRows(anna);
    expect(rows.map((row) => row.credential_id)).toEqual([authenticator.credentialId]);
    const listed = await anna.client.get(paths.passkeys);
    expect(listed.body.data).toEqual([added.body.data]);
    expect((await anna.client.post(paths.twofaStatus)).body.data.hasPasskey).toBe(true);
    const history = await database.db.selectFrom('security_history').select('operation').where('user_id', '=', anna.userId).execute();
    expect(history.map((row) => row.operation)).toContain(securityOperations.addPasskey);
    const notice = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(anna.email!)}&limit=1` });
    expect(notice.json().data[0].subject).toContain('passkey was added');

    // The same credential again is refused; a renamed one keeps its key.
    expect((await addPasskey(anna, authenticator)).body.code).not.toBe(0);
    expect(await passkeyRows(anna)).toHaveLength(1);
    expect((await anna.client.post(paths.passkeyRename, { id: rows[0]!.id, name: 'Work key' })).body.code).toBe(0);
    expect((await passkeyRows(anna))[0]!.name).toBe('Work key');
  });

  it('refuses an attestation from another origin or for a challenge it did not issue', async () => {
    const ben = await steps.signUp();
    const authenticator = softwareAuthenticator();
    const options = (await ben.client.post(paths.passkeyRegistrationOptions)).body.data as { challenge: string };
    const codes = await steps.everyFactor(ben, 'passkey');
    const foreign = await ben.client.post(paths.passkeyAdd, {
      ...codes,
      name: 'Phish',
      credential: authenticator.register(options, { origin: 'https://coffer.evil.example' }),
    });
    expect(foreign.body.code).toBe(16000030);
    const invented = await ben.client.post(paths.passkeyAdd, {
      ...(await steps.everyFactor(ben, 'passkey')),
      name: 'Invented',
      credential: authenticator.register({ challenge: Buffer.from('not issued').toString('base64url') }),
    });
    expect(invented.body.code).toBe(16000033);
    expect(await passkeyRows(ben)).toHaveLength(0);
  });

  it('stops at ten passkeys', async () => {
    const cleo = await steps.signUp();
    await database.db
      .insertInto('passkey')
      .values(
        Array.from({ length: 9 }, (_, index) => ({
          user_id: cleo.userId,
          credential_id: `seeded-${cleo.userId}-${index}`,
          public_key: Buffer.from([1]),
          name: `Key ${index}`,
        })),
      )
      .execute();
    const first = await addPasskey(cleo, softwareAuthenticator(), 'Tenth');
    expect(first.body.code).toBe(0);
    const limited = await cleo.client.post(paths.passkeyRegistrationOptions);
    expect(limited.body.code).toBe(16000031);
    expect(await passkeyRows(cleo)).toHaveLength(10);
  });

  it('stores exactly one of 100 registrations racing for the tenth place', async () => {
    // Every registration's verification is single-use and counted (5 at a time per account), so the race
    // past it is the store: 100 verified credentials at once, one place left.
    const dan = await steps.signUp();
    await database.db
      .insertInto('passkey')
      .values(
        Array.from({ length: maxPasskeys - 1 }, (_, index) => ({
          user_id: dan.userId,
          credential_id: `edge-${dan.userId}-${index}`,
          public_key: Buffer.from([1]),
          name: `Key ${index}`,
        })),
      )
      .execute();
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, index) => storeCredential(dan, `raced-${dan.userId}-${index}`)));
    expect(outcomes.filter((outcome) => typeof outcome === 'object')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'limit')).toHaveLength(99);
    expect(await passkeyRows(dan)).toHaveLength(maxPasskeys);
  });

  it('stores one credential once when 100 registrations of two customers race with it', async () => {
    const [eva, finn] = [await steps.signUp(), await steps.signUp()];
    const credentialId = `shared-${eva.userId}-${finn.userId}`;
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) => storeCredential(index % 2 === 0 ? eva : finn, credentialId)),
    );
    expect(outcomes.filter((outcome) => typeof outcome === 'object')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(99);
    expect((await passkeyRows(eva)).length + (await passkeyRows(finn)).length).toBe(1);
  });
});

describe('logging in with a passkey', () => {
  it('offers the passkey, accepts its assertion once, and advances the counter', async () => {
    const dora = await steps.signUp();
    const authenticator = softwareAuthenticator();
    expect((await addPasskey(dora, authenticator)).body.code).toBe(0);

    const { client, preLoginToken, twofaList } = await passwordStep(dora);
    expect(twofaList).toContain('passkey');
    const options = await loginOptions(client, preLoginToken);
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([authenticator.credentialId]);
    const assertion = authenticator.assert(options);
    const loggedIn = await client.post(paths.loginTwofa, { preLoginToken, method: 'passkey', passkey: assertion });
    expect(loggedIn.body.code).toBe(0);
    expect(loggedIn.body.data.user.userNo).toBe(dora.userNo);
    const [row] = await passkeyRows(dora);
    expect(row!.counter).toBe('1');
    expect(row!.last_used_at).not.toBeNull();

    // The same assertion on a new login is refused (its challenge is spent) and counted.
    const again = await passwordStep(dora);
    const before = await codeFailures(database.db, dora.userId);
    const replay = await again.client.post(paths.loginTwofa, { preLoginToken: again.preLoginToken, method: 'passkey', passkey: assertion });
    expect(replay.body.code).toBe(16000033);
    expect(await codeFailures(database.db, dora.userId)).toBe(before + 1);
  });

  it('refuses a wrong origin, an invented challenge and a counter that goes back, each counted', async () => {
    const emil = await steps.signUp();
    const authenticator = softwareAuthenticator();
    expect((await addPasskey(emil, authenticator)).body.code).toBe(0);
    await forgetFailures(database.db, emil.userId);
    const { client, preLoginToken } = await passwordStep(emil);

    const wrongOrigin = authenticator.assert(await loginOptions(client, preLoginToken), { origin: 'https://coffer.evil.example' });
    expect((await client.post(paths.loginTwofa, { preLoginToken, method: 'passkey', passkey: wrongOrigin })).body.code).toBe(16000030);
    const invented = authenticator.assert({ challenge: Buffer.from('never issued').toString('base64url') });
    expect((await client.post(paths.loginTwofa, { preLoginToken, method: 'passkey', passkey: invented })).body.code).toBe(16000033);
    const otherRp = authenticator.assert(await loginOptions(client, preLoginToken), { rpId: 'evil.example' });
    expect((await client.post(paths.loginTwofa, { preLoginToken, method: 'passkey', passkey: otherRp })).body.code).toBe(16000030);
    expect(await codeFailures(database.db, emil.userId)).toBe(3);
    await forgetFailures(database.db, emil.userId);

    // A good login moves the counter to 5; an assertion reporting 5 again (a clone) is refused.
    await database.db.updateTable('passkey').set({ counter: 5 }).where('user_id', '=', emil.userId).execute();
    const regressed = authenticator.assert(await loginOptions(client, preLoginToken), { counter: 5 });
    expect((await client.post(paths.loginTwofa, { preLoginToken, method: 'passkey', passkey: regressed })).body.code).toBe(16000030);
    expect((await passkeyRows(emil))[0]!.counter).toBe('5');
    expect(await codeFailures(database.db, emil.userId)).toBe(1);
    // No session was opened by any of them.
    expect((await client.get(paths.userInfo)).body.code).not.toBe(0);
  });

  it('accepts at most one of 100 parallel logins carrying one assertion', async () => {
    const fred = await steps.signUp();
    const authenticator = softwareAuthenticator();
    expect((await addPasskey(fred, authenticator)).body.code).toBe(0);
    await forgetFailures(database.db, fred.userId);
    const { client, preLoginToken } = await passwordStep(fred);
    const assertion = authenticator.assert(await loginOptions(client, preLoginToken));
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        identityClient(app).post(paths.loginTwofa, { preLoginToken, method: 'passkey', passkey: assertion }),
      ),
    );
    expect(answers.filter((answer) => answer.body.code === 0).length).toBeLessThanOrEqual(1);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const sessions = await database.db.selectFrom('user_session').select('id').where('user_id', '=', fred.userId).execute();
    // One from the sign-up, at most one from the passkey.
    expect(sessions.length).toBeLessThanOrEqual(2);
  });
});

describe('removing a passkey', () => {
  it('asks for verification (a passkey may give it), records 1015, locks withdrawals for 24 hours', async () => {
    const gina = await steps.signUp();
    const first = softwareAuthenticator();
    const second = softwareAuthenticator();
    expect((await addPasskey(gina, first, 'First')).body.code).toBe(0);
    expect((await addPasskey(gina, second, 'Second')).body.code).toBe(0);
    const [one, two] = await passkeyRows(gina);

    const unverified = await gina.client.post(paths.passkeyRemove, { id: one!.id });
    expect(unverified.body.code).not.toBe(0);
    const othersKey = await steps.signUp();
    expect(
      (await othersKey.client.post(paths.passkeyRemove, { id: one!.id, ...(await steps.everyFactor(othersKey, 'passkey')) })).body.code,
    ).toBe(16000032);
    expect(await passkeyRows(gina)).toHaveLength(2);

    // The second passkey's assertion, for this purpose, verifies the removal of the first.
    const options = (await gina.client.post(paths.passkeyAssertionOptions, { purpose: 'passkey' })).body.data as { challenge: string };
    const removed = await gina.client.post(paths.passkeyRemove, { id: one!.id, passkey: second.assert(options) });
    expect(removed.body.code).toBe(0);
    expect((await passkeyRows(gina)).map((row) => row.id)).toEqual([two!.id]);
    const history = await database.db.selectFrom('security_history').select('operation').where('user_id', '=', gina.userId).execute();
    expect(history.map((row) => row.operation)).toContain(securityOperations.removePasskey);
    const user = await database.db
      .selectFrom('app_user')
      .select('withdraw_locked_until')
      .where('id', '=', gina.userId)
      .executeTakeFirstOrThrow();
    expect(user.withdraw_locked_until!.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);

    // An assertion made for another purpose (a transfer) cannot verify a removal.
    const transferOptions = (await gina.client.post(paths.passkeyAssertionOptions, { purpose: 'transfer' })).body.data as {
      challenge: string;
    };
    const misused = await gina.client.post(paths.passkeyRemove, { id: two!.id, passkey: second.assert(transferOptions) });
    expect(misused.body.code).toBe(16000033);
    expect(await passkeyRows(gina)).toHaveLength(1);
  });
});

describe('a passkey in place of the codes of a money move (IdentityApi)', () => {
  it('verifies a transfer with an assertion made for it, once, and refuses one made for another purpose', async () => {
    const hana = await steps.signUp();
    const authenticator = softwareAuthenticator();
    expect((await addPasskey(hana, authenticator)).body.code).toBe(0);
    await forgetFailures(database.db, hana.userId);
    const identity = directIdentity();
    const caller = { ip: '127.0.0.1' };
    const optionsFor = async (purpose: string) =>
      (await hana.client.post(paths.passkeyAssertionOptions, { purpose })).body.data as { challenge: string };

    const assertion = authenticator.assert(await optionsFor('transfer'));
    await identity.api.verifySecondFactor(hana.userId, 'transfer', { passkey: assertion }, caller);
    await expect(identity.api.verifySecondFactor(hana.userId, 'transfer', { passkey: assertion }, caller)).rejects.toMatchObject({
      key: 'passkeyChallengeExpired',
    });
    const forLogin = authenticator.assert(await optionsFor('login'));
    await expect(identity.api.verifySecondFactor(hana.userId, 'transfer', { passkey: forLogin }, caller)).rejects.toMatchObject({
      key: 'passkeyChallengeExpired',
    });
    // Another customer's passkey is no passkey of this account.
    const stranger = await steps.signUp();
    await expect(
      identity.api.verifySecondFactor(stranger.userId, 'transfer', { passkey: authenticator.assert(await optionsFor('transfer')) }, caller),
    ).rejects.toMatchObject({ key: 'passkeyNotRecognised' });
    expect(await codeFailures(database.db, hana.userId)).toBe(2);
  });
});

describe('the purge of passkey challenges', () => {
  it('deletes the challenges past their lifetime, spent or not, and keeps the live ones', async () => {
    const gus = await steps.signUp();
    const past = new Date(Date.now() - 60_000);
    const ahead = new Date(Date.now() + 4 * 60_000);
    await database.db
      .insertInto('passkey_challenge')
      .values([
        { user_id: gus.userId, purpose: 'register', challenge: `expired-${gus.userId}`, expires_at: past },
        { user_id: gus.userId, purpose: 'login', challenge: `expired-spent-${gus.userId}`, expires_at: past, used_at: past },
        { user_id: gus.userId, purpose: 'register', challenge: `live-${gus.userId}`, expires_at: ahead },
        { user_id: gus.userId, purpose: 'login', challenge: `live-spent-${gus.userId}`, expires_at: ahead, used_at: new Date() },
      ])
      .execute();
    const job = directIdentity().jobs.find((definition) => definition.name === 'identity.purge-passkey-challenges');
    expect(job?.cron).toBeDefined();
    await job!.handle({}, { jobId: 'test', logger: createLogger({ LOG_LEVEL: 'silent' }) });
    const left = await database.db
      .selectFrom('passkey_challenge')
      .select('challenge')
      .where('user_id', '=', gus.userId)
      .orderBy('challenge')
      .execute();
    expect(left.map((row) => row.challenge)).toEqual([`live-${gus.userId}`, `live-spent-${gus.userId}`]);
    // A challenge handed out now is live and outlasts the purge.
    const options = (await gus.client.post(paths.passkeyRegistrationOptions)).body.data as { challenge: string };
    await job!.handle({}, { jobId: 'test', logger: createLogger({ LOG_LEVEL: 'silent' }) });
    const kept = await database.db.selectFrom('passkey_challenge').select('id').where('challenge', '=', options.challenge).execute();
    expect(kept).toHaveLength(1);
  });
});
