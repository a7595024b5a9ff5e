import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createDevOutbox } from '../../modules/identity';
import { refusedPhone, startFakeSmtp, startFakeTwilio } from '../../../test/fake-sms-and-mail';
import { ConfigError, loadConfig } from '../config';
import type { Logger } from '../observability/logger';
import { createMessenger, createMessengerFromConfig } from './messenger';
import { SmsProviderError } from './sms-provider';
import { createTwilioSmsProvider } from './twilio-sms-provider';

const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
const authToken = 'twilio-auth-token-for-tests-0001';
const serviceSid = `MG${'fedcba9876543210'.repeat(2)}`;

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;

/** A logger at the most talkative level whose every line is kept. */
function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: pino({ level: 'trace' }, sink), lines };
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  twilio = await startFakeTwilio();
});

beforeEach(() => {
  smtp.received.length = 0;
  twilio.received.length = 0;
});

afterAll(async () => {
  await smtp.close();
  await twilio.close();
  await database.drop();
});

describe('the Twilio SMS provider', () => {
  it('posts the documented form to the Messages resource with basic auth and answers the sid', async () => {
    const provider = createTwilioSmsProvider({ accountSid, authToken, from: '+15005550006', apiUrl: `${twilio.url}/` });
    const { providerMessageId } = await provider.send({ to: '+4915112345678', text: 'Your code is 482913' });

    expect(providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.received).toHaveLength(1);
    const request = twilio.received[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request.form)).toEqual({ To: '+4915112345678', From: '+15005550006', Body: 'Your code is 482913' });
  });

  it('sends through a Messaging Service when the sender is an MG sid', async () => {
    const provider = createTwilioSmsProvider({ accountSid, authToken, from: serviceSid, apiUrl: twilio.url });
    await provider.send({ to: '+8613800138000', text: 'hello' });
    expect(Object.fromEntries(twilio.received[0]!.form)).toEqual({ To: '+8613800138000', MessagingServiceSid: serviceSid, Body: 'hello' });
  });

  it('fails with the status and Twilio error code, without quoting the recipient, when Twilio refuses', async () => {
    const provider = createTwilioSmsProvider({ accountSid, authToken, from: '+15005550006', apiUrl: twilio.url });
    const failure = await provider.send({ to: refusedPhone, text: 'code 111222' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsProviderError);
    expect((failure as SmsProviderError).facts).toEqual({
      provider: 'twilio',
      status: 400,
      providerCode: 21211,
      moreInfo: 'https://www.twilio.com/docs/errors/21211',
    });
    expect((failure as Error).message).not.toContain(refusedPhone);
  });

  it('fails when Twilio cannot be reached or answers without a sid', async () => {
    const unreachable = createTwilioSmsProvider({ accountSid, authToken, from: '+15005550006', apiUrl: 'http://127.0.0.1:1' });
    await expect(unreachable.send({ to: '+4915112345678', text: 'x' })).rejects.toBeInstanceOf(SmsProviderError);
    const odd = createTwilioSmsProvider({
      accountSid,
      authToken,
      from: '+15005550006',
      apiUrl: 'http://twilio.invalid',
      fetchImpl: async () => new Response('{"status":"queued"}', { status: 201 }),
    });
    await expect(odd.send({ to: '+4915112345678', text: 'x' })).rejects.toThrow(/without a message sid/);
  });
});

