import { createHash, verify, type Hash, type KeyObject } from 'node:crypto';
import { Transform } from 'node:stream';
import {
  apiNoncePattern,
  apiResponseSigningHeaders,
  apiSigningHeaders,
  apiTimestampWindowMs,
  canonicalRequestString,
  canonicalResponseString,
  emptyBodySha256,
  ipAllowed,
} from '@coffer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '../../platform/http/api-key-request';
import type { PlatformSigningKey } from '../../platform/security/platform-signing-key';
import { apiKeyError } from './apikeys.errors';
import type { KeyCache } from './key-cache';
import type { NonceClaim } from './nonce-store';
import type { TokenBuckets } from './rate-limit';

/** Headers of Coffer's signature on its answers to key requests. */
const bodyHashes = new WeakMap<FastifyRequest, { hash: Hash; isDone: boolean }>();
const touchEveryMs = 60_000;

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export interface SignedRequestDeps {
  keys: KeyCache;
  claimNonce: (claim: NonceClaim) => Promise<boolean>;
  buckets: TokenBuckets;
  platformKey: PlatformSigningKey;
  /** Marks a key used (about once a minute per node). */
  touch: (keyId: string) => Promise<void>;
}

/**
 * Requests carrying `X-ACCESS-KEY` (issue 16). preParsing hashes the raw body bytes as they
 * stream in; preValidation checks, in this order and each with its own §8 code, before any
 * schema validation: the key (unknown or deleted), the timestamp (±30 s), the Ed25519
 * signature over the contract's canonical string, the per-key rate, the nonce (once, in the
 * table all nodes share), the bound IPs and the route's right (default deny: a route without
 * `apiKeyRight` is unreachable by keys). Then the request runs as the key's customer
 * (`request.session`, `request.apiKey`). Every answer to such a request is signed (onSend).
 */
export function registerSignedRequests(app: FastifyInstance, deps: SignedRequestDeps): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.headers[apiSigningHeaders.accessKey] === undefined) return payload;
    const state = { hash: createHash('sha256'), isDone: false };
    bodyHashes.set(request, state);
    let received = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        state.hash.update(chunk);
        received += chunk.length;
        (hashing as unknown as { receivedEncodedLength: number }).receivedEncodedLength = received;
        done(null, chunk);
      },
      flush(done) {
        state.isDone = true;
        done();
      },
    });
    payload.on('error', (error) => hashing.destroy(error));
    return payload.pipe(hashing);
  });

  const lastTouched = new Map<string, number>();
  app.addHook('preValidation', async (request, reply) => authenticate(deps, lastTouched, request, reply));

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers[apiSigningHeaders.accessKey] === undefined) return payload;
    let body: Buffer;
    if (payload === null || payload === undefined) body = Buffer.alloc(0);
    else if (typeof payload === 'string') body = Buffer.from(payload, 'utf8');
    else if (Buffer.isBuffer(payload)) body = payload;
    else return payload; // a stream is not signed (no customer API answers one)
    const nonce = singleHeader(request, apiSigningHeaders.nonce) ?? '';
    const timestamp = String(Date.now());
    // The contract's canonical answer string (the request's nonce, empty when it had none that fits the pattern).
    const text = canonicalResponseString({
      status: reply.statusCode,
      requestNonce: apiNoncePattern.test(nonce) ? nonce : '',
      timestamp,
      bodySha256Hex: createHash('sha256').update(body).digest('hex'),
    });
    reply.header(apiResponseSigningHeaders.timestamp, timestamp);
    reply.header(apiResponseSigningHeaders.signature, (await deps.platformKey.signOffLoop(text)).toString('base64'));
    return payload;
  });
}

/** Ed25519 verification on libuv's thread pool: the event loop serves other requests meanwhile. */
function verifyOffLoop(message: Buffer, publicKey: KeyObject, signature: Buffer): Promise<boolean> {
  return new Promise((resolve, reject) => {
    verify(null, message, publicKey, signature, (error, isValid) => (error ? reject(error) : resolve(isValid)));
  });
}

function bodySha256(request: FastifyRequest): string {
  const state = bodyHashes.get(request);
  // A body never read (GET) hashes as no bytes; a body is read whole before preValidation.
  return state?.isDone ? state.hash.digest('hex') : emptyBodySha256;
}

async function authenticate(
  deps: SignedRequestDeps,
  lastTouched: Map<string, number>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const accessKey = request.headers[apiSigningHeaders.accessKey];
  if (accessKey === undefined) return;
  if (typeof accessKey !== 'string' || accessKey.trim() === '') throw apiKeyError('accessKeyMissing');
  const timestamp = singleHeader(request, apiSigningHeaders.timestamp);
  const nonce = singleHeader(request, apiSigningHeaders.nonce);
  const signature = singleHeader(request, apiSigningHeaders.signature);

  const key = await deps.keys.get(accessKey.trim());
  if (!key) throw apiKeyError('enterpriseTokenInvalid');
  if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) throw apiKeyError('invalidSignature');
  if (Math.abs(Date.now() - Number(timestamp)) > apiTimestampWindowMs) throw apiKeyError('apiTimestampOutsideWindow');
  if (nonce === undefined || !apiNoncePattern.test(nonce) || signature === undefined) throw apiKeyError('invalidSignature');
  const signatureBytes = Buffer.from(signature, 'base64');
  if (signatureBytes.length !== 64) throw apiKeyError('invalidSignature');
  const text = canonicalRequestString({ method: request.method, url: request.url, bodySha256Hex: bodySha256(request), timestamp, nonce });
  if (!(await verifyOffLoop(Buffer.from(text, 'utf8'), key.publicKey, signatureBytes))) throw apiKeyError('invalidSignature');

  const rate = deps.buckets.take(key.id);
  if (!rate.ok) {
    void reply.header('retry-after', String(rate.retryAfterSeconds));
    throw apiKeyError('tooManyRequests');
  }
  if (!(await deps.claimNonce({ apiKeyId: key.id, nonce }))) throw apiKeyError('apiNonceReused');
  if (key.ips.length > 0 && !ipAllowed(request.ip, key.ips)) throw apiKeyError('apiIpNotAllowed');
  const right = request.routeOptions.config.apiKeyRight;
  if (right === undefined || !key.rights.includes(right)) throw apiKeyError('noPermission');

  request.session = { sessionId: `apikey:${key.id}`, userId: key.userId, loggedInAt: null };
  request.apiKey = { id: key.id, rights: key.rights, withdrawDailyUsd: key.withdrawDailyUsd, withdrawAddressIds: key.withdrawAddressIds };
  const now = Date.now();
  if (now - (lastTouched.get(key.id) ?? 0) > touchEveryMs) {
    lastTouched.set(key.id, now);
    void deps.touch(key.id).catch((error: unknown) => request.log.warn({ err: error }, 'marking an API key used failed'));
  }
}
