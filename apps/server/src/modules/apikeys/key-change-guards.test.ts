import { apiKeyPaths, errorCatalogue, type ApiKeyPendingChange } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { codesFor, createKey, newKeyPair, type KeyOwner } from '../../../test/api-key-kit';
import { captchaToken } from '../../../test/captcha-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail } from '../../../test/identity-helpers';

/**
 * What guards a customer's key changes beyond the codes: the captcha identity demands of the
 * verified requests after repeated failures (3 of the customer here, production's default), and
 * the cap on pending changes open at once (the default 10).
 */

let database: TestDatabase;
let app: FastifyInstance;
let counter = 0;
const pendingCap = 10;

async function owner(): Promise<KeyOwner> {
  counter += 1;
  const email = `guard${counter}-${Date.now() % 100000}@coffer.test`;
  const { client, userNo } = await signUpByEmail(app, email);
  const { id } = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  return { client, userId: id, email };
}

async function preCreate(keyOwner: KeyOwner): Promise<ApiKeyPendingChange> {
  const pre = await keyOwner.client.post(apiKeyPaths.create, { label: 'bot', rights: ['read'], publicKey: newKeyPair().publicKeyHex });
  expect(pre.body.code, pre.body.msg).toBe(0);
  return pre.body.data as ApiKeyPendingChange;
}

const counters = (userId: string) =>
  database.db.selectFrom('attempt_counter').select(['scope', 'failures']).where('subject', '=', userId).orderBy('scope').execute();

const liveKeys = (userId: string) =>
  database.db.selectFrom('api_key').select('access_key').where('user_id', '=', userId).where('deleted_at', 'is', null).execute();

const openChanges = (userId: string) =>
  database.db
    .selectFrom('api_key_change')
    .select('change_id')
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .execute();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, {
    // The IP's threshold out of the way: every test request comes from 127.0.0.1.
    env: { CAPTCHA_MAX_NUMBER: '20', CAPTCHA_AFTER_FAILURES: '3', CAPTCHA_AFTER_IP_FAILURES: '100000' },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the captcha on verified key changes', () => {
  const required = errorCatalogue.captchaRequired.code;
  const captchaWrong = errorCatalogue.captchaWrong.code;

  it('is demanded after 3 wrong codes of the customer; another purpose’s or a spent token is refused, a good one passes once', async () => {
    const ann = await owner();
    const change = await preCreate(ann);
    const proof = await codesFor(app, database.db, ann, change);
    const wrongCode = proof.emailCode === '000000' ? '111111' : '000000';

    // Below the threshold no captcha is asked for: each wrong code is answered as such.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await ann.client.post(apiKeyPaths.verifyCreate, { changeId: change.changeId, emailCode: wrongCode });
      expect(wrong.body.code).toBe(errorCatalogue.codeWrong.code);
    }
    const before = await counters(ann.userId);
    expect(before).toEqual([{ scope: 'code:account', failures: 3 }]);

    // Now even the right code needs the captcha, and the refusal spends no attempt.
    const refused = await ann.client.post(apiKeyPaths.verifyCreate, { changeId: change.changeId, ...proof });
    expect(refused.body).toMatchObject({ code: required, msg: errorCatalogue.captchaRequired.messages.en });
    expect(await counters(ann.userId)).toEqual(before);

    // A token solved for another purpose is refused.
    const loginToken = await captchaToken(app, 'login');
    const otherPurpose = await ann.client.post(apiKeyPaths.verifyCreate, { changeId: change.changeId, ...proof, captchaToken: loginToken });
    expect(otherPurpose.body.code).toBe(captchaWrong);
    expect(await liveKeys(ann.userId)).toEqual([]);

    // A token of purpose apiKey lets the right code through.
    const token = await captchaToken(app, 'apiKey');
    const made = await ann.client.post(apiKeyPaths.verifyCreate, { changeId: change.changeId, ...proof, captchaToken: token });
    expect(made.body.code, made.body.msg).toBe(0);
    expect(await liveKeys(ann.userId)).toHaveLength(1);

    // The failures still count in the window: the next change asks again, and the spent token is refused.
    const edit = await ann.client.post(apiKeyPaths.edit, { accessKey: made.body.data.accessKey, label: 'renamed', rights: ['read'] });
    const editProof = await codesFor(app, database.db, ann, edit.body.data);
    const withoutToken = await ann.client.post(apiKeyPaths.verifyEdit, { changeId: edit.body.data.changeId, ...editProof });
    expect(withoutToken.body.code).toBe(required);
    const reused = await ann.client.post(apiKeyPaths.verifyEdit, { changeId: edit.body.data.changeId, ...editProof, captchaToken: token });
    expect(reused.body.code).toBe(captchaWrong);
    const edited = await ann.client.post(apiKeyPaths.verifyEdit, {
      changeId: edit.body.data.changeId,
      ...editProof,
      captchaToken: await captchaToken(app, 'apiKey'),
    });
    expect(edited.body.data).toMatchObject({ label: 'renamed' });
  });

  it('is demanded of a deletion after wrong fund passwords of the customer too, and not of another customer', async () => {
    const ben = await owner();
    const key = await createKey(app, database.db, ben, { publicKey: newKeyPair().publicKeyHex });
    // As if three fund passwords had been wrong in this window (a withdrawal's, a key's with the withdraw right…).
    await database.db
      .insertInto('attempt_counter')
      .values({ scope: 'fund-password:account', subject: ben.userId, failures: 3, window_started_at: new Date() })
      .execute();
    const remove = await ben.client.post(apiKeyPaths.remove, { accessKey: key.accessKey });
    const proof = await codesFor(app, database.db, ben, remove.body.data);
    expect((await ben.client.post(apiKeyPaths.verifyRemove, { changeId: remove.body.data.changeId, ...proof })).body.code).toBe(required);
    const removed = await ben.client.post(apiKeyPaths.verifyRemove, {
      changeId: remove.body.data.changeId,
      ...proof,
      captchaToken: await captchaToken(app, 'apiKey'),
    });
    expect(removed.body.data).toEqual({ accessKey: key.accessKey, deleted: true });

    // Another customer on the same IP, with no failures of their own, is not asked.
    const cat = await owner();
    await createKey(app, database.db, cat, { publicKey: newKeyPair().publicKeyHex });
    expect(await liveKeys(cat.userId)).toHaveLength(1);
  });
});

