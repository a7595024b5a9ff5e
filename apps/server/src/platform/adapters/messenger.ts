import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import type { Logger } from '../observability/logger';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** E-mail address, or phone as +<dial code><number>. */
  to: string;
  subject: string;
  text: string;
}

/** Delivers e-mail and SMS; the dev outbox and SMTP stand side by side behind it. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/** The embedded default: every message is stored (viewable at /dev/outbox) and logged. */
export function createDevOutboxMessenger(db: Db, logger: Logger): Messenger {
  return {
    async send(message) {
      await db
        .insertInto('dev_outbox')
        .values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.text })
        .execute();
      logger.info({ outbox: { channel: message.channel, to: message.to, subject: message.subject, text: message.text } }, 'dev outbox');
    },
  };
}

/** E-mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function createSmtpMessenger(smtpUrl: string, from: string): Messenger {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      if (message.channel !== 'email') throw new Error('the SMTP messenger sends e-mail only');
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/** E-mail to SMTP when configured; SMS (no provider configured) and the rest to the outbox. */
export function createMessenger(options: {
  db: Db;
  logger: Logger;
  smtpUrl: string | undefined;
  mailFrom: string;
  useDevOutbox: boolean;
}): Messenger {
  const outbox = createDevOutboxMessenger(options.db, options.logger);
  const smtp = options.smtpUrl ? createSmtpMessenger(options.smtpUrl, options.mailFrom) : null;
  return {
    async send(message) {
      if (message.channel === 'email' && smtp) {
        await smtp.send(message);
        if (options.useDevOutbox) await outbox.send(message);
        return;
      }
      await outbox.send(message);
    },
  };
}
