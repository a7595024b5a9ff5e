import { Writable } from 'node:stream';
import { errorCatalogue, identityPaths as paths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { startFakeSmtp, startFakeTwilio } from '../../../test/fake-sms-and-mail';
import { identityClient } from '../../../test/identity-helpers';
import { loadConfig } from '../config';
import { createMetrics } from '../observability/metrics';

const password = 'Vault-Key-2026';
const refusedNumber = '+4915199999999';

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let app: FastifyInstance;
/** Every line the app logged, at the most talkative level. */
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  twilio = await startFakeTwilio({ refuse: [refusedNumber] });
  const config = loadConfig({
    NODE_ENV: 'production',
    DEV_OUTBOX: 'false',
    SMTP_URL: smtp.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'production-test-auth-token-0001',
    TWILIO_FROM: '+15005550006',
    TWILIO_API_URL: twilio.url,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    CODE_SENDS_PER_IP_PER_HOUR: '100000',
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  app = await buildApp({
    config,
    logger: pino({ level: 'trace' }, sink),
    db: database.db,
    metrics: createMetrics(),
    jobs: null,
    version: '0.0.0-test',
    secrets: testSecrets,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await smtp.close();
  await twilio.close();
  await database.drop();
});

function codeInMail(to: string): string {
  const mail = smtp.received.findLast((message) => message.to.includes(to));
  const match = mail ? /Your Coffer code: (\d{6})/.exec(mail.raw) : null;
  if (!match) throw new Error(`no code mailed to ${to}`);
  return match[1]!;
}

function codeInSms(to: string): string {
  const sms = twilio.received.findLast((request) => request.form.get('To') === to);
  const match = sms ? /\b(\d{6})\b/.exec(sms.form.get('Body') ?? '') : null;
  if (!match) throw new Error(`no code texted to ${to}`);
  return match[1]!;
}

/** Where `needle` occurs in any text-like column of any table of the test database: `schema.table.column`. */
async function columnsHolding(needle: string): Promise<string[]> {
  const columns = await sql<{ table_schema: string; table_name: string; column_name: string }>`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.udt_name in ('text', 'varchar', 'bpchar', 'json', 'jsonb', '_text', '_varchar')
  `.execute(database.db);
  expect(columns.rows.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns.rows) {
    const hits = await sql<{ hits: number }>`
      select count(*)::int as hits from ${sql.table(`${table_schema}.${table_name}`)}
      where ${sql.ref(column_name)}::text like ${`%${needle}%`}
    `.execute(database.db);
    if (hits.rows[0]!.hits > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
  }
  return found;
}

describe('production mode (DEV_OUTBOX=false, SMTP and Twilio configured)', () => {
  it("Production mode: no code appears in the log or any table readable without the code's MAC", async () => {
    const codes: string[] = [];

    // Registration by e-mail, with the code the SMTP server received.
    const email = 'prod-user@coffer.test';
    const byEmail = identityClient(app);
    expect((await byEmail.post(paths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' })).body.code).toBe(0);
    codes.push(codeInMail(email));
    const registered = await byEmail.post(paths.register, {
      accountType: 'email',
      account: email,
      countryCode: 'DE',
      code: codes.at(-1),
      password,
      confirmPassword: password,
      agreeTerms: true,
    });
    expect(registered.body.code).toBe(0);

    // Registration by phone, with the code Twilio was asked to text.
    const byPhone = identityClient(app);
    expect((await byPhone.post(paths.registerCode, { accountType: 'phone', account: '15112345678', countryCode: 'DE' })).body.code).toBe(0);
    codes.push(codeInSms('+4915112345678'));
    const phoneRegistered = await byPhone.post(paths.register, {
      accountType: 'phone',
      account: '15112345678',
      countryCode: 'DE',
      code: codes.at(-1),
      password,
      confirmPassword: password,
      agreeTerms: true,
    });
    expect(phoneRegistered.body.code).toBe(0);

    // A signed-in customer binding a phone: one SMS and one e-mail code.
    await byEmail.post(paths.userCode, { purpose: 'bindPhone', channel: 'sms', phone: '15187654321', countryCode: 'DE' });
    await byEmail.post(paths.userCode, { purpose: 'bindPhone', channel: 'email' });
    codes.push(codeInSms('+4915187654321'), codeInMail(email));
    const bound = await byEmail.post(paths.bindPhone, {
      countryCode: 'DE',
      phone: '15187654321',
      newSmsCode: codes[2],
      emailCode: codes[3],
    });
    expect(bound.body.code).toBe(0);

    // Both channels carried real codes, and nothing went to an outbox.
    expect(new Set(codes).size).toBe(4);
    expect(smtp.received).toHaveLength(2);
    expect(twilio.received).toHaveLength(2);
    expect((await app.inject({ url: `${paths.devOutbox}?to=${email}` })).statusCode).toBe(404);

    // The log covered the whole run (requests and every message by its id) ...
    const parsed = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.some((line) => line.msg === 'incoming request')).toBe(true);
    const sent = parsed.filter((line) => line.msg === 'message sent');
    expect(sent.map((line) => line.channel).sort()).toEqual(['email', 'email', 'sms', 'sms']);
    // ... and the tables are searched for real: the address is found where it is stored.
    expect(await columnsHolding(email)).toContain('public.app_user.email');

    for (const code of codes) {
      expect(logLines.filter((line) => line.includes(code))).toEqual([]);
      expect(await columnsHolding(code)).toEqual([]);
    }
  });

  it('answers codeSendFailed when Twilio refuses the message, and logs the failure by message id only', async () => {
    const client = identityClient(app);
    const answer = await client.post(paths.registerCode, { accountType: 'phone', account: '15199999999', countryCode: 'DE' });
    expect(answer.body.code).toBe(errorCatalogue.codeSendFailed.code);
    expect(twilio.received.at(-1)!.form.get('To')).toBe(refusedNumber);
    const code = /\b(\d{6})\b/.exec(twilio.received.at(-1)!.form.get('Body') ?? '')![1]!;

    const failure = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'message not delivered');
    expect(failure).toMatchObject({ channel: 'sms', via: 'twilio', failure: { status: 400, providerCode: 21211 } });
    expect(logLines.filter((line) => line.includes(code) || line.includes(refusedNumber))).toEqual([]);
    expect(await columnsHolding(code)).toEqual([]);
  });
});
