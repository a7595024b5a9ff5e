import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { ConfigError, type AppConfig } from '../../platform/config';
import type { Logger } from '../../platform/observability/logger';

const redacted = '[HD seed redacted]';

/**
 * The 64-byte BIP32 master seed every deposit address derives from. It prints as a
 * placeholder (JSON, `util.inspect`, string conversion), so passing it to a logger or an API
 * answer by mistake shows nothing; only `bytes()` gives the seed.
 */
export class HdSeed {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    if (bytes.length !== 64) throw new Error('an HD master seed has 64 bytes');
    this.#bytes = Uint8Array.from(bytes);
  }

  /** A copy, so no caller can change the seed others derive from. */
  bytes(): Uint8Array {
    return Uint8Array.from(this.#bytes);
  }

  toJSON(): string {
    return redacted;
  }

  toString(): string {
    return redacted;
  }

  [inspect.custom](): string {
    return redacted;
  }
}

export interface ProvidedHdSeed {
  seed: HdSeed;
  /** Where it came from, safe to log. */
  source: 'HD_MNEMONIC' | 'HD_SEED_HEX' | 'generated' | 'stored';
}

/** File under DATA_DIR holding the generated mnemonic of the embedded default (mode 0600). */
export const hdSeedFileName = 'hd-seed.mnemonic';

function seedFromMnemonic(mnemonic: string, variable: string): HdSeed {
  const words = mnemonic.trim().normalize('NFKD').split(/\s+/).join(' ');
  if (!validateMnemonic(words, wordlist)) {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: not a valid BIP39 English mnemonic`);
  }
  return new HdSeed(mnemonicToSeedSync(words));
}

/**
 * The HD master seed: from `HD_MNEMONIC` or `HD_SEED_HEX` when set; otherwise (the embedded
 * default) a BIP39 mnemonic generated once and kept in `DATA_DIR/hd-seed.mnemonic` with mode
 * 0600. The seed never goes to a log, an API answer or the database.
 */
export async function provideHdSeed(
  config: Pick<AppConfig, 'HD_MNEMONIC' | 'HD_SEED_HEX' | 'DATA_DIR'>,
  logger: Logger,
): Promise<ProvidedHdSeed> {
  if (config.HD_MNEMONIC) return { seed: seedFromMnemonic(config.HD_MNEMONIC, 'HD_MNEMONIC'), source: 'HD_MNEMONIC' };
  if (config.HD_SEED_HEX) {
    return { seed: new HdSeed(Buffer.from(config.HD_SEED_HEX.replace(/^0x/, ''), 'hex')), source: 'HD_SEED_HEX' };
  }
  const file = path.join(config.DATA_DIR, hdSeedFileName);
  await mkdir(config.DATA_DIR, { recursive: true });
  try {
    await writeFile(file, `${generateMnemonic(wordlist, 256)}\n`, { mode: 0o600, flag: 'wx' });
    logger.info({ file }, 'generated the HD master seed for the embedded default');
    return { seed: seedFromMnemonic(await readFile(file, 'utf8'), file), source: 'generated' };
  } catch (error) {
    // Already there (an earlier run, or another process first): use it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const mode = (await stat(file)).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    await chmod(file, 0o600);
    logger.warn({ file, mode: mode.toString(8) }, 'the HD seed file was readable by others; restricted it to 0600');
  }
  return { seed: seedFromMnemonic(await readFile(file, 'utf8'), file), source: 'stored' };
}
