import { createHash, createPrivateKey, createPublicKey, verify } from 'node:crypto';
import {
  apiKeyPaths,
  canonicalRequestString,
  canonicalResponseString,
  errorCatalogue,
  identityPaths,
  tradePaths,
  walletPaths,
  withdrawalPaths,
} from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { codeOf, codesFor, createKey, freshNonce, newKeyPair, signedCall, type KeyOwner } from '../../../test/api-key-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail } from '../../../test/identity-helpers';
import { apiSigningExample } from '@coffer/contract/api-signing-example';

let database: TestDatabase;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let counter = 0;

/** RFC 8032 test key 1: the worked example's published key (PKCS#8 = this prefix + the 32-byte secret). */

const codes = {
  unknownKey: errorCatalogue.enterpriseTokenInvalid.code,
  noPermission: errorCatalogue.noPermission.code,
  accessKeyMissing: errorCatalogue.accessKeyMissing.code,
  invalidSignature: errorCatalogue.invalidSignature.code,
  timestamp: errorCatalogue.apiTimestampOutsideWindow.code,
  nonce: errorCatalogue.apiNonceReused.code,
  ip: errorCatalogue.apiIpNotAllowed.code,
  tooMany: errorCatalogue.tooManyRequests.code,
};

async function owner(app: FastifyInstance = nodeA): Promise<KeyOwner> {
  counter += 1;
  const email = `keys${counter}-${Date.now() % 100000}@coffer.test`;
  const { client, userNo } = await signUpByEmail(app, email);
  const { id } = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  return { client, userId: id, email };
}

/** A customer with a key of these settings, and its private key. */
async function keyHolder(settings: { rights?: string[]; ips?: string; publicKey?: string } = {}) {
  const customer = await owner();
  const pair = newKeyPair();
  const key = await createKey(nodeA, database.db, customer, { publicKey: pair.publicKeyHex, ...settings });
  return { customer, key, privateKey: pair.privateKey, accessKey: key.accessKey };
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Two API nodes over one database, each with its own key cache and LISTEN connection.
  // Node A's small burst is the rate limit's test; node B's takes 100 requests of one key at once (the nonce's test).
  nodeA = await buildTestApp(database.db, { pool: database.pool, env: { API_KEY_RATE_PER_SECOND: '1', API_KEY_RATE_BURST: '12' } });
  nodeB = await buildTestApp(database.db, { pool: database.pool, env: { API_KEY_RATE_BURST: '100' } });
}, 60_000);

afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await database?.drop();
});

