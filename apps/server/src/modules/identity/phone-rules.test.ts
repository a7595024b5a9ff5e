import { identityPaths as paths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityClient, signUpByEmail } from '../../../test/identity-helpers';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** 15112345678 is a German mobile number and no French one; 612345678 is a French mobile number. */
describe('phone numbers must be valid in their country (spec §5)', () => {
  it('refuses registration, login and a code for a number the country does not have', async () => {
    const client = identityClient(app);
    const invalid = { accountType: 'phone', account: '15112345678', countryCode: 'FR' };
    expect((await client.post(paths.registerCode, invalid)).body).toMatchObject({ code: 16000015, data: { field: 'account' } });
    expect((await client.post(paths.login, { ...invalid, password: 'Vault-Key-2026' })).body).toMatchObject({
      code: 16000015,
      data: { field: 'account' },
    });
    expect(await database.db.selectFrom('dev_outbox').select('id').where('recipient', '=', '+3315112345678').execute()).toHaveLength(0);

    expect((await client.post(paths.registerCode, { accountType: 'phone', account: '15112345678', countryCode: 'DE' })).body.code).toBe(0);
  });

  it('refuses to bind a number the country does not have', async () => {
    const { client } = await signUpByEmail(app, `phone${Date.now() % 1_000_000}@coffer.test`);
    expect(
      (await client.post(paths.userCode, { purpose: 'bindPhone', channel: 'sms', phone: '15112345678', countryCode: 'FR' })).body,
    ).toMatchObject({
      code: 16000015,
      data: { field: 'phone' },
    });
    expect(
      (await client.post(paths.bindPhone, { countryCode: 'FR', phone: '15112345678', newSmsCode: '123456', emailCode: '123456' })).body,
    ).toMatchObject({
      code: 16000015,
      data: { field: 'phone' },
    });
    expect(
      (await client.post(paths.userCode, { purpose: 'bindPhone', channel: 'sms', phone: '612345678', countryCode: 'FR' })).body.code,
    ).toBe(0);
  });
});
