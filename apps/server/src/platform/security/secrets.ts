import { randomBytes } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { Logger } from '../observability/logger';

export interface ServerSecrets {
  /** Mixed into every password hash (argon2 `secret`), never stored beside the hashes. */
  pepper: Buffer;
  /** 32 bytes: MACs of tokens and codes, AES-256-GCM of stored secrets. */
  key: Buffer;
}

interface StoredSecrets {
  pepper: string;
  key: string;
}

/**
 * Secrets from the environment; for the embedded default, generated once and kept in
 * `DATA_DIR/secrets.json` (mode 0600) beside the database they protect.
 */
export async function provideSecrets(
  config: Pick<AppConfig, 'PASSWORD_PEPPER' | 'SECRET_KEY' | 'DATA_DIR'>,
  logger: Logger,
): Promise<ServerSecrets> {
  if (config.PASSWORD_PEPPER && config.SECRET_KEY) {
    return { pepper: Buffer.from(config.PASSWORD_PEPPER, 'utf8'), key: Buffer.from(config.SECRET_KEY, 'hex') };
  }
  const file = path.join(config.DATA_DIR, 'secrets.json');
  let stored: StoredSecrets;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch {
    stored = { pepper: randomBytes(32).toString('base64'), key: randomBytes(32).toString('hex') };
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(stored), { mode: 0o600, flag: 'wx' }).catch(async (error: unknown) => {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
    });
    logger.info({ file }, 'generated server secrets for the embedded default');
  }
  return {
    pepper: Buffer.from(config.PASSWORD_PEPPER ?? stored.pepper, 'utf8'),
    key: Buffer.from(config.SECRET_KEY ?? stored.key, 'hex'),
  };
}