describe('the signature', () => {
  it('verifies the documented worked example, and the server accepts a request signed the same way', async () => {
    const example = apiSigningExample;
    expect(example.canonicalString.split('\n')[3]).toBe(createHash('sha256').update(example.body).digest('hex'));
    expect(canonicalRequestString({ ...example, bodySha256Hex: example.bodySha256Hex })).toBe(example.canonicalString);
    const publicKey = createPublicKey({ key: Buffer.from(example.publicKeyPem), format: 'pem' });
    expect(verify(null, Buffer.from(example.canonicalString), publicKey, Buffer.from(example.signature, 'base64'))).toBe(true);

    // The example's key as a customer's key (given as the PEM `openssl pkey -pubout` prints): a fresh request signed with it passes.
    const holder = await keyHolder({ publicKey: example.publicKeyPem });
    const answer = await signedCall(nodeA, {
      method: 'GET',
      url: walletPaths.headAsset,
      accessKey: holder.accessKey,
      privateKey: createPrivateKey({ key: example.privateKeyPem, format: 'pem' }),
    });
    expect(codeOf(answer)).toBe(0);
  });

  it('runs a signed read as the key’s customer and signs the answer with the platform key', async () => {
    const holder = await keyHolder();
    const nonce = freshNonce();
    const answer = await signedCall(nodeA, {
      method: 'POST',
      url: `${walletPaths.userAssets}?b=2&a=1`,
      body: '{"hideSmall":"false"}',
      accessKey: holder.accessKey,
      privateKey: holder.privateKey,
      nonce,
    });
    expect(codeOf(answer)).toBe(0);
    const text = canonicalResponseString({
      status: answer.statusCode,
      requestNonce: nonce,
      timestamp: String(answer.headers['x-coffer-timestamp']),
      bodySha256Hex: createHash('sha256').update(answer.rawPayload).digest('hex'),
    });
    const platformKey = createPublicKey({ key: Buffer.from(holder.key.platformPublicKey, 'base64'), format: 'der', type: 'spki' });
    expect(verify(null, Buffer.from(text), platformKey, Buffer.from(String(answer.headers['x-coffer-signature']), 'base64'))).toBe(true);
    // Both nodes derive the same platform key from the server secret, and it is what /ak/v1/permission answers.
    const permission = await holder.customer.client.get(apiKeyPaths.permission);
    expect(permission.body.data.platformPublicKey).toBe(holder.key.platformPublicKey);
  });

  it('refuses a request when any single signed part changes', async () => {
    const holder = await keyHolder({ rights: ['read', 'trade'] });
    const base = { accessKey: holder.accessKey, privateKey: holder.privateKey };
    const quoteBody = '{"pair":"BTC/USDT","side":"buy","amount":"10","amountCoin":"USDT"}';
    const tampered = [
      { method: 'GET' as const, url: `${tradePaths.orders}?pageNo=1`, tamper: { method: 'POST' as const, body: '{}' } },
      { method: 'GET' as const, url: walletPaths.headAsset, tamper: { url: walletPaths.bitAssets } },
      {
        method: 'GET' as const,
        url: `${walletPaths.bitAssets}?hideSmall=false`,
        tamper: { url: `${walletPaths.bitAssets}?hideSmall=true` },
      },
      { method: 'POST' as const, url: tradePaths.quote, body: quoteBody, tamper: { body: quoteBody.replace('10', '11') } },
    ];
    for (const call of tampered) expect(codeOf(await signedCall(nodeA, { ...base, ...call }))).toBe(codes.invalidSignature);

    // Timestamp and nonce: signed with one, sent with another.
    const signedAt = String(Date.now());
    const headers = { 'x-timestamp': String(Number(signedAt) + 1) };
    expect(codeOf(await signedCall(nodeA, { ...base, method: 'GET', url: walletPaths.headAsset, timestamp: signedAt, headers }))).toBe(
      codes.invalidSignature,
    );
    const otherNonce = { 'x-nonce': freshNonce() };
    expect(codeOf(await signedCall(nodeA, { ...base, method: 'GET', url: walletPaths.headAsset, headers: otherNonce }))).toBe(
      codes.invalidSignature,
    );
    // Untouched, the same requests pass (the quote too: the key trades).
    expect(codeOf(await signedCall(nodeA, { ...base, method: 'GET', url: walletPaths.headAsset }))).toBe(0);
    expect(codeOf(await signedCall(nodeA, { ...base, method: 'POST', url: tradePaths.quote, body: quoteBody }))).toBe(0);
  });

  it('refuses a nonce already used on another node, a timestamp 31 s old, an unknown key and a missing access key', async () => {
    const holder = await keyHolder();
    const base = { accessKey: holder.accessKey, privateKey: holder.privateKey, method: 'GET' as const, url: walletPaths.headAsset };
    const nonce = freshNonce();
    const timestamp = String(Date.now());
    expect(codeOf(await signedCall(nodeA, { ...base, nonce, timestamp }))).toBe(0);
    expect(codeOf(await signedCall(nodeB, { ...base, nonce, timestamp }))).toBe(codes.nonce);
    expect(codeOf(await signedCall(nodeA, { ...base, nonce, timestamp }))).toBe(codes.nonce);

    expect(codeOf(await signedCall(nodeA, { ...base, timestamp: String(Date.now() - 31_000) }))).toBe(codes.timestamp);
    expect(codeOf(await signedCall(nodeA, { ...base, timestamp: String(Date.now() + 31_000) }))).toBe(codes.timestamp);
    expect(codeOf(await signedCall(nodeA, { ...base, timestamp: String(Date.now() - 25_000) }))).toBe(0);
    expect(codeOf(await signedCall(nodeA, { ...base, accessKey: 'f'.repeat(32) }))).toBe(codes.unknownKey);
    expect(codeOf(await signedCall(nodeA, { ...base, accessKey: ' ' }))).toBe(codes.accessKeyMissing);
  });

  it('accepts exactly one of 100 copies of one signed request sent at once', async () => {
    const holder = await keyHolder();
    const nonce = freshNonce();
    const call = {
      accessKey: holder.accessKey,
      privateKey: holder.privateKey,
      method: 'GET' as const,
      url: walletPaths.headAsset,
      nonce,
      timestamp: String(Date.now()),
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => signedCall(nodeB, call)));
    const answered = answers.map(codeOf);
    expect(answered.filter((code) => code === 0)).toHaveLength(1);
    expect(answered.filter((code) => code === codes.nonce)).toHaveLength(99);
    const { id } = await database.db
      .selectFrom('api_key')
      .select('id')
      .where('access_key', '=', holder.accessKey)
      .executeTakeFirstOrThrow();
    const stored = await database.db.selectFrom('api_key_nonce').select('nonce').where('api_key_id', '=', id).execute();
    expect(stored).toEqual([{ nonce }]);
  });

  it('keeps a key to its bound IPs: IPv4, IPv6 and CIDR ranges', async () => {
    const holder = await keyHolder({ ips: '203.0.113.7, 198.51.100.0/24, 2001:db8::1, 2001:db8:abcd::/48' });
    const call = (remoteAddress: string) =>
      signedCall(nodeA, {
        accessKey: holder.accessKey,
        privateKey: holder.privateKey,
        method: 'GET',
        url: walletPaths.headAsset,
        remoteAddress,
      });
    for (const allowed of ['203.0.113.7', '198.51.100.200', '2001:db8::1', '2001:db8:abcd:12::5', '::ffff:198.51.100.9']) {
      expect(codeOf(await call(allowed)), allowed).toBe(0);
    }
    for (const refused of ['203.0.113.8', '198.51.101.1', '2001:db8::2', '2001:db8:abce::1', '127.0.0.1']) {
      expect(codeOf(await call(refused)), refused).toBe(codes.ip);
    }
  });
});

