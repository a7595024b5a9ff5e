import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobStoreError, type BlobStore } from './blob-store';
import { createEncryptedFileStore } from './encrypted-file-store';
import { createMemoryBlobStore } from './memory-blob-store';

const folders: string[] = [];

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function blobFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'coffer-blobs-'));
  folders.push(folder);
  return folder;
}

const secretKey = randomBytes(32);
const passportScan = Buffer.from('PASSPORT SCAN: Jane Doe, P<UTOERIKSSON<<ANNA<MARIA, born 1974-08-12 '.repeat(50));
const fileOf = (dir: string, key: string) => path.join(dir, key.slice(0, 2), key);

async function expectError(promise: Promise<unknown>, code: BlobStoreError['code']): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(BlobStoreError);
  await expect(promise).rejects.toMatchObject({ code });
}

describe.each([
  ['encrypted file store', async () => createEncryptedFileStore({ dir: await blobFolder(), key: secretKey })],
  ['memory store', async () => createMemoryBlobStore()],
] as const)('the BlobStore contract: %s', (_name, makeStore: () => Promise<BlobStore>) => {
  it('round trip: bytes and content type come back; size and SHA-256 describe the plaintext', async () => {
    const store = await makeStore();
    const stored = await store.put(passportScan, { contentType: 'image/jpeg' });

    expect(stored.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.size).toBe(passportScan.length);
    expect(stored.sha256).toBe(createHash('sha256').update(passportScan).digest('hex'));
    expect(await store.get(stored.key)).toEqual({ bytes: passportScan, contentType: 'image/jpeg' });
  });

  it('an empty blob round-trips too', async () => {
    const store = await makeStore();
    const { key } = await store.put(Buffer.alloc(0), { contentType: 'application/pdf' });
    expect(await store.get(key)).toEqual({ bytes: Buffer.alloc(0), contentType: 'application/pdf' });
  });

  it('two puts of the same bytes give different keys', async () => {
    const store = await makeStore();
    const first = await store.put(passportScan, { contentType: 'image/jpeg' });
    const second = await store.put(passportScan, { contentType: 'image/jpeg' });
    expect(first.key).not.toBe(second.key);
    expect(first.sha256).toBe(second.sha256);
  });

  it('an unknown key is null; delete removes and is idempotent', async () => {
    const store = await makeStore();
    const { key } = await store.put(passportScan, { contentType: 'image/png' });
    expect(await store.get('A'.repeat(43))).toBeNull();
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it.each([
    '../etc/passwd',
    '../../../../etc/passwd',
    'ab/../../secrets.json',
    '',
    'A'.repeat(42),
    'A'.repeat(44),
    `${'A'.repeat(40)}%2F`,
    `${'A'.repeat(42)}.`,
  ])('a key like %j is refused', async (key) => {
    const store = await makeStore();
    await expectError(store.get(key), 'invalidKey');
    await expectError(store.delete(key), 'invalidKey');
  });

  it('a content type must be printable ASCII', async () => {
    const store = await makeStore();
    await expectError(store.put(passportScan, { contentType: 'image/png\r\nX-Injected: 1' }), 'invalidContentType');
    await expectError(store.put(passportScan, { contentType: '' }), 'invalidContentType');
  });
});

describe('the encrypted file store at rest', () => {
  it('keeps the blob in <dir>/<two characters>/<key>, owner-only, with neither plaintext nor content type readable', async () => {
    const dir = await blobFolder();
    const store = createEncryptedFileStore({ dir, key: secretKey });
    const { key } = await store.put(passportScan, { contentType: 'image/x-distinctive-type' });

    const file = fileOf(dir, key);
    const stored = await readFile(file);
    expect(stored.includes('PASSPORT')).toBe(false);
    expect(stored.includes('Jane Doe')).toBe(false);
    expect(stored.includes('distinctive')).toBe(false);
    expect(stored.length).toBe(passportScan.length + 4 + 12 + 16 + 2 + 'image/x-distinctive-type'.length);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual([key]); // no temporary file left behind
  });

  it.each([
    ['the format tag', 0],
    ['the nonce', 4],
    ['the tag', 20],
    ['the sealed content type', 33],
    ['the sealed bytes', -1],
  ])('a flipped byte in %s makes get fail', async (_part, at) => {
    const dir = await blobFolder();
    const store = createEncryptedFileStore({ dir, key: secretKey });
    const { key } = await store.put(passportScan, { contentType: 'image/jpeg' });
    const file = fileOf(dir, key);
    const stored = await readFile(file);
    const index = at < 0 ? stored.length + at : at;
    stored[index] = (stored[index] ?? 0) ^ 0x01;
    await writeFile(file, stored);

    await expectError(store.get(key), 'tampered');
  });

  it('a truncated file, a file moved under another key or read with another secret fails', async () => {
    const dir = await blobFolder();
    const store = createEncryptedFileStore({ dir, key: secretKey });
    const victim = await store.put(passportScan, { contentType: 'image/jpeg' });
    const other = await store.put(Buffer.from('someone else'), { contentType: 'image/jpeg' });

    await copyFile(fileOf(dir, victim.key), fileOf(dir, other.key));
    await expectError(store.get(other.key), 'tampered');

    await expectError(createEncryptedFileStore({ dir, key: randomBytes(32) }).get(victim.key), 'tampered');

    const moved = 'B'.repeat(43);
    await mkdir(path.dirname(fileOf(dir, moved)), { recursive: true });
    await writeFile(fileOf(dir, moved), (await readFile(fileOf(dir, victim.key))).subarray(0, 20));
    await expectError(store.get(moved), 'tampered');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createEncryptedFileStore({ dir: os.tmpdir(), key: randomBytes(16) })).toThrow(/32 bytes/);
  });
});
