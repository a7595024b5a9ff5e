import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerExampleFlow } from './test-support/example-flow-answers';
import { startSignedApiServer, type SignedApiServer } from './test-support/signed-api-server';

const root = path.resolve(import.meta.dirname, '../../..');
const customer = generateKeyPairSync('ed25519');
const privateKeyPem = customer.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const accessKey = 'AKEXAMPLETEST0001';
const folder = mkdtempSync(path.join(os.tmpdir(), 'coffer-example-'));
const keyFile = path.join(folder, 'key.pem');
let server: SignedApiServer;

beforeAll(async () => {
  writeFileSync(keyFile, privateKeyPem);
  server = await startSignedApiServer({
    accessKey,
    customerPublicKeyPem: customer.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    answer: answerExampleFlow,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Runs a command with only the given COFFER_ variables (none inherited); resolves its exit code and output. */
function run(
  command: string,
  args: string[],
  coffer: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('COFFER_') && name !== 'INIT_CWD'));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...coffer } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const example = path.join(root, 'packages/client/src/example.ts');

describe('npm run example -w @coffer/client', () => {
  it('signs every call of the flow and prints balances, the quote, the paid order and the orders', async () => {
    const result = await run('npm', ['run', 'example', '-w', '@coffer/client'], {
      COFFER_URL: server.url,
      COFFER_ACCESS_KEY: accessKey,
      // Relative to where npm was started (the repository), though the script runs in packages/client.
      COFFER_PRIVATE_KEY_FILE: path.relative(root, keyFile),
      COFFER_PLATFORM_PUBLIC_KEY: server.platformPublicKey,
    });
    expect(result.stderr).not.toMatch(/Cannot start|refused|signature/i);
    expect(result.code).toBe(0);
    expect(server.requests.map(({ method, url, refusal }) => `${method} ${url} ${refusal ?? 'verified'}`)).toEqual([
      'GET /wallet/client/head-asset verified',
      'GET /wallet/client/bit-assets verified',
      'POST /trade/api/quote verified',
      'POST /trade/api/orders verified',
      'POST /trade/api/orders/9001/pay verified',
      'GET /trade/api/orders?pageSize=5 verified',
    ]);
    expect(result.stdout).toContain('Total assets: 1234.5 USD');
    expect(result.stdout).toContain('Quote 7001: pay 10 USDT, receive 0.00015609 BTC at 64000');
    expect(result.stdout).toContain('Order 9001 paid: completed');
    expect(result.stdout).toContain('Latest orders (1 in all):');
    expect(result.stdout).not.toContain('not verified');
  });

  it('names every missing variable and exits non-zero', async () => {
    const result = await run(tsx, [example], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('COFFER_ACCESS_KEY is not set');
    expect(result.stderr).toContain('Neither COFFER_PRIVATE_KEY (PEM or 64 hex characters) nor COFFER_PRIVATE_KEY_FILE is set');
  });

  it('exits non-zero with the reason when the key is unusable or Coffer refuses', async () => {
    const badKey = await run(tsx, [example], { COFFER_URL: server.url, COFFER_ACCESS_KEY: accessKey, COFFER_PRIVATE_KEY: 'not-a-key' });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toContain('The private key must be a PKCS#8 PEM');

    const otherKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32).toString('hex');
    const refused = await run(tsx, [example], { COFFER_URL: server.url, COFFER_ACCESS_KEY: accessKey, COFFER_PRIVATE_KEY: otherKey });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Coffer refused the call: Invalid signature (signature does not verify) (code 15000004, HTTP 401');
  });
});
