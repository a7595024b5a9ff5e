import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { quoteSigningText, tradePaths } from '@coffer/contract';
import { apiSigningCommands, apiSigningExample } from '@coffer/contract/api-signing-example';
import { describe, expect, it } from 'vitest';
import { signerFromSeed } from '../../modules/trade/quote-signer';
import { apiDescription, ed25519SpkiPrefixBase64, receiptSigningExample, receiptVerificationCommands } from './api-description';

/** RFC 8032 section 7.1, test 1: the published secret key the example is signed with. */
const rfc8032TestSeed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');

describe('the receipt signing example on /docs', () => {
  const { fields, publicKey, signature } = receiptSigningExample;
  const signedText = quoteSigningText(fields);
  const publicKeyPem = `-----BEGIN PUBLIC KEY-----\n${ed25519SpkiPrefixBase64}${publicKey}\n-----END PUBLIC KEY-----\n`;

  it('verifies with node:crypto over the canonical text the code builds', () => {
    expect(verify(null, Buffer.from(signedText, 'utf8'), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'))).toBe(true);
    const tampered = signedText.replace('fee=0.0005', 'fee=0.0004');
    expect(verify(null, Buffer.from(tampered, 'utf8'), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'))).toBe(false);
  });

  it('is what the server signer makes from the same key, with the documented key id and PEM', () => {
    const signer = signerFromSeed(rfc8032TestSeed);
    const { keyId: _keyId, ...unsigned } = fields;
    expect(signer.sign(unsigned)).toEqual({ keyId: fields.keyId, signature });
    expect(signer.publicKey.publicKey).toBe(publicKey);
    expect(signer.publicKey.publicKeyPem).toBe(publicKeyPem);
    expect(createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 16)).toBe(fields.keyId);
  });

  it('reproduces with the documented openssl commands', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'coffer-receipt-'));
    try {
      const output = execFileSync('sh', ['-c', receiptVerificationCommands()], { cwd: folder, encoding: 'utf8' });
      expect(output).toContain('Signature Verified Successfully');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('shows the canonical text, key, signature and commands in the API description', () => {
    expect(apiDescription).toContain(publicKey);
    expect(apiDescription).toContain(signature);
    expect(apiDescription).toContain(receiptVerificationCommands());
    expect(apiDescription).toContain('coffer-quote-v1\nkeyId=<keyId>\nquoteId=<quoteId>');
  });
});

describe('the signed-request example on /docs', () => {
  const example = apiSigningExample;

  it('shows the key pair, the request, the body hash, the canonical string, the signature and the commands', () => {
    expect(apiDescription).toContain('## Signed requests');
    expect(apiDescription).toContain(`\`\`\`\n${example.privateKeyPem}${example.publicKeyPem}\`\`\``);
    expect(apiDescription).toContain(`${example.method} ${example.url} HTTP/1.1`);
    expect(apiDescription).toContain(`X-SIGNATURE: ${example.signature}\n\n${example.body}\n`);
    expect(apiDescription).toContain(`\`\`\`\n${example.canonicalString}\n\`\`\``);
    expect(apiDescription).toContain(example.bodySha256Hex);
    expect(apiDescription).toContain(apiSigningCommands());
    expect(apiDescription).toContain('STATUS\nREQUEST-NONCE\nTIMESTAMP\nBODY-SHA256');
  });

  it('signs a call the API has: the quote', () => {
    expect(example.url).toBe(tradePaths.quote);
  });
});
