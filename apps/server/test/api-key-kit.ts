import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createHash } from 'node:crypto';
import { apiKeyPaths, apiSigningHeaders, canonicalRequestString, type ApiKeyPendingChange } from '@coffer/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db/database';
import { latestCode, type identityClient } from './identity-helpers';

type Client = ReturnType<typeof identityClient>;

/** A customer as the API key tests drive them: a signed-in client and the addresses codes go to. */
export interface KeyOwner {
  client: Client;
  userId: string;
  email: string;
  /** +<dial code><number> when a phone is bound. */
  phone?: string | null;
  /** An authenticator code of a step the server has not seen yet, when one is bound. */
  nextGaCode?: () => Promise<string>;
  fundPassword?: string;
}

/** A customer's Ed25519 key pair, its public key as raw hex (what the key form takes). */
export function newKeyPair(): { privateKey: KeyObject; publicKey: KeyObject; publicKeyHex: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, publicKey, publicKeyHex: der.subarray(der.length - 32).toString('hex') };
}

/** As if the 60-second wait between two codes to one address had passed. */
export async function forgetResendWaits(db: Db): Promise<void> {
  await db.deleteFrom('attempt_counter').where('scope', '=', 'code-resend').execute();
}

/** The codes of every factor a pending change asks for (sent through `/ak/v1/send-captcha`). */
export async function codesFor(
  app: FastifyInstance,
  db: Db,
  owner: KeyOwner,
  change: ApiKeyPendingChange,
): Promise<Record<string, string>> {
  await forgetResendWaits(db);
  const codes: Record<string, string> = {};
  for (const factor of change.twofaList) {
    if (factor === 'email') {
      expect((await owner.client.post(apiKeyPaths.sendCode, { changeId: change.changeId, channel: 'email' })).body.code).toBe(0);
      codes.emailCode = await latestCode(app, owner.email);
    } else if (factor === 'sms') {
      expect((await owner.client.post(apiKeyPaths.sendCode, { changeId: change.changeId, channel: 'sms' })).body.code).toBe(0);
      codes.smsCode = await latestCode(app, owner.phone!);
    } else if (factor === 'ga') {
      codes.gaCode = await owner.nextGaCode!();
    }
  }
  if (change.fundPasswordRequired) codes.fundPassword = owner.fundPassword!;
  return codes;
}

/** Creates a key through both steps; answers the key view. */
export async function createKey(
  app: FastifyInstance,
  db: Db,
  owner: KeyOwner,
  settings: {
    label?: string;
    rights?: string[];
    ips?: string;
    withdrawDailyUsd?: string | null;
    withdrawAddressIds?: string[];
    publicKey: string;
  },
) {
  const pre = await owner.client.post(apiKeyPaths.create, { label: 'bot', rights: ['read'], ...settings });
  expect(pre.body.code, pre.body.msg).toBe(0);
  const change = pre.body.data as ApiKeyPendingChange;
  const made = await owner.client.post(apiKeyPaths.verifyCreate, {
    changeId: change.changeId,
    ...(await codesFor(app, db, owner, change)),
  });
  expect(made.body.code, made.body.msg).toBe(0);
  return made.body.data as { accessKey: string; platformPublicKey: string; rights: string[] };
}

export interface SignedCall {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  accessKey: string;
  privateKey: KeyObject;
  timestamp?: string;
  nonce?: string;
  remoteAddress?: string;
  /** Changes the request after signing (a tampered part). */
  tamper?: { method?: 'GET' | 'POST'; url?: string; body?: string };
  headers?: Record<string, string>;
}

export const freshNonce = () => randomBytes(12).toString('hex');

/** The headers of a request signed as the contract's canonical string says. */
export function signingHeaders(call: Omit<SignedCall, 'tamper' | 'remoteAddress'>): Record<string, string> {
  const timestamp = call.timestamp ?? String(Date.now());
  const nonce = call.nonce ?? freshNonce();
  const text = canonicalRequestString({
    method: call.method,
    url: call.url,
    bodySha256Hex: createHash('sha256')
      .update(call.body ?? '')
      .digest('hex'),
    timestamp,
    nonce,
  });
  return {
    [apiSigningHeaders.accessKey]: call.accessKey,
    [apiSigningHeaders.timestamp]: timestamp,
    [apiSigningHeaders.nonce]: nonce,
    [apiSigningHeaders.signature]: sign(null, Buffer.from(text, 'utf8'), call.privateKey).toString('base64'),
  };
}

/** Sends a signed request through app.inject; answers the raw response (headers for the answer's signature). */
export async function signedCall(app: FastifyInstance, call: SignedCall): Promise<LightMyRequestResponse> {
  const headers = { ...signingHeaders(call), ...call.headers };
  const body = call.tamper?.body ?? call.body;
  return app.inject({
    method: call.tamper?.method ?? call.method,
    url: call.tamper?.url ?? call.url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: body }),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
}

export const codeOf = (response: LightMyRequestResponse): number => (response.json() as { code: number }).code;
