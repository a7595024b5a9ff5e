import { displayFeatures, errorCatalogue, identityPaths as paths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail } from '../../../test/identity-helpers';
import { loadConfig } from '../../platform/config';
import { createIdentityModule } from './index';

/** set-preferences (language, valuation currency, optional notices) and gray/displayName. */

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { env: { GRAY_RELEASE: 'loan:0,api:50' } });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

let counter = 0;
const freshEmail = () => `prefs${(counter += 1)}-${Date.now() % 100000}@coffer.test`;

const defaults = {
  language: null,
  fiat: 'USD',
  notifyLogin: true,
  notifyWithdrawal: true,
  notifyDeposit: true,
  notifyMarketing: false,
};

async function customer() {
  const email = freshEmail();
  const { client } = await signUpByEmail(app, email);
  const row = () =>
    database.db
      .selectFrom('app_user')
      .select(['language', 'fiat', 'notify_login', 'notify_withdrawal', 'notify_deposit', 'notify_marketing'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  return { client, email, row };
}

describe('preferences', () => {
  it('answers the defaults, stores a subset, keeps the rest, and set-fiat shares the currency', async () => {
    const { client, row } = await customer();
    expect((await client.get(paths.preferences)).body).toMatchObject({ code: 0, data: defaults });
    const set = await client.post(paths.setPreferences, { language: 'zh-CN', notifyLogin: false, notifyMarketing: true });
    expect(set.body).toMatchObject({ code: 0, data: { ...defaults, language: 'zh-CN', notifyLogin: false, notifyMarketing: true } });
    expect(await row()).toEqual({
      language: 'zh-CN',
      fiat: 'USD',
      notify_login: false,
      notify_withdrawal: true,
      notify_deposit: true,
      notify_marketing: true,
    });
    await client.post(paths.setPreferences, { fiat: 'CNY' });
    expect((await client.get(paths.accountInfo)).body.data.fiat).toBe('CNY');
    await client.post(paths.setFiat, { fiat: 'USD' });
    expect((await client.get(paths.preferences)).body.data).toMatchObject({ fiat: 'USD', language: 'zh-CN', notifyLogin: false });
    // null gives the language back to the request.
    expect((await client.post(paths.setPreferences, { language: null })).body.data.language).toBeNull();
  });

  it('refuses bad values with a clear envelope code and changes nothing', async () => {
    const { client, row } = await customer();
    await client.post(paths.setPreferences, { language: 'ru', notifyDeposit: false });
    const before = await row();
    const bad: Array<[object, string]> = [
      [{ language: 'fr' }, 'language'],
      [{ language: 'en\u0000' }, 'language'],
      [{ language: 'zh-CN\n' }, 'language'],
      [{ fiat: 'EUR' }, 'fiat'],
      [{ fiat: 'usd' }, 'fiat'],
      [{ notifyLogin: 'no' }, 'notifyLogin'],
      [{ notifyMarketing: 1 }, 'notifyMarketing'],
      [{ notifySecurity: false }, ''],
      [{}, ''],
      [{ fiat: 'CNY', language: 'xx' }, 'language'],
    ];
    for (const [body, field] of bad) {
      const answer = await client.post(paths.setPreferences, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(errorCatalogue.invalidParameter.code);
      if (field) expect(answer.body.data).toMatchObject({ field });
    }
    const controlled = await client.call('POST', paths.setPreferences, '{"language":"r\\u0007u"}', { 'content-type': 'application/json' });
    expect(controlled.body.code).not.toBe(0);
    expect(await row()).toEqual(before);
  });

  it('is the caller’s own: one customer’s change leaves another’s untouched; no session, no preferences', async () => {
    const first = await customer();
    const second = await customer();
    await first.client.post(paths.setPreferences, { language: 'zh-TW', notifyWithdrawal: false });
    expect((await second.client.get(paths.preferences)).body.data).toEqual(defaults);
    second.client.forgetCookie();
    expect((await second.client.post(paths.setPreferences, { language: 'en' })).body.code).toBe(errorCatalogue.loginRequired.code);
  });

  it('writes the customer’s e-mails in their chosen language, whatever the request’s', async () => {
    const { client, email } = await customer();
    await client.post(paths.setPreferences, { language: 'zh-CN' });
    await client.post(paths.userCode, { purpose: 'changePassword', channel: 'email' }, { 'LANGUAGE-TYPE': '1' });
    const outbox = (await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(email)}&limit=1` })).json().data[0];
    expect(outbox.subject).toContain('Coffer 验证码');
    expect(outbox.body).toContain('修改密码');
  });
});

describe('notices to other modules (IdentityApi.noticeRecipient)', () => {
  it('always gives security notices, the optional ones only when chosen, with the chosen language', async () => {
    const identity = createIdentityModule({
      db: database.db,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      secrets: testSecrets,
      messenger: { send: async () => undefined },
      funding: { hasReceivedFunds: async () => false },
      captcha: { verifyOnce: async () => {} },
    });
    const { client, email, row } = await customer();
    const user = await database.db.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await client.post(paths.setPreferences, { language: 'ru', notifyLogin: false, notifyWithdrawal: false, notifyDeposit: false });
    expect((await row()).language).toBe('ru');
    expect(await identity.api.noticeRecipient(user.id, 'security')).toEqual({ email, language: 'ru' });
    for (const kind of ['login', 'withdrawal', 'deposit', 'marketing'] as const) {
      expect(await identity.api.noticeRecipient(user.id, kind)).toBeNull();
    }
    await client.post(paths.setPreferences, { notifyDeposit: true, language: null });
    expect(await identity.api.noticeRecipient(user.id, 'deposit')).toEqual({ email, language: null });
  });
});

describe('gray/displayName', () => {
  it('hides what the gray release holds back, stably per customer; anonymous callers see only released entries', async () => {
    const anonymous = (await app.inject({ url: paths.displayName })).json();
    expect(anonymous.code).toBe(0);
    expect(anonymous.data.hidden).toEqual(['loan', 'api']);
    expect(anonymous.data.shown).toEqual(displayFeatures.filter((feature) => feature !== 'loan' && feature !== 'api'));

    let apiShown = 0;
    for (let index = 0; index < 12; index += 1) {
      const { client } = await customer();
      const first = (await client.get(paths.displayName)).body.data;
      expect(first.hidden).toContain('loan');
      expect(first.shown).toContain('investment');
      expect([...first.shown, ...first.hidden].sort()).toEqual([...displayFeatures].sort());
      expect((await client.get(paths.displayName)).body.data).toEqual(first);
      if (first.shown.includes('api')) apiShown += 1;
    }
    // 50 %: twelve customers are very unlikely to fall all on one side (p ≈ 0.05 %).
    expect(apiShown).toBeGreaterThan(0);
    expect(apiShown).toBeLessThan(12);
  });

  it('refuses a malformed GRAY_RELEASE at start', async () => {
    await expect(buildTestApp(database.db, { env: { GRAY_RELEASE: 'loan:150' } })).rejects.toThrow(/GRAY_RELEASE/);
    await expect(buildTestApp(database.db, { env: { GRAY_RELEASE: 'nothing:5' } })).rejects.toThrow(/GRAY_RELEASE/);
  });
});
