import { errorCatalogue, identityPaths as paths, securityOperations } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { latestCode, signUpByEmail } from '../../../test/identity-helpers';
import { decryptSecret } from '../../platform/security/crypto';
import { totpCode } from './totp';

/** change-ga-check → ga-generate → ga-check: owner-scoped, counted, single-use. */

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

let counter = 0;
const freshEmail = () => `gachange${(counter += 1)}-${Date.now() % 100000}@coffer.test`;
const ticketInvalid = errorCatalogue.authenticatorChangeTicketInvalid.code;
const codeWrong = errorCatalogue.authenticatorCodeWrong.code;
const locked = 16000010;

interface Answer {
  code: number;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers loosely
}

/** A customer with a bound authenticator; `send` calls as them from `ip`. */
async function customerWithAuthenticator() {
  const email = freshEmail();
  const { client } = await signUpByEmail(app, email);
  const cookie = client.cookie!;
  const send = async (url: string, payload: object = {}, ip = '127.0.0.1'): Promise<Answer> =>
    (await app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress: ip })).json() as Answer;
  const secret = (await send(paths.authenticatorGenerate)).data.secret as string;
  await send(paths.userCode, { purpose: 'bindAuthenticator', channel: 'email' });
  const bound = await send(paths.authenticatorBind, { secret, newGaCode: await totpCode(secret), emailCode: await latestCode(app, email) });
  expect(bound.code).toBe(0);
  const user = await database.db.selectFrom('app_user').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { email, send, secret, userId: user.id };
}

/** Step 1 with the e-mail code and the current authenticator's next-step code. */
async function changeTicketOf(customer: Awaited<ReturnType<typeof customerWithAuthenticator>>): Promise<string> {
  await customer.send(paths.userCode, { purpose: 'changeAuthenticator', channel: 'email' });
  const checked = await customer.send(paths.authenticatorChangeCheck, {
    emailCode: await latestCode(app, customer.email),
    gaCode: await totpCode(customer.secret, Date.now() + 30_000),
  });
  expect(checked).toMatchObject({ code: 0, data: { expiresInSeconds: 600 } });
  return checked.data.changeTicket as string;
}

/** Verifications that ran (succeeded or failed) for a limit scope, from the metric. */
async function verifications(scope: string): Promise<number> {
  const text = (await app.inject({ url: '/metrics' })).body;
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^coffer_secret_verifications_total\{([^}]*)\} (\d+)/.exec(line);
    if (match && match[1]!.includes(`scope="${scope}"`) && !match[1]!.includes('outcome="refused"')) total += Number(match[2]);
  }
  return total;
}

async function storedSecret(userId: string): Promise<string> {
  const row = await database.db.selectFrom('app_user').select('totp_secret_encrypted').where('id', '=', userId).executeTakeFirstOrThrow();
  return decryptSecret(testSecrets.key, row.totp_secret_encrypted!);
}

async function changeHistory(userId: string): Promise<number> {
  const rows = await database.db
    .selectFrom('security_history')
    .select('id')
    .where('user_id', '=', userId)
    .where('operation', '=', securityOperations.changeAuthenticator)
    .execute();
  return rows.length;
}

