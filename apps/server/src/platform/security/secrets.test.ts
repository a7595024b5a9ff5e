import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger';
import { provideSecrets, readOrGenerateSecrets } from './secrets';

const logger = createLogger({ LOG_LEVEL: 'silent' });
const folders: string[] = [];

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'coffer-secrets-'));
  folders.push(folder);
  return folder;
}

async function stored(dataDir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, unknown>;
}

describe('generated secrets in DATA_DIR/secrets.json', () => {
  it('generates each secret once, in a file only its owner can read', async () => {
    const dataDir = await dataFolder();
    const first = await readOrGenerateSecrets(dataDir, ['embeddedDatabasePassword']);
    const again = await readOrGenerateSecrets(dataDir, ['embeddedDatabasePassword']);

    expect(first.generated).toEqual(['embeddedDatabasePassword']);
    expect(again).toEqual({ values: first.values, generated: [] });
    expect(first.values.embeddedDatabasePassword).toMatch(/^[\w-]{32}$/);
    expect((await stat(path.join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
  });

  it('adds a missing secret to an older file without changing what it holds', async () => {
    const dataDir = await dataFolder();
    const older = { pepper: 'p'.repeat(44), key: 'ab'.repeat(32), note: 'kept as it is' };
    await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify(older), { mode: 0o600 });

    const { values, generated } = await readOrGenerateSecrets(dataDir, ['pepper', 'embeddedDatabasePassword']);

    expect(generated).toEqual(['embeddedDatabasePassword']);
    expect(values.pepper).toBe(older.pepper);
    expect(await stored(dataDir)).toEqual({ ...older, embeddedDatabasePassword: values.embeddedDatabasePassword });
    const secrets = await provideSecrets({ DATA_DIR: dataDir, PASSWORD_PEPPER: undefined, SECRET_KEY: undefined }, logger);
    expect(secrets.pepper.toString('utf8')).toBe(older.pepper);
    expect(secrets.key.toString('hex')).toBe(older.key);
  });

  it('100 concurrent first starts agree on one value of each secret, the one stored', async () => {
    const dataDir = await dataFolder();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        index % 2 === 0
          ? readOrGenerateSecrets(dataDir, ['embeddedDatabasePassword']).then(({ values }) => ({
              password: values.embeddedDatabasePassword,
            }))
          : provideSecrets({ DATA_DIR: dataDir, PASSWORD_PEPPER: undefined, SECRET_KEY: undefined }, logger).then((secrets) => ({
              pepper: secrets.pepper.toString('utf8'),
              key: secrets.key.toString('hex'),
            })),
      ),
    );
    const file = await stored(dataDir);
    expect(new Set(results.filter((result) => 'password' in result).map((result) => result.password))).toEqual(
      new Set([file.embeddedDatabasePassword]),
    );
    expect(new Set(results.filter((result) => 'pepper' in result).map((result) => result.pepper))).toEqual(new Set([file.pepper]));
    expect(new Set(results.filter((result) => 'key' in result).map((result) => result.key))).toEqual(new Set([file.key]));
  });

  it('refuses a damaged file instead of replacing the pepper that the password hashes need', async () => {
    const dataDir = await dataFolder();
    await writeFile(path.join(dataDir, 'secrets.json'), '{"pepper": "trunc', { mode: 0o600 });

    await expect(provideSecrets({ DATA_DIR: dataDir, PASSWORD_PEPPER: undefined, SECRET_KEY: undefined }, logger)).rejects.toThrow(
      /secrets\.json is not valid JSON/,
    );
    expect(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).toBe('{"pepper": "trunc');
  });

  it('takes the environment over the file and writes nothing when both are set', async () => {
    const dataDir = await dataFolder();
    const secrets = await provideSecrets({ DATA_DIR: dataDir, PASSWORD_PEPPER: 'e'.repeat(40), SECRET_KEY: 'cd'.repeat(32) }, logger);

    expect(secrets.pepper.toString('utf8')).toBe('e'.repeat(40));
    await expect(stat(path.join(dataDir, 'secrets.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
