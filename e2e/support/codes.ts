import { generate } from 'otplib';
import { baseUrl } from './browser';

interface OutboxMessage {
  id: string;
  subject: string;
  createdAt: string;
}

/**
 * The code of the newest message to `to` that `isFresh` accepts and that carries one. A code
 * message names its code in the subject; notices (a login, a deposit) sent meanwhile carry none
 * and are passed over.
 */
async function newestCode(to: string, isFresh: (message: OutboxMessage) => boolean): Promise<string | null> {
  const response = await fetch(`${baseUrl()}/dev/outbox?to=${encodeURIComponent(to)}&limit=10`);
  const messages = ((await response.json()) as { data: OutboxMessage[] }).data.filter(isFresh);
  for (const message of messages) {
    const match = /\b(\d{6})\b/.exec(message.subject);
    if (match) return match[1]!;
  }
  return null;
}

async function untilCode(to: string, isFresh: (message: OutboxMessage) => boolean, failure: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const code = await newestCode(to, isFresh);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(failure);
}

/** The code in the newest dev-outbox message to `to` sent after `since`. */
export async function latestCode(to: string, since: number): Promise<string> {
  return untilCode(to, (message) => new Date(message.createdAt).getTime() >= since - 1000, `no fresh code for ${to}`);
}

async function newestOutboxId(to: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const message = ((await response.json()) as { data: Array<{ id: string }> }).data[0];
  return message ? Number(message.id) : 0;
}

/**
 * The code of the message `send` causes to `to`: the first one newer than the newest before it.
 * Unlike `latestCode` this takes no clock into account, so a code sent to the same address a
 * moment earlier, for another step, is never taken for it.
 */
export async function codeSentBy(to: string, send: () => Promise<void>): Promise<string> {
  const before = await newestOutboxId(to);
  await send();
  return untilCode(to, (message) => Number(message.id) > before, `no new code for ${to}`);
}

/**
 * The test's authenticator app: each call gives a code of a step the server has not seen
 * (it accepts each step once, within one step of its clock). When the window is used up it
 * waits for the clock, or, given `forgetUsedSteps` (the server forgets the last step it took,
 * as if 30 s had passed), calls that instead and uses the current step again.
 */
export function authenticatorApp(secret: string, forgetUsedSteps?: () => Promise<void>): () => Promise<string> {
  let lastStep = 0;
  return async () => {
    const now = Math.floor(Date.now() / 30_000);
    let target = Math.max(lastStep + 1, now);
    if (target > now + 1 && forgetUsedSteps) {
      await forgetUsedSteps();
      target = now;
    }
    while (Math.floor(Date.now() / 30_000) + 1 < target) await new Promise((resolve) => setTimeout(resolve, 500));
    lastStep = target;
    return generate({ secret, epoch: target * 30 });
  };
}
