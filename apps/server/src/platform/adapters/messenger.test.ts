import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLogger } from '../observability/logger';
import { createMessenger } from './messenger';

let database: TestDatabase;
let smtp: SMTPServer;
let port = 0;
const received: Array<{ to: string[]; raw: string }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await database.drop();
});

describe('the messenger', () => {
  it('sends e-mail over SMTP when SMTP_URL is set, and SMS to the outbox', async () => {
    const messenger = createMessenger({
      db: database.db,
      logger: createLogger({ LOG_LEVEL: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Coffer <no-reply@coffer.test>',
      useDevOutbox: false,
    });
    await messenger.send({ channel: 'email', to: 'alice@example.com', subject: 'Your Coffer code: 123456', text: 'code 123456' });
    await messenger.send({ channel: 'sms', to: '+8613800138000', subject: 'code', text: 'code 654321' });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['alice@example.com']);
    expect(received[0]!.raw).toContain('Subject: Your Coffer code: 123456');
    const outbox = await database.db.selectFrom('dev_outbox').select(['channel', 'recipient']).execute();
    expect(outbox).toEqual([{ channel: 'sms', recipient: '+8613800138000' }]);
  });

  it('keeps everything in the dev outbox by default', async () => {
    const messenger = createMessenger({
      db: database.db,
      logger: createLogger({ LOG_LEVEL: 'silent' }),
      smtpUrl: undefined,
      mailFrom: 'Coffer <no-reply@coffer.test>',
      useDevOutbox: true,
    });
    await messenger.send({ channel: 'email', to: 'bob@example.com', subject: 's', text: 't' });
    const rows = await database.db.selectFrom('dev_outbox').select('recipient').where('recipient', '=', 'bob@example.com').execute();
    expect(rows).toHaveLength(1);
  });
});
