import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { Logger } from '../observability/logger';

export interface ServerSecrets {
  /** Mixed into every password hash (argon2 `secret`), never stored beside the hashes. */
  pepper: Buffer;
  /** 32 bytes: MACs of tokens and codes, AES-256-GCM of stored secrets. */
  key: Buffer;
}

/** The secrets the embedded default generates into `DATA_DIR/secrets.json`. */
const generators = {
  pepper: () => randomBytes(32).toString('base64'),
  key: () => randomBytes(32).toString('hex'),
  /** Password of the embedded PostgreSQL's superuser. */
  embeddedDatabasePassword: () => randomBytes(24).toString('base64url'),
} satisfies Record<string, () => string>;

export type GeneratedSecretName = keyof typeof generators;

/** The file's fields; fields it does not know are kept as they are. */
type StoredSecrets = Partial<Record<GeneratedSecretName, string>> & Record<string, unknown>;

export function secretsFile(dataDir: string): string {
  return path.join(dataDir, 'secrets.json');
}

async function readStored(file: string): Promise<StoredSecrets | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as StoredSecrets;
  } catch (error) {
    // Never replaced: a new pepper would make every stored password hash useless.
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); restore it from a backup`);
  }
}

function missingNames<K extends GeneratedSecretName>(stored: StoredSecrets | null, names: readonly K[]): K[] {
  return names.filter((name) => typeof stored?.[name] !== 'string' || stored[name] === '');
}

const lockStaleMs = 30_000;

/**
 * Runs `change` holding `secrets.json.lock`, so two processes adding a secret at the same
 * time cannot each keep a value the other overwrote. A lock older than 30 s was left by a
 * process that died holding it.
 */
async function withFileLock<T>(file: string, change: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > lockStaleMs) await unlink(lock).catch(() => undefined);
      else if (Date.now() > deadline) throw new Error(`${lock} is held by another process; remove it if no Coffer server is starting`);
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await change();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

/** Writes the whole file durably: a temporary file, flushed, renamed over the old one. */
async function writeStored(file: string, stored: StoredSecrets): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(JSON.stringify(stored));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

/**
 * The named secrets from `DATA_DIR/secrets.json` (mode 0600), generating and storing those
 * it does not hold yet. Existing values are never changed. `generated` names the new ones.
 */
export async function readOrGenerateSecrets<K extends GeneratedSecretName>(
  dataDir: string,
  names: readonly K[],
): Promise<{ values: Record<K, string>; generated: K[] }> {
  const file = secretsFile(dataDir);
  const pick = (stored: StoredSecrets) => Object.fromEntries(names.map((name) => [name, stored[name] as string])) as Record<K, string>;
  const current = await readStored(file);
  if (current && missingNames(current, names).length === 0) return { values: pick(current), generated: [] };

  await mkdir(dataDir, { recursive: true });
  return withFileLock(file, async () => {
    const stored = (await readStored(file)) ?? {};
    const generated = missingNames(stored, names);
    for (const name of generated) stored[name] = generators[name]();
    if (generated.length > 0) await writeStored(file, stored);
    return { values: pick(stored), generated };
  });
}

/**
 * Secrets from the environment; for the embedded default, generated once and kept in
 * `DATA_DIR/secrets.json` (mode 0600) beside the database they protect.
 */
export async function provideSecrets(
  config: Pick<AppConfig, 'PASSWORD_PEPPER' | 'SECRET_KEY' | 'DATA_DIR'>,
  logger: Logger,
): Promise<ServerSecrets> {
  const wanted: Array<'pepper' | 'key'> = [];
  if (!config.PASSWORD_PEPPER) wanted.push('pepper');
  if (!config.SECRET_KEY) wanted.push('key');
  const { values, generated } =
    wanted.length > 0
      ? await readOrGenerateSecrets(config.DATA_DIR, wanted)
      : { values: {} as Partial<Record<'pepper' | 'key', string>>, generated: [] };
  if (generated.length > 0)
    logger.info({ file: secretsFile(config.DATA_DIR), generated }, 'generated server secrets for the embedded default');
  return {
    pepper: Buffer.from(config.PASSWORD_PEPPER ?? values.pepper ?? '', 'utf8'),
    key: Buffer.from(config.SECRET_KEY ?? values.key ?? '', 'hex'),
  };
}