describe('authenticator change in three steps', () => {
  it('changes the authenticator: the new secret is stored, history written, withdrawals locked', async () => {
    const customer = await customerWithAuthenticator();
    const ticket = await changeTicketOf(customer);
    const generated = await customer.send(paths.authenticatorChangeGenerate, { changeTicket: ticket });
    expect(generated.code).toBe(0);
    const newSecret = generated.data.secret as string;
    expect(generated.data.otpauthUrl).toContain(`secret=${newSecret}`);
    expect(generated.data.qrCodeSvg).toContain('<svg');
    // The pending secret is kept sealed, never in the clear.
    const pending = await database.db.selectFrom('authenticator_change').selectAll().where('user_id', '=', customer.userId).execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.secret_encrypted).not.toContain(newSecret);
    expect(decryptSecret(testSecrets.key, pending[0]!.secret_encrypted!)).toBe(newSecret);

    const confirmed = await customer.send(paths.authenticatorChangeConfirm, { changeTicket: ticket, newGaCode: await totpCode(newSecret) });
    expect(confirmed).toMatchObject({ code: 0, data: null });
    expect(await storedSecret(customer.userId)).toBe(newSecret);
    expect(await changeHistory(customer.userId)).toBe(1);
    const user = await database.db
      .selectFrom('app_user')
      .select('withdraw_locked_until')
      .where('id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    expect(user.withdraw_locked_until!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // Spent: the ticket does nothing more.
    expect((await customer.send(paths.authenticatorChangeGenerate, { changeTicket: ticket })).code).toBe(ticketInvalid);
  });

  it('step 1 refuses wrong current factors and issues no ticket; needs a bound authenticator', async () => {
    const customer = await customerWithAuthenticator();
    await customer.send(paths.userCode, { purpose: 'changeAuthenticator', channel: 'email' });
    const wrong = await customer.send(
      paths.authenticatorChangeCheck,
      { emailCode: await latestCode(app, customer.email), gaCode: '000000' },
      '198.18.9.1',
    );
    expect(wrong.code).not.toBe(0);
    const missing = await customer.send(paths.authenticatorChangeCheck, {});
    expect(missing.code).toBe(errorCatalogue.missingParameter.code);
    const tickets = await database.db.selectFrom('authenticator_change').select('id').where('user_id', '=', customer.userId).execute();
    expect(tickets).toEqual([]);

    const { client } = await signUpByEmail(app, freshEmail());
    expect((await client.post(paths.authenticatorChangeCheck, {})).body.code).toBe(errorCatalogue.authenticatorNotBound.code);
  });

  it('is owner-scoped: another customer’s ticket generates and confirms nothing', async () => {
    const owner = await customerWithAuthenticator();
    const other = await customerWithAuthenticator();
    const ticket = await changeTicketOf(owner);
    const generated = await owner.send(paths.authenticatorChangeGenerate, { changeTicket: ticket });
    expect((await other.send(paths.authenticatorChangeGenerate, { changeTicket: ticket })).code).toBe(ticketInvalid);
    const stolen = await other.send(paths.authenticatorChangeConfirm, {
      changeTicket: ticket,
      newGaCode: await totpCode(generated.data.secret),
    });
    expect(stolen.code).toBe(ticketInvalid);
    expect(await storedSecret(other.userId)).toBe(other.secret);
    expect(await storedSecret(owner.userId)).toBe(owner.secret);
  });

  it('refuses a confirmation before ga-generate, after expiry, and unknown or malformed tickets', async () => {
    const customer = await customerWithAuthenticator();
    const ticket = await changeTicketOf(customer);
    expect((await customer.send(paths.authenticatorChangeConfirm, { changeTicket: ticket, newGaCode: '123456' })).code).toBe(
      errorCatalogue.authenticatorNotGenerated.code,
    );
    const generated = await customer.send(paths.authenticatorChangeGenerate, { changeTicket: ticket });
    await database.db
      .updateTable('authenticator_change')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', customer.userId)
      .execute();
    const late = await customer.send(paths.authenticatorChangeConfirm, {
      changeTicket: ticket,
      newGaCode: await totpCode(generated.data.secret),
    });
    expect(late.code).toBe(ticketInvalid);
    expect((await customer.send(paths.authenticatorChangeGenerate, { changeTicket: 'A'.repeat(43) })).code).toBe(ticketInvalid);
    for (const changeTicket of ['short', `${'A'.repeat(42)}\u0000`, `${'A'.repeat(42)}\n`, 42]) {
      const answer = await customer.send(paths.authenticatorChangeGenerate, { changeTicket });
      expect(answer.code).toBe(errorCatalogue.invalidParameter.code);
    }
    expect(await storedSecret(customer.userId)).toBe(customer.secret);
    expect(await changeHistory(customer.userId)).toBe(0);
  });

  it('100 parallel wrong ga-check codes: exactly the limit (5) checked, the rest refused, nothing changed', async () => {
    const customer = await customerWithAuthenticator();
    const ticket = await changeTicketOf(customer);
    const generated = await customer.send(paths.authenticatorChangeGenerate, { changeTicket: ticket });
    const newSecret = generated.data.secret as string;
    const right = await totpCode(newSecret);
    const wrongCodes: string[] = [];
    for (let guess = 100000; wrongCodes.length < 100; guess += 1) {
      const candidate = String(guess);
      if (
        candidate !== right &&
        candidate !== (await totpCode(newSecret, Date.now() - 30_000)) &&
        candidate !== (await totpCode(newSecret, Date.now() + 30_000))
      ) {
        wrongCodes.push(candidate);
      }
    }
    const checkedBefore = await verifications('code:account');
    const answers = await Promise.all(
      wrongCodes.map((code, index) =>
        customer.send(paths.authenticatorChangeConfirm, { changeTicket: ticket, newGaCode: code }, `198.18.1.${index + 1}`),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    // Exactly five codes were checked; the fifth failure locks (and answers so), the rest never reach the check.
    expect((await verifications('code:account')) - checkedBefore).toBe(5);
    expect(codes.filter((code) => code === codeWrong)).toHaveLength(4);
    expect(codes.filter((code) => code === locked)).toHaveLength(96);
    // The account is locked for codes now: even the right one is refused, and nothing changed.
    expect((await customer.send(paths.authenticatorChangeConfirm, { changeTicket: ticket, newGaCode: right }, '198.18.2.1')).code).toBe(
      locked,
    );
    expect(await storedSecret(customer.userId)).toBe(customer.secret);
    expect(await changeHistory(customer.userId)).toBe(0);
  });

  it('a change ticket is single-use under 100 parallel confirmations', async () => {
    const customer = await customerWithAuthenticator();
    const ticket = await changeTicketOf(customer);
    const generated = await customer.send(paths.authenticatorChangeGenerate, { changeTicket: ticket });
    const newSecret = generated.data.secret as string;
    const code = await totpCode(newSecret);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        customer.send(paths.authenticatorChangeConfirm, { changeTicket: ticket, newGaCode: code }, `198.18.3.${index + 1}`),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((answer) => answer === 0)).toHaveLength(1);
    expect(await storedSecret(customer.userId)).toBe(newSecret);
    expect(await changeHistory(customer.userId)).toBe(1);
    const spent = await database.db.selectFrom('authenticator_change').select('used_at').where('user_id', '=', customer.userId).execute();
    expect(spent.map((row) => row.used_at !== null)).toEqual([true]);
  });
});
