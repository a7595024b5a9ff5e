import { apiKeyPaths, errorCatalogue, securityOperations } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { codesFor, createKey, forgetResendWaits, newKeyPair, type KeyOwner } from '../../../test/api-key-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { latestCode, signUpByEmail } from '../../../test/identity-helpers';
import { codeFailures, passkeyAssertion, seedPasskey } from '../../../test/passkey-kit';
import { softwareAuthenticator } from '../../../test/software-authenticator';
import type { Messenger } from '../../platform/adapters/messenger';
import { loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/observability/logger';
import { derivePlatformSigningKey } from '../../platform/security/platform-signing-key';
import { createIdentityModule, type IdentityApi } from '../identity';
import { createApiKeysModule, keyCacheTtlMs } from '.';
import { createKeyCache } from './key-cache';
import { testSecrets } from '../../../test/app';

let database: TestDatabase;
let app: FastifyInstance;
let counter = 0;

async function owner(): Promise<KeyOwner> {
  counter += 1;
  const email = `manage${counter}-${Date.now() % 100000}@coffer.test`;
  const { client, userNo } = await signUpByEmail(app, email);
  const { id } = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  return { client, userId: id, email };
}

/** What a customer's keys, pending changes and security history hold: a refused step must leave it as it was. */
async function stateOf(userId: string) {
  const [keys, open, history] = await Promise.all([
    database.db.selectFrom('api_key').select(['access_key', 'label', 'deleted_at']).where('user_id', '=', userId).orderBy('id').execute(),
    database.db.selectFrom('api_key_change').select(['change_id', 'consumed_at']).where('user_id', '=', userId).orderBy('id').execute(),
    database.db.selectFrom('security_history').select('operation').where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return { keys, open, history };
}

/** The module beside the app's, for its services called directly (`apply` past the codes, the purge job). */
function directModule(deps: { identity?: IdentityApi; messenger?: Messenger } = {}) {
  return createApiKeysModule({
    db: database.db,
    config: { API_KEYS_MAX: 5, API_KEY_PENDING_CHANGES_MAX: 100, API_KEY_RATE_PER_SECOND: 20, API_KEY_RATE_BURST: 40 },
    identity: deps.identity ?? ({ recordSecurityChange: async () => undefined, noticeEmail: async () => null } as never),
    messenger: deps.messenger ?? { send: async () => undefined },
    logger: createLogger({ LOG_LEVEL: 'silent' }),
    platformKey: derivePlatformSigningKey(testSecrets.key),
    ownedAddressIds: async () => new Set(),
  });
}

const directCaller = { ip: '127.0.0.1', device: 'test', clientKind: 'web', location: 'loopback' as const, language: 'en' as const };

beforeAll(async () => {
  database = await createTestDatabase();
  // The most keys is tested with 100 verified creates, so 100 pending changes may be open here (the cap has its own test).
  app = await buildTestApp(database.db, { env: { API_KEYS_MAX: '5', API_KEY_PENDING_CHANGES_MAX: '100' } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the §5 rules of a pre-request', () => {
  it('refuses a bad label, IP list or public key with its own code, and stores nothing', async () => {
    const alice = await owner();
    const publicKey = newKeyPair().publicKeyHex;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ label: '', publicKey }, errorCatalogue.apiKeyLabelInvalid.code],
      [{ label: 'x'.repeat(51), publicKey }, errorCatalogue.apiKeyLabelInvalid.code],
      [{ label: 'bot', ips: '10.0.0.1, 300.1.1.1', publicKey }, errorCatalogue.apiKeyIpListInvalid.code],
      [
        { label: 'bot', ips: Array.from({ length: 11 }, (_, i) => `10.0.0.${i + 1}`).join(','), publicKey },
        errorCatalogue.apiKeyIpListInvalid.code,
      ],
      [{ label: 'bot', publicKey: 'not a key at all, just some words' }, errorCatalogue.apiKeyPublicKeyInvalid.code],
      [
        {
          label: 'bot',
          publicKey:
            'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqZ5bXkT8M5bXbRWJgrfc1kZ7ZRCuHVnrFQZDbgW6X1g2pXhBHH5WSmI0yG1VRm6sxIQSuYmJtPGG0TV9WkBEdA==',
        },
        errorCatalogue.apiKeyPublicKeyInvalid.code,
      ],
      [{ label: 'bot', rights: ['read', 'withdraw'], publicKey }, errorCatalogue.fundPasswordNotSet.code],
    ];
    for (const [body, code] of cases) {
      const answer = await alice.client.post(apiKeyPaths.create, { rights: ['read'], ...body });
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
    }
    expect((await stateOf(alice.userId)).open).toEqual([]);
  });

  it('answers a pending change naming every bound factor; the verified request creates, edits and deletes with history and e-mail', async () => {
    const bob = await owner();
    const pair = newKeyPair();
    const pre = await bob.client.post(apiKeyPaths.create, {
      label: ' desk ',
      rights: ['trade'],
      ips: '10.0.0.0/8, ::1',
      publicKey: pair.publicKeyHex,
    });
    expect(pre.body.data).toMatchObject({ kind: 'create', twofaList: ['email'], fundPasswordRequired: false });
    expect(new Date(pre.body.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const made = await bob.client.post(apiKeyPaths.verifyCreate, {
      changeId: pre.body.data.changeId,
      ...(await codesFor(app, database.db, bob, pre.body.data)),
    });
    expect(made.body.data).toMatchObject({
      label: 'desk',
      rights: ['read', 'trade'],
      ips: ['10.0.0.0/8', '::1'],
      publicKey: pair.publicKeyHex,
    });
    expect(made.body.data.accessKey).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(made.body.data)).not.toMatch(/secret/i);

    const edit = await bob.client.post(apiKeyPaths.edit, {
      accessKey: made.body.data.accessKey,
      label: 'desk 2',
      rights: ['read'],
      ips: '',
    });
    const edited = await bob.client.post(apiKeyPaths.verifyEdit, {
      changeId: edit.body.data.changeId,
      ...(await codesFor(app, database.db, bob, edit.body.data)),
    });
    expect(edited.body.data).toMatchObject({ label: 'desk 2', rights: ['read'], ips: [] });

    const remove = await bob.client.post(apiKeyPaths.remove, { accessKey: made.body.data.accessKey });
    const removed = await bob.client.post(apiKeyPaths.verifyRemove, {
      changeId: remove.body.data.changeId,
      ...(await codesFor(app, database.db, bob, remove.body.data)),
    });
    expect(removed.body.data).toEqual({ accessKey: made.body.data.accessKey, deleted: true });
    expect((await bob.client.get(apiKeyPaths.keys)).body.data).toEqual([]);
    const history = (await stateOf(bob.userId)).history.map((row) => row.operation);
    expect(history.slice(-3)).toEqual([securityOperations.createApiKey, securityOperations.editApiKey, securityOperations.deleteApiKey]);
    const outbox = (await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(bob.email)}&limit=1` })).json().data[0];
    expect(outbox.body).toContain(made.body.data.accessKey);
    expect(outbox.body).toContain('deleted');
    // The public key is free again once its key is deleted.
    await createKey(app, database.db, bob, { publicKey: pair.publicKeyHex });
  });
});

describe('a passkey in place of the codes', () => {
  it('verifies a key change with an assertion made for it; a replayed or misdirected one changes nothing and counts', async () => {
    const pia = await owner();
    const authenticator = softwareAuthenticator();
    await seedPasskey(database.db, pia.userId, authenticator);
    const request = async () => {
      const pre = await pia.client.post(apiKeyPaths.create, { label: 'bot', rights: ['read'], publicKey: newKeyPair().publicKeyHex });
      expect(pre.body.code, pre.body.msg).toBe(0);
      return pre.body.data.changeId as string;
    };

    const assertion = await passkeyAssertion(pia.client, authenticator, 'apiKey');
    const made = await pia.client.post(apiKeyPaths.verifyCreate, { changeId: await request(), passkey: assertion });
    expect(made.body.code, made.body.msg).toBe(0);
    expect((await stateOf(pia.userId)).history.map((row) => row.operation)).toContain(securityOperations.createApiKey);

    const next = await request();
    const before = await stateOf(pia.userId);
    const failures = await codeFailures(database.db, pia.userId);
    const replayed = await pia.client.post(apiKeyPaths.verifyCreate, { changeId: next, passkey: assertion });
    expect(replayed.body.code).toBe(errorCatalogue.passkeyChallengeExpired.code);
    const forTransfer = await passkeyAssertion(pia.client, authenticator, 'transfer');
    const misdirected = await pia.client.post(apiKeyPaths.verifyCreate, { changeId: next, passkey: forTransfer });
    expect(misdirected.body.code).toBe(errorCatalogue.passkeyChallengeExpired.code);
    expect(await stateOf(pia.userId)).toEqual(before);
    expect(await codeFailures(database.db, pia.userId)).toBe(failures + 2);

    // The change stayed open: an assertion made for it now goes through.
    const fresh = await passkeyAssertion(pia.client, authenticator, 'apiKey');
    expect((await pia.client.post(apiKeyPaths.verifyCreate, { changeId: next, passkey: fresh })).body.code).toBe(0);
    expect((await stateOf(pia.userId)).keys).toHaveLength(2);
  });
});

describe('two-step flows change nothing when the verified request is wrong', () => {
  it('refuses one without its pre-request, with another customer’s change, after expiry and with a wrong code', async () => {
    const carol = await owner();
    const mallory = await owner();
    const before = await stateOf(carol.userId);

    const pre = await carol.client.post(apiKeyPaths.create, { label: 'c', rights: ['read'], publicKey: newKeyPair().publicKeyHex });
    const change = pre.body.data;
    await forgetResendWaits(database.db);
    await carol.client.post(apiKeyPaths.sendCode, { changeId: change.changeId, channel: 'email' });
    const code = await latestCode(app, carol.email);

    // No pre-request: a change id that was never answered.
    const none = await carol.client.post(apiKeyPaths.verifyCreate, { changeId: 'f'.repeat(32), emailCode: code });
    expect(none.body.code).toBe(errorCatalogue.apiKeyChangeNotFound.code);
    // Another customer's change, with that customer's own valid code: not theirs to verify.
    await forgetResendWaits(database.db);
    const stolenCode = await mallory.client.post(apiKeyPaths.sendCode, { changeId: change.changeId, channel: 'email' });
    expect(stolenCode.body.code).toBe(errorCatalogue.apiKeyChangeNotFound.code);
    const stolen = await mallory.client.post(apiKeyPaths.verifyCreate, { changeId: change.changeId, emailCode: code });
    expect(stolen.body.code).toBe(errorCatalogue.apiKeyChangeNotFound.code);
    // A wrong code.
    const wrong = await carol.client.post(apiKeyPaths.verifyCreate, {
      changeId: change.changeId,
      emailCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.code).toBe(errorCatalogue.codeWrong.code);
    // The verified request of another kind.
    const otherKind = await carol.client.post(apiKeyPaths.verifyEdit, { changeId: change.changeId, emailCode: code });
    expect(otherKind.body.code).toBe(errorCatalogue.apiKeyChangeNotFound.code);
    // Expired: as if 10 minutes had passed.
    await database.db
      .updateTable('api_key_change')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('change_id', '=', change.changeId)
      .execute();
    const expired = await carol.client.post(apiKeyPaths.verifyCreate, { changeId: change.changeId, emailCode: code });
    expect(expired.body.code).toBe(errorCatalogue.apiKeyChangeNotFound.code);

    const after = await stateOf(carol.userId);
    expect(after.keys).toEqual(before.keys);
    expect(after.history).toEqual(before.history);
    expect(after.open).toEqual([{ change_id: change.changeId, consumed_at: null }]);
    expect((await stateOf(mallory.userId)).keys).toEqual([]);

    // A spent change cannot be used twice.
    const fresh = await carol.client.post(apiKeyPaths.create, { label: 'c', rights: ['read'], publicKey: newKeyPair().publicKeyHex });
    const proof = await codesFor(app, database.db, carol, fresh.body.data);
    expect((await carol.client.post(apiKeyPaths.verifyCreate, { changeId: fresh.body.data.changeId, ...proof })).body.code).toBe(0);
    const again = await carol.client.post(apiKeyPaths.verifyCreate, { changeId: fresh.body.data.changeId, ...proof });
    expect(again.body.code).toBe(errorCatalogue.apiKeyChangeNotFound.code);
    expect((await stateOf(carol.userId)).keys).toHaveLength(1);
  });

  it('refuses another customer’s key in an edit or delete pre-request', async () => {
    const dave = await owner();
    const eve = await owner();
    const key = await createKey(app, database.db, dave, { publicKey: newKeyPair().publicKeyHex });
    expect((await eve.client.post(apiKeyPaths.remove, { accessKey: key.accessKey })).body.code).toBe(errorCatalogue.apiKeyNotFound.code);
    expect((await eve.client.post(apiKeyPaths.edit, { accessKey: key.accessKey, label: 'x', rights: [] })).body.code).toBe(
      errorCatalogue.apiKeyNotFound.code,
    );
  });
});

describe('a pending change is spent once', () => {
  it('applies one of 100 parallel verified requests carrying the same codes; the rest change nothing', async () => {
    const ivan = await owner();
    const pre = await ivan.client.post(apiKeyPaths.create, { label: 'race', rights: ['read'], publicKey: newKeyPair().publicKeyHex });
    expect(pre.body.code).toBe(0);
    const proof = await codesFor(app, database.db, ivan, pre.body.data);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => ivan.client.post(apiKeyPaths.verifyCreate, { changeId: pre.body.data.changeId, ...proof })),
    );
    const answered = answers.map((answer) => answer.body.code as number);
    expect(answered.filter((code) => code === 0)).toHaveLength(1);
    // The codes decide first: the e-mail code is spent once, and at most 5 checks of an account run at a time.
    const refusals = new Set<number>([errorCatalogue.codeAlreadyUsed.code, errorCatalogue.accountLocked.code]);
    expect(answered.filter((code) => code !== 0 && !refusals.has(code))).toEqual([]);
    const state = await stateOf(ivan.userId);
    expect(state.keys).toHaveLength(1);
    expect(state.open).toEqual([{ change_id: pre.body.data.changeId, consumed_at: expect.any(Date) }]);
    expect(state.history.filter((row) => row.operation === securityOperations.createApiKey)).toHaveLength(1);
  });

  it('makes a verified change once when 100 requests spend it at the same moment: one history row, one notice', async () => {
    const judy = await owner();
    const key = await createKey(app, database.db, judy, { label: 'before', publicKey: newKeyPair().publicKeyHex });
    const edit = await judy.client.post(apiKeyPaths.edit, { accessKey: key.accessKey, label: 'after', rights: ['read', 'trade'] });
    expect(edit.body.code).toBe(0);
    const before = await stateOf(judy.userId);
    // Past the codes (one request wins them, above), the change itself: 100 spends of it at once, with the real
    // security history and notice.
    const sent: string[] = [];
    const messenger: Messenger = {
      send: async (message) => {
        sent.push(message.to);
      },
    };
    const identity = createIdentityModule({
      db: database.db,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      secrets: testSecrets,
      messenger,
      funding: { hasReceivedFunds: async () => false },
      captcha: { verifyOnce: async () => {} },
    });
    const module = directModule({ identity: identity.api, messenger });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, () => module.services.verification.apply(judy.userId, 'edit', edit.body.data.changeId, directCaller)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refusals).toHaveLength(99);
    expect(new Set(refusals.map((outcome) => (outcome.reason as { key: string }).key))).toEqual(new Set(['apiKeyChangeNotFound']));
    const after = await stateOf(judy.userId);
    expect(after.keys).toEqual([{ access_key: key.accessKey, label: 'after', deleted_at: null }]);
    expect(after.history).toEqual([...before.history, { operation: securityOperations.editApiKey }]);
    expect(sent).toEqual([judy.email]);
  });
});

describe('the most keys per customer', () => {
  it('lets exactly API_KEYS_MAX of 100 parallel verified creates through', async () => {
    const frank = await owner();
    // 100 pre-requests, then their verified requests at once (the codes are checked before `apply`; here only the limit is under test).
    const changes: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      const pre = await frank.client.post(apiKeyPaths.create, {
        label: `k${index}`,
        rights: ['read'],
        publicKey: newKeyPair().publicKeyHex,
      });
      expect(pre.body.code).toBe(0);
      changes.push(pre.body.data.changeId);
    }
    const module = directModule();
    const outcomes = await Promise.allSettled(
      changes.map((changeId) => module.services.verification.apply(frank.userId, 'create', changeId, directCaller)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refusals = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(new Set(refusals.map((outcome) => (outcome.reason as { key: string }).key))).toEqual(new Set(['apiKeyLimitReached']));
    const live = await database.db
      .selectFrom('api_key')
      .select('id')
      .where('user_id', '=', frank.userId)
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toHaveLength(5);
    // The pre-request answers the limit too once it is reached.
    const more = await frank.client.post(apiKeyPaths.create, { label: 'more', rights: ['read'], publicKey: newKeyPair().publicKeyHex });
    expect(more.body.code).toBe(errorCatalogue.apiKeyLimitReached.code);
  });
});

describe('housekeeping and the cache backstop', () => {
  it('purges nonces past the window and keeps the recent ones', async () => {
    const grace = await owner();
    const key = await createKey(app, database.db, grace, { publicKey: newKeyPair().publicKeyHex });
    const { id } = await database.db.selectFrom('api_key').select('id').where('access_key', '=', key.accessKey).executeTakeFirstOrThrow();
    await database.db
      .insertInto('api_key_nonce')
      .values([
        { api_key_id: id, nonce: 'old-nonce-000000001', created_at: new Date(Date.now() - 10 * 60_000) },
        { api_key_id: id, nonce: 'new-nonce-000000001' },
      ])
      .execute();
    const module = directModule();
    await module.jobs[0]!.handle({} as never, { jobId: 'test', logger: createLogger({ LOG_LEVEL: 'silent' }) });
    const left = await database.db.selectFrom('api_key_nonce').select('nonce').where('api_key_id', '=', id).execute();
    expect(left.map((row) => row.nonce)).toEqual(['new-nonce-000000001']);
  });

  it('forgets a key deleted without a notice within the TTL (a node whose LISTEN is down)', async () => {
    const hank = await owner();
    const key = await createKey(app, database.db, hank, { publicKey: newKeyPair().publicKeyHex });
    const cache = createKeyCache({
      db: database.db,
      ttlMs: keyCacheTtlMs,
      connectionString: undefined,
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await cache.get(key.accessKey)).not.toBeNull();
      await database.db.updateTable('api_key').set({ deleted_at: new Date() }).where('access_key', '=', key.accessKey).execute();
      // Still served from the cache just before the TTL, refused at it: 30 s, inside spec §4's minute.
      vi.setSystemTime(Date.now() + keyCacheTtlMs - 1_000);
      expect(await cache.get(key.accessKey)).not.toBeNull();
      vi.setSystemTime(Date.now() + 1_000);
      expect(await cache.get(key.accessKey)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
