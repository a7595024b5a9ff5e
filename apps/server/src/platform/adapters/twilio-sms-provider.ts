import { z } from 'zod';
import { SmsProviderError, type SmsProvider } from './sms-provider';

export interface TwilioOptions {
  /** `AC…`: the account the messages are sent from (and the basic-auth user). */
  accountSid: string;
  authToken: string;
  /** An E.164 number, an alphanumeric sender ID, or a Messaging Service SID (`MG…`). */
  from: string;
  /** `https://api.twilio.com`, or a local stand-in in tests. */
  apiUrl: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** Twilio's answer to a created message (HTTP 201); only the id is read. */
const createdMessageSchema = z.object({ sid: z.string().min(1) });

/** Twilio's documented error body: `{ code, message, more_info, status }`. */
const errorSchema = z.object({
  code: z.union([z.number(), z.string()]).optional(),
  more_info: z.string().optional(),
});

/**
 * SMS through Twilio's Programmable Messaging API:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` (or
 * `MessagingServiceSid`) and `Body`, HTTP basic auth with the account SID and auth token.
 */
export function createTwilioSmsProvider(options: TwilioOptions): SmsProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender: [string, string] = /^MG[0-9a-fA-F]{32}$/.test(options.from)
    ? ['MessagingServiceSid', options.from]
    : ['From', options.from];

  return {
    name: 'twilio',
    async send(sms) {
      const form = new URLSearchParams([['To', sms.to], sender, ['Body', sms.text]]);
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      }).catch((error: unknown) => {
        throw new SmsProviderError(`Twilio could not be reached (${error instanceof Error ? error.name : 'error'})`, {
          provider: 'twilio',
        });
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const created = createdMessageSchema.safeParse(answer);
        if (!created.success)
          throw new SmsProviderError(`Twilio answered HTTP ${response.status} without a message sid`, {
            provider: 'twilio',
            status: response.status,
          });
        return { providerMessageId: created.data.sid };
      }
      // Twilio's `message` may quote the recipient, so only the status and code are kept.
      const refused = errorSchema.safeParse(answer);
      const providerCode = refused.success ? refused.data.code : undefined;
      throw new SmsProviderError(
        `Twilio refused the message: HTTP ${response.status}${providerCode === undefined ? '' : `, code ${providerCode}`}`,
        {
          provider: 'twilio',
          status: response.status,
          ...(providerCode === undefined ? {} : { providerCode }),
          ...(refused.success && refused.data.more_info ? { moreInfo: refused.data.more_info } : {}),
        },
      );
    },
  };
}