describe('the messenger', () => {
  it('without the outbox, sends e-mail over SMTP and SMS through the provider, writes no outbox row and logs only ids', async () => {
    const { logger, lines } = capturedLogger();
    const messenger = createMessenger({
      logger,
      smtpUrl: smtp.url,
      mailFrom: 'Coffer <no-reply@coffer.test>',
      sms: createTwilioSmsProvider({ accountSid, authToken, from: '+15005550006', apiUrl: twilio.url }),
      devOutbox: null,
    });
    await messenger.send({ channel: 'email', to: 'alice@example.com', subject: 'Your Coffer code: 123456', text: 'code 123456' });
    await messenger.send({ channel: 'sms', to: '+8613800138000', subject: 'code', text: 'code 654321' });

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['alice@example.com']);
    expect(smtp.received[0]!.raw).toContain('Subject: Your Coffer code: 123456');
    expect(twilio.received.map((request) => request.form.get('Body'))).toEqual(['code 654321']);
    expect(await database.db.selectFrom('dev_outbox').selectAll().execute()).toEqual([]);

    const sent = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'message sent');
    expect(sent.map((line) => line.channel)).toEqual(['email', 'sms']);
    for (const line of sent) expect(line.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect((sent[1]!.delivered as Record<string, string>).twilio).toMatch(/^SM/);
    const log = lines.join('\n');
    for (const secret of ['123456', '654321', 'alice@example.com', '8613800138000']) expect(log).not.toContain(secret);
  });

  it('logs a refused SMS by message id and rethrows, without the text or recipient', async () => {
    const { logger, lines } = capturedLogger();
    const messenger = createMessenger({
      logger,
      smtpUrl: smtp.url,
      mailFrom: 'Coffer <no-reply@coffer.test>',
      sms: createTwilioSmsProvider({ accountSid, authToken, from: '+15005550006', apiUrl: twilio.url }),
      devOutbox: null,
    });
    await expect(messenger.send({ channel: 'sms', to: refusedPhone, subject: 's', text: 'code 777888' })).rejects.toBeInstanceOf(
      SmsProviderError,
    );
    const failed = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'message not delivered');
    expect(failed).toMatchObject({ channel: 'sms', via: 'twilio', failure: { status: 400, providerCode: 21211 } });
    expect(failed!.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join('\n')).not.toMatch(/777888|15005550001/);
  });

  it('keeps everything in the dev outbox by default, logging the message id and channel only', async () => {
    const { logger, lines } = capturedLogger();
    const messenger = createMessenger({
      logger,
      smtpUrl: undefined,
      mailFrom: 'Coffer <no-reply@coffer.test>',
      sms: null,
      devOutbox: createDevOutbox(database.db),
    });
    await messenger.send({ channel: 'email', to: 'bob@example.com', subject: 'Your Coffer code: 246810', text: 'code 246810' });
    const rows = await database.db.selectFrom('dev_outbox').select(['id', 'body']).where('recipient', '=', 'bob@example.com').execute();
    expect(rows).toEqual([{ id: expect.any(String), body: 'code 246810' }]);
    const sent = JSON.parse(lines.find((line) => line.includes('message sent'))!) as Record<string, unknown>;
    expect(sent).toMatchObject({ channel: 'email', delivered: { outbox: String(rows[0]!.id) } });
    expect(lines.join('\n')).not.toMatch(/246810|bob@example\.com/);
  });

  it('cannot be built without the outbox unless each channel has a real delivery', () => {
    const { logger } = capturedLogger();
    const base = { logger, mailFrom: 'Coffer <no-reply@coffer.test>', devOutbox: null };
    const sms = createTwilioSmsProvider({ accountSid, authToken, from: '+15005550006', apiUrl: twilio.url });
    expect(() => createMessenger({ ...base, smtpUrl: undefined, sms })).toThrow(/SMTP_URL/);
    expect(() => createMessenger({ ...base, smtpUrl: smtp.url, sms: null })).toThrow(/SMS_PROVIDER/);
  });

  it('is built from the configuration: SMS_PROVIDER=twilio sends through TWILIO_API_URL', async () => {
    const { logger } = capturedLogger();
    const config = loadConfig({
      DEV_OUTBOX: 'false',
      SMTP_URL: smtp.url,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: 'Coffer',
      TWILIO_API_URL: twilio.url,
    });
    await createMessengerFromConfig(config, logger, createDevOutbox(database.db)).send({
      channel: 'sms',
      to: '+4915112345678',
      subject: 's',
      text: 'hi',
    });
    expect(Object.fromEntries(twilio.received[0]!.form)).toEqual({ To: '+4915112345678', From: 'Coffer', Body: 'hi' });
  });
});

describe('the messaging configuration', () => {
  const twilioEnv = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: '+15005550006' };
  const realDatabase = { DATABASE_URL: 'postgres://db.example/coffer', PASSWORD_PEPPER: 'p'.repeat(32), SECRET_KEY: 'a'.repeat(64) };

  it('keeps the dev outbox in the embedded default and drops it with DATABASE_URL', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).DEV_OUTBOX).toBe(true);
    expect(loadConfig({ ...realDatabase, ...twilioEnv, SMTP_URL: 'smtp://mail.example:587' }).DEV_OUTBOX).toBe(false);
    expect(loadConfig({ ...realDatabase, DEV_OUTBOX: 'true' }).DEV_OUTBOX).toBe(true);
  });

  it('refuses to start without the outbox when e-mail or SMS has no real delivery, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'false', ...twilioEnv })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'false', ...twilioEnv })).toThrow(
      /SMTP_URL must be set when DEV_OUTBOX is off/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'false', SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /SMS_PROVIDER must be set/,
    );
    expect(() => loadConfig({ ...realDatabase })).toThrow(/SMTP_URL and SMS_PROVIDER must be set/);
  });

  it('names the missing Twilio variables and never echoes the auth token', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: accountSid })).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM must be set when SMS_PROVIDER=twilio/,
    );
    expect(() => loadConfig({ ...twilioEnv, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...twilioEnv, TWILIO_FROM: 'not a sender!' })).toThrow(/TWILIO_FROM/);
    expect(() => loadConfig({ ...twilioEnv, SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ ...twilioEnv, TWILIO_AUTH_TOKEN: 'short-secret' })).toThrow(/TWILIO_AUTH_TOKEN=\[redacted\]/);
  });
});
