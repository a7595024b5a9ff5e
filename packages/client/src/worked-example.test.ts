import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiSigningCommands, apiSigningExample } from '@coffer/contract/api-signing-example';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { afterAll, describe, expect, it } from 'vitest';
import { utf8Bytes } from './bytes';
import { createSignedCaller } from './client';
import { ed25519SecretKeyFrom } from './keys';
import { requestCanonicalString, sha256Hex, signRequest } from './signing';

const example = apiSigningExample;
const folder = mkdtempSync(path.join(os.tmpdir(), 'coffer-signing-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const request = {
  method: example.method,
  url: example.url,
  body: utf8Bytes(example.body),
  timestamp: example.timestamp,
  nonce: example.nonce,
};

describe('the worked example of /docs "Signed requests"', () => {
  it('runs on OpenSSL 3', () => {
    expect(execFileSync('openssl', ['version'], { encoding: 'utf8' })).toMatch(/^OpenSSL 3\./);
  });

  it('is what the client computes: body hash, canonical string and signature', () => {
    expect(sha256Hex(request.body)).toBe(example.bodySha256Hex);
    expect(requestCanonicalString(request)).toBe(example.canonicalString);
    expect(signRequest(ed25519SecretKeyFrom(example.privateKeyPem), request)).toBe(example.signature);
  });

  it('is what the client sends for that call, header by header and byte by byte', async () => {
    let sent: { url: string; init: RequestInit } | undefined;
    const caller = createSignedCaller({
      baseUrl: 'https://coffer.example',
      accessKey: example.accessKey,
      privateKey: example.privateKeyPem,
      now: () => Number(example.timestamp),
      createNonce: () => example.nonce,
      fetch: async (url, init) => {
        sent = { url: String(url), init: init ?? {} };
        return new Response('{"code":0,"msg":"success","data":null}');
      },
    });
    expect(tradeEndpoints.quote.path).toBe(example.url);
    await caller.call(tradeEndpoints.quote, { body: { pair: 'BTC/USDT', side: 'buy', amount: '10', amountCoin: 'USDT' } });
    expect(sent?.init.method).toBe('POST');
    expect(sent?.url).toBe(`https://coffer.example${example.url}`);
    expect(Buffer.from(sent?.init.body as Uint8Array).toString('utf8')).toBe(example.body);
    expect(sent?.init.headers).toMatchObject({
      'x-access-key': example.accessKey,
      'x-timestamp': example.timestamp,
      'x-nonce': example.nonce,
      'x-signature': example.signature,
      'content-type': 'application/json',
    });
    expect(caller.publicKey).toBe(example.publicKeyRaw);
  });

  it('is what openssl pkeyutl signs from the same key and canonical string', () => {
    writeFileSync(path.join(folder, 'direct-key.pem'), example.privateKeyPem);
    writeFileSync(path.join(folder, 'direct.txt'), example.canonicalString);
    const signature = execFileSync('openssl', ['pkeyutl', '-sign', '-rawin', '-inkey', 'direct-key.pem', '-in', 'direct.txt'], {
      cwd: folder,
    });
    expect(signature.toString('base64')).toBe(example.signature);
  });

  it('reproduces with the documented shell commands: hash, signature, verification', () => {
    const output = execFileSync('sh', ['-c', apiSigningCommands()], { cwd: folder, encoding: 'utf8' });
    expect(output.split('\n')).toEqual([`${example.bodySha256Hex} *body.json`, example.signature, 'Signature Verified Successfully', '']);
    execFileSync('sh', ['-c', `printf 'X' >> canonical.txt`], { cwd: folder });
    expect(() =>
      execFileSync(
        'openssl',
        ['pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-in', 'canonical.txt', '-sigfile', 'sig.bin'],
        {
          cwd: folder,
          stdio: 'pipe',
        },
      ),
    ).toThrow();
  });
});
