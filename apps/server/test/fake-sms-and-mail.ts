import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedTwilioRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}

/** A recipient Twilio refuses, as it does a number that cannot be an SMS destination. */
export const refusedPhone = '+15005550001';

/**
 * A local stand-in for Twilio's Messages API answering in its documented format: 201 with the
 * created message (`sid` SM…), or 400 with `{ code, message, more_info, status }`.
 */
export async function startFakeTwilio(options: { refuse?: string[] } = {}) {
  const refused = new Set(options.refuse ?? [refusedPhone]);
  const received: ReceivedTwilioRequest[] = [];
  let counter = 0;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, form });
      const pathMatch = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      if (!pathMatch || request.method !== 'POST') {
        response.statusCode = 404;
        response.end(
          JSON.stringify({
            code: 20404,
            message: 'The requested resource was not found',
            more_info: 'https://www.twilio.com/docs/errors/20404',
            status: 404,
          }),
        );
        return;
      }
      const to = form.get('To') ?? '';
      if (refused.has(to)) {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            code: 21211,
            message: `The 'To' number ${to} is not a valid phone number.`,
            more_info: 'https://www.twilio.com/docs/errors/21211',
            status: 400,
          }),
        );
        return;
      }
      counter += 1;
      const sid = `SM${counter.toString(16).padStart(32, '0')}`;
      response.statusCode = 201;
      response.end(
        JSON.stringify({
          account_sid: pathMatch[1],
          api_version: '2010-04-01',
          body: form.get('Body'),
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          from: form.get('From'),
          messaging_service_sid: form.get('MessagingServiceSid'),
          sid,
          status: 'queued',
          to,
          uri: `/2010-04-01/Accounts/${pathMatch[1]}/Messages/${sid}.json`,
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local SMTP server keeping every message it is given. */
export async function startFakeSmtp() {
  const received: Array<{ to: string[]; raw: string }> = [];
  const smtp = new SMTPServer({
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
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
