import { errorCatalogue } from '@coffer/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { captchaToken, solvedPayload, verifyCaptcha } from '../../../test/captcha-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createCaptchaRepository } from './captcha.repository';
import { createCaptchaService } from './captcha.service';

let database: TestDatabase;
let app: FastifyInstance;
const wrong = errorCatalogue.captchaWrong.code;
const expired = errorCatalogue.captchaExpired.code;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { env: { CAPTCHA_MAX_NUMBER: '20' } });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const spentRows = async () => (await database.db.selectFrom('captcha_spent').select('spent_key').execute()).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The service over the test database with its own clocks (the app's are minutes). */
function serviceWith(seconds: { challenge: number; token: number }) {
  return createCaptchaService({
    repository: createCaptchaRepository(database.db),
    key: testSecrets.key,
    maxNumber: 20,
    challengeSeconds: seconds.challenge,
    tokenSeconds: seconds.token,
  });
}

describe('captcha challenges', () => {
  it('answers a signed PBKDF2 challenge bound to its purpose and expiring in 5 minutes', async () => {
    const answer = (await app.inject({ method: 'POST', url: '/cap/v1/action/send_captcha', payload: { purpose: 'login' } })).json();
    expect(answer.code).toBe(0);
    const { parameters, signature } = answer.data;
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, data: { purpose: 'login' } });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.expiresAt - Date.now() / 1000).toBeGreaterThan(290);
    expect(parameters.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(300);
  });

  it('refuses an unknown purpose with the envelope and changes nothing', async () => {
    const answer = (await app.inject({ method: 'POST', url: '/cap/v1/action/send_captcha', payload: { purpose: 'withdraw' } })).json();
    expect(answer.code).toBe(errorCatalogue.invalidParameter.code);
  });
});

describe('captcha verification', () => {
  it('turns a solution into a token once; the same solution again is refused', async () => {
    const payload = await solvedPayload(app, 'login');
    const first = await verifyCaptcha(app, 'login', payload);
    expect(first.code).toBe(0);
    expect(first.data!.expiresInSeconds).toBe(120);
    expect(first.data!.captchaToken.split('.')[0]).toBe('login');
    const before = await spentRows();
    expect((await verifyCaptcha(app, 'login', payload)).code).toBe(wrong);
    expect(await spentRows()).toBe(before);
  });

  it('refuses a solution for another purpose, without spending it', async () => {
    const payload = await solvedPayload(app, 'sendCode');
    expect((await verifyCaptcha(app, 'login', payload)).code).toBe(wrong);
    expect((await verifyCaptcha(app, 'register', payload)).code).toBe(wrong);
    expect((await verifyCaptcha(app, 'sendCode', payload)).code).toBe(0);
  });

  it('refuses a wrong counter, a changed purpose, a foreign signature and garbage', async () => {
    const payload = await solvedPayload(app, 'register');
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

    const wrongCounter = {
      ...decoded,
      solution: { ...decoded.solution, counter: decoded.solution.counter + 1, derivedKey: '00'.repeat(32) },
    };
    expect((await verifyCaptcha(app, 'register', encode(wrongCounter))).code).toBe(wrong);
    const relabelled = {
      ...decoded,
      challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, data: { purpose: 'login' } } },
    };
    expect((await verifyCaptcha(app, 'login', encode(relabelled))).code).toBe(wrong);
    const foreign = { ...decoded, challenge: { ...decoded.challenge, signature: 'ab'.repeat(32) } };
    expect((await verifyCaptcha(app, 'register', encode(foreign))).code).toBe(wrong);
    for (const garbage of ['not base64 at all', encode({ challenge: null }), encode([1, 2]), Buffer.from('{"a":').toString('base64')]) {
      expect((await verifyCaptcha(app, 'register', garbage)).code).toBe(wrong);
    }
    // The untouched solution is still good: none of the above spent it.
    expect((await verifyCaptcha(app, 'register', payload)).code).toBe(0);
  });

  it('refuses an expired challenge and an expired token', async () => {
    // 4 s of life: enough for the set-up below on a loaded 2-core machine (1 s was not), then outlived.
    const shortLived = serviceWith({ challenge: 4, token: 4 });
    const payload = await solvedPayloadOf(shortLived);
    const token = (await shortLived.verify('login', await solvedPayloadOf(shortLived))).captchaToken;
    await sleep(4100);
    await expect(shortLived.verify('login', payload)).rejects.toMatchObject({ key: 'captchaExpired' });
    await expect(shortLived.verifyOnce('login', token)).rejects.toMatchObject({ key: 'captchaExpired' });
    // Over HTTP the expired solution answers its own code.
    expect((await verifyCaptcha(app, 'login', payload)).code).toBe(expired);
  });

  it('of 100 parallel verifications of one solution exactly one answers a token', async () => {
    const payload = await solvedPayload(app, 'login');
    const answers = await Promise.all(Array.from({ length: 100 }, () => verifyCaptcha(app, 'login', payload)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === wrong)).toHaveLength(99);
  });
});

describe('captcha tokens (verifyOnce)', () => {
  const service = () => serviceWith({ challenge: 300, token: 120 });

  it('spends a token once, for its own purpose only', async () => {
    const token = await captchaToken(app, 'register');
    await expect(service().verifyOnce('login', token)).rejects.toMatchObject({ key: 'captchaWrong' });
    await expect(service().verifyOnce('register', token)).resolves.toBeUndefined();
    await expect(service().verifyOnce('register', token)).rejects.toMatchObject({ key: 'captchaWrong' });
  });

  it('refuses a forged or altered token', async () => {
    const token = await captchaToken(app, 'login');
    const [purpose, expiresAt, id, mac] = token.split('.');
    for (const forged of [
      `${purpose}.${Number(expiresAt) + 3600}.${id}.${mac}`,
      `sendCode.${expiresAt}.${id}.${mac}`,
      `${purpose}.${expiresAt}.${id}x.${mac}`,
      `${token}.extra`,
      'garbage',
    ]) {
      await expect(service().verifyOnce('login', forged)).rejects.toMatchObject({ key: 'captchaWrong' });
    }
    await expect(service().verifyOnce('login', token)).resolves.toBeUndefined();
  });

  it('of 100 parallel spends of one token exactly one succeeds', async () => {
    const token = await captchaToken(app, 'apiKey');
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => service().verifyOnce('apiKey', token)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason.key === 'captchaWrong')).toHaveLength(99);
  });

  it('the purge deletes only rows whose solution or token has expired', async () => {
    const repository = createCaptchaRepository(database.db);
    await repository.spend({ key: 'token:purge-old', purpose: 'login', expiresAt: new Date(Date.now() - 3_600_000) });
    await repository.spend({ key: 'token:purge-live', purpose: 'login', expiresAt: new Date(Date.now() + 3_600_000) });
    expect(await repository.purgeExpired()).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.selectFrom('captcha_spent').select('spent_key').execute()).map((row) => row.spent_key);
    expect(keys).not.toContain('token:purge-old');
    expect(keys).toContain('token:purge-live');
  });
});

/** A payload solved for a service's own challenge, as the widget would send it. */
async function solvedPayloadOf(service: ReturnType<typeof serviceWith>): Promise<string> {
  const challenge = await service.challenge('login');
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