describe('the cap on open pending changes', () => {
  it(`lets exactly ${pendingCap} of 100 parallel pre-requests through; a spent or expired change frees its place`, async () => {
    const dan = await owner();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        dan.client.post(apiKeyPaths.create, { label: `k${index}`, rights: ['read'], publicKey: newKeyPair().publicKeyHex }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(pendingCap);
    const refusals = answers.filter((answer) => answer.body.code !== 0);
    expect(new Set(refusals.map((answer) => answer.body.code))).toEqual(new Set([errorCatalogue.apiKeyPendingChangesLimitReached.code]));
    expect(refusals[0]!.body.msg).toBe(
      `At most ${pendingCap} API key changes may wait for verification at once; verify one or let it expire first`,
    );
    const open = await openChanges(dan.userId);
    expect(open).toHaveLength(pendingCap);
    expect(new Set(open.map((row) => row.change_id))).toEqual(
      new Set(answers.filter((answer) => answer.body.code === 0).map((answer) => answer.body.data.changeId)),
    );

    // A verified change is no longer open: one place frees up, and only one.
    const first = answers.find((answer) => answer.body.code === 0)!.body.data as ApiKeyPendingChange;
    const made = await dan.client.post(apiKeyPaths.verifyCreate, {
      changeId: first.changeId,
      ...(await codesFor(app, database.db, dan, first)),
    });
    expect(made.body.code, made.body.msg).toBe(0);
    await preCreate(dan);
    // Deletions (and edits) count alike: at the cap, this one is refused.
    const full = await dan.client.post(apiKeyPaths.remove, { accessKey: made.body.data.accessKey });
    expect(full.body.code).toBe(errorCatalogue.apiKeyPendingChangesLimitReached.code);

    // An expired change is no longer open either.
    const [expiring] = await openChanges(dan.userId);
    await database.db
      .updateTable('api_key_change')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('change_id', '=', expiring!.change_id)
      .execute();
    const removal = await dan.client.post(apiKeyPaths.remove, { accessKey: made.body.data.accessKey });
    expect(removal.body.data).toMatchObject({ kind: 'delete' });
    expect(await openChanges(dan.userId)).toHaveLength(pendingCap);

    // Another customer's changes are their own.
    await preCreate(await owner());
  });
});
