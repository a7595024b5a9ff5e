import { captchaPaths, type CaptchaPurpose } from '@coffer/contract';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Asks for a challenge and solves it as the widget does; answers the widget's payload (base64 JSON). */
export async function solvedPayload(app: FastifyInstance, purpose: CaptchaPurpose): Promise<string> {
  const answer = (await app.inject({ method: 'POST', url: captchaPaths.challenge, payload: { purpose } })).json();
  expect(answer.code).toBe(0);
  const challenge = answer.data as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The answer of `/cap/v2/action/verify` for a payload. */
export async function verifyCaptcha(app: FastifyInstance, purpose: CaptchaPurpose, payload: string) {
  return (await app.inject({ method: 'POST', url: captchaPaths.verify, payload: { purpose, payload } })).json() as {
    code: number;
    data: { captchaToken: string; expiresInSeconds: number } | null;
  };
}

/** A captcha token for a purpose: a challenge solved and verified. */
export async function captchaToken(app: FastifyInstance, purpose: CaptchaPurpose): Promise<string> {
  const answer = await verifyCaptcha(app, purpose, await solvedPayload(app, purpose));
  expect(answer.code).toBe(0);
  return answer.data!.captchaToken;
}