describe('rights', () => {
  it('keeps a read-only key from quoting, paying and withdrawing', async () => {
    const holder = await keyHolder({ rights: ['read'] });
    expect(holder.key.rights).toEqual(['read']);
    const base = { accessKey: holder.accessKey, privateKey: holder.privateKey };
    const refused = [
      { method: 'POST' as const, url: tradePaths.quote, body: '{"pair":"BTC/USDT","side":"buy","amount":"10","amountCoin":"USDT"}' },
      { method: 'POST' as const, url: tradePaths.payOrder.replace(':orderNo', '1'), body: '{}' },
      { method: 'POST' as const, url: withdrawalPaths.withdraw.replace(':coin', 'ETH').replace(':chain', 'ethereum'), body: '{}' },
    ];
    for (const call of refused) expect(codeOf(await signedCall(nodeA, { ...base, ...call })), call.url).toBe(codes.noPermission);
    const orders = await signedCall(nodeA, { ...base, method: 'GET', url: `${tradePaths.orders}?pageNo=1&pageSize=10` });
    expect(codeOf(orders)).toBe(0);
  });

  it('never lets a key reach key management or security settings, even beside a session cookie', async () => {
    const holder = await keyHolder({ rights: ['read', 'trade'] });
    const base = { accessKey: holder.accessKey, privateKey: holder.privateKey };
    const cookie = holder.customer.client.cookie!;
    const refused = [
      { method: 'GET' as const, url: apiKeyPaths.keys },
      { method: 'POST' as const, url: apiKeyPaths.create, body: '{}' },
      { method: 'POST' as const, url: identityPaths.changePassword, body: '{}' },
      { method: 'GET' as const, url: identityPaths.userInfo },
    ];
    for (const call of refused) {
      expect(codeOf(await signedCall(nodeA, { ...base, ...call, headers: { cookie } })), call.url).toBe(codes.noPermission);
    }
    // The cookie alone still works for the customer.
    expect((await holder.customer.client.get(apiKeyPaths.keys)).body.data).toHaveLength(1);
  });
});

describe('effect within a minute', () => {
  it('refuses a key deleted on node A on node B well within 60 s', async () => {
    const holder = await keyHolder();
    const base = { accessKey: holder.accessKey, privateKey: holder.privateKey, method: 'GET' as const, url: walletPaths.headAsset };
    // Node B has the key cached.
    expect(codeOf(await signedCall(nodeB, base))).toBe(0);
    const pre = await holder.customer.client.post(apiKeyPaths.remove, { accessKey: holder.accessKey });
    expect(pre.body.code).toBe(0);
    const deleted = await holder.customer.client.post(apiKeyPaths.verifyRemove, {
      changeId: pre.body.data.changeId,
      ...(await codesFor(nodeA, database.db, holder.customer, pre.body.data)),
    });
    expect(deleted.body.data).toEqual({ accessKey: holder.accessKey, deleted: true });
    const deletedAt = Date.now();
    let refusedAfterMs = -1;
    while (Date.now() - deletedAt < 60_000) {
      if (codeOf(await signedCall(nodeB, base)) === codes.unknownKey) {
        refusedAfterMs = Date.now() - deletedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refusedAfterMs).toBeGreaterThanOrEqual(0);
    expect(refusedAfterMs).toBeLessThan(60_000);
    // Measured: the NOTIFY arrives in milliseconds, far below the TTL backstop.
    expect(refusedAfterMs).toBeLessThan(2_000);
  });
});

describe('rate limit', () => {
  it('lets the burst of 100 requests sent at once through and answers the rest 429 with Retry-After', async () => {
    const holder = await keyHolder();
    const base = { accessKey: holder.accessKey, privateKey: holder.privateKey, method: 'GET' as const, url: walletPaths.headAsset };
    const burst = 12;
    const startedAt = Date.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () => signedCall(nodeA, base)));
    const elapsedSeconds = (Date.now() - startedAt) / 1000;
    const passed = answers.filter((answer) => answer.statusCode === 200 && codeOf(answer) === 0);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    // Node A allows a burst of 12, then 1 a second: exactly 12 within the first second, one more per second the run took.
    expect(passed.length).toBeGreaterThanOrEqual(burst);
    expect(passed.length).toBeLessThanOrEqual(burst + Math.floor(elapsedSeconds));
    expect(passed.length + limited.length).toBe(100);
    for (const answer of limited) {
      expect(codeOf(answer)).toBe(codes.tooMany);
      // With at most one token missing and 1 a second, the next one comes within the second.
      expect(answer.headers['retry-after']).toBe('1');
      // Refusals are answers to a key request too: signed.
      expect(answer.headers['x-coffer-signature']).toBeTypeOf('string');
    }
  });
});
