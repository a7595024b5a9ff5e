import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Logger } from '../observability/logger';
import { SmsProviderError, type SmsProvider } from './sms-provider';
import { createTwilioSmsProvider } from './twilio-sms-provider';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** E-mail address, or phone as +<dial code><number>. */
  to: string;
  /** May hold the code (e-mail subject lines do): never logged, like the text. */
  subject: string;
  text: string;
}

/**
 * Delivers e-mail and SMS. Each message gets an id; the log shows that id, the channel and
 * where it went, never the recipient, subject or text (they carry codes).
 */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/** One way out for a message; answers the id the other side knows it by. */
interface Delivery {
  /** `outbox`, `smtp`, or the SMS provider's name. */
  name: string;
  deliver(message: OutgoingMessage): Promise<string>;
}

/**
 * Where the dev outbox keeps a copy of each message (identity's table, viewable at /dev/outbox);
 * answers the copy's id. The composition root hands it in, so the platform names no table.
 */
export interface DevOutbox {
  keep(message: OutgoingMessage): Promise<string>;
}

function devOutboxDelivery(outbox: DevOutbox): Delivery {
  return { name: 'outbox', deliver: (message) => outbox.keep(message) };
}

/** E-mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(message) {
      const info = (await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text })) as {
        messageId?: string;
      };
      return info.messageId ?? '';
    },
  };
}

function smsDelivery(provider: SmsProvider): Delivery {
  return {
    name: provider.name,
    async deliver(message) {
      const { providerMessageId } = await provider.send({ to: message.to, text: message.text });
      return providerMessageId;
    },
  };
}

/**
 * What of a failure may be logged: names, codes and statuses. Free text is left out, since a
 * transport's error text may quote what it was given.
 */
function failureFacts(error: unknown): Record<string, unknown> {
  if (error instanceof SmsProviderError) return { type: error.name, reason: error.message, ...error.facts };
  if (!(error instanceof Error)) return { type: typeof error };
  const { code, responseCode, command } = error as Error & { code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
    ...(typeof command === 'string' ? { command } : {}),
  };
}

export interface MessengerOptions {
  logger: Logger;
  /** E-mail over SMTP when set. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS through this provider when set. */
  sms: SmsProvider | null;
  /**
   * Keep a copy of every message in this dev outbox as well. Null, there is no outbox at all:
   * each channel must have its real delivery, or the messenger refuses to be built.
   */
  devOutbox: DevOutbox | null;
}

export function createMessenger(options: MessengerOptions): Messenger {
  const outbox = options.devOutbox ? devOutboxDelivery(options.devOutbox) : null;
  const routes: Record<OutgoingMessage['channel'], Delivery[]> = {
    email: [...(options.smtpUrl ? [smtpDelivery(options.smtpUrl, options.mailFrom)] : []), ...(outbox ? [outbox] : [])],
    sms: [...(options.sms ? [smsDelivery(options.sms)] : []), ...(outbox ? [outbox] : [])],
  };
  if (routes.email.length === 0) throw new Error('No e-mail delivery: set SMTP_URL (or DEV_OUTBOX=true for local use)');
  if (routes.sms.length === 0) throw new Error('No SMS delivery: set SMS_PROVIDER (or DEV_OUTBOX=true for local use)');

  return {
    async send(message) {
      const messageId = randomUUID();
      const delivered: Record<string, string> = {};
      for (const delivery of routes[message.channel]) {
        try {
          delivered[delivery.name] = await delivery.deliver(message);
        } catch (error) {
          options.logger.warn(
            { messageId, channel: message.channel, via: delivery.name, failure: failureFacts(error) },
            'message not delivered',
          );
          throw error;
        }
      }
      options.logger.info({ messageId, channel: message.channel, delivered }, 'message sent');
    },
  };
}

/** The SMS provider `SMS_PROVIDER` names, or null when SMS goes to the dev outbox only. */
export function createSmsProviderFromConfig(config: AppConfig): SmsProvider | null {
  switch (config.SMS_PROVIDER) {
    case undefined:
      return null;
    case 'twilio':
      // loadConfig refuses SMS_PROVIDER=twilio without these three.
      if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN || !config.TWILIO_FROM) {
        throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set when SMS_PROVIDER=twilio');
      }
      return createTwilioSmsProvider({
        accountSid: config.TWILIO_ACCOUNT_SID,
        authToken: config.TWILIO_AUTH_TOKEN,
        from: config.TWILIO_FROM,
        apiUrl: config.TWILIO_API_URL,
      });
    default: {
      const unknownProvider: never = config.SMS_PROVIDER;
      throw new Error(`unknown SMS_PROVIDER ${String(unknownProvider)}`);
    }
  }
}

/** The messenger the configuration describes (SMTP_URL, SMS_PROVIDER, DEV_OUTBOX); `devOutbox` is used only with DEV_OUTBOX. */
export function createMessengerFromConfig(config: AppConfig, logger: Logger, devOutbox: DevOutbox): Messenger {
  const messenger = createMessenger({
    logger,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    sms: createSmsProviderFromConfig(config),
    devOutbox: config.DEV_OUTBOX ? devOutbox : null,
  });
  const email = [config.SMTP_URL ? 'smtp' : null, config.DEV_OUTBOX ? 'outbox' : null].filter(Boolean);
  const sms = [config.SMS_PROVIDER ?? null, config.DEV_OUTBOX ? 'outbox' : null].filter(Boolean);
  if (config.DEV_OUTBOX && config.DATABASE_URL) {
    logger.warn(
      { email, sms },
      'DEV_OUTBOX is on with DATABASE_URL: every code is kept readable at /dev/outbox; never in a real deployment',
    );
  } else {
    logger.info({ email, sms }, 'messenger ready');
  }
  return messenger;
}
