import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config';
import { createEvmAddressDeriver } from './evm/evm-addresses';
import { HdSeed, hdSeedFileName, provideHdSeed } from './hd-seed';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'coffer-hd-seed-'));
  folders.push(folder);
  return folder;
}

/** A logger whose every line is kept, to search for the secret afterwards. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), text: () => lines.join('') };
}

// BIP39 test vector: this mnemonic without passphrase gives this seed; its first Ethereum account is well known.
const vectorMnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const vectorSeed =
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4';

describe('the HD master seed', () => {
  it('is generated once for the embedded default, kept with mode 0600 and found again', async () => {
    const DATA_DIR = await dataDir();
    const { logger, text } = capturingLogger();
    const first = await provideHdSeed({ DATA_DIR }, logger);
    const file = path.join(DATA_DIR, hdSeedFileName);
    expect(first.source).toBe('generated');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const mnemonic = (await readFile(file, 'utf8')).trim();
    expect(mnemonic.split(' ')).toHaveLength(24);
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true);

    const second = await provideHdSeed({ DATA_DIR }, logger);
    expect(second.source).toBe('stored');
    expect(Buffer.from(second.seed.bytes()).equals(Buffer.from(first.seed.bytes()))).toBe(true);
    // Nothing of the secret reaches the log: neither the words nor the seed.
    expect(text()).not.toContain(mnemonic.split(' ').slice(0, 3).join(' '));
    expect(text()).not.toContain(Buffer.from(first.seed.bytes()).toString('hex'));
  });

  it('takes a stored file readable by others back to 0600', async () => {
    const DATA_DIR = await dataDir();
    await writeFile(path.join(DATA_DIR, hdSeedFileName), `${vectorMnemonic}\n`, { mode: 0o644 });
    await chmod(path.join(DATA_DIR, hdSeedFileName), 0o644);
    const provided = await provideHdSeed({ DATA_DIR }, capturingLogger().logger);
    expect((await stat(path.join(DATA_DIR, hdSeedFileName))).mode & 0o777).toBe(0o600);
    expect(Buffer.from(provided.seed.bytes()).toString('hex')).toBe(vectorSeed);
  });

  it('comes from HD_MNEMONIC or HD_SEED_HEX, matching the BIP39 vector and its first Ethereum address', async () => {
    const DATA_DIR = await dataDir();
    const fromWords = await provideHdSeed({ DATA_DIR, HD_MNEMONIC: vectorMnemonic }, capturingLogger().logger);
    expect(Buffer.from(fromWords.seed.bytes()).toString('hex')).toBe(vectorSeed);
    expect(createEvmAddressDeriver(fromWords.seed).derive(0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    const fromHex = await provideHdSeed({ DATA_DIR, HD_SEED_HEX: vectorSeed }, capturingLogger().logger);
    expect(Buffer.from(fromHex.seed.bytes()).toString('hex')).toBe(vectorSeed);
    await expect(provideHdSeed({ DATA_DIR, HD_MNEMONIC: 'abandon abandon abandon' }, capturingLogger().logger)).rejects.toThrow(
      ConfigError,
    );
    // Configured seeds write nothing to disk.
    await expect(stat(path.join(DATA_DIR, hdSeedFileName))).rejects.toThrow();
  });

  it('prints as a placeholder wherever it is passed by mistake', () => {
    const seed = new HdSeed(Buffer.from(vectorSeed, 'hex'));
    const { logger, text } = capturingLogger();
    logger.info({ seed, nested: { seed } }, `seed ${String(seed)}`);
    expect(text()).not.toContain(vectorSeed.slice(0, 16));
    expect(JSON.stringify({ seed })).toBe('{"seed":"[HD seed redacted]"}');
    expect(inspect(seed)).toBe('[HD seed redacted]');
    expect(`${seed}`).toBe('[HD seed redacted]');
  });

  it('is never echoed by a configuration error', () => {
    const tooShort = vectorSeed.slice(0, 100);
    let message = '';
    try {
      loadConfig({ HD_SEED_HEX: tooShort });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('HD_SEED_HEX=[redacted]');
    expect(message).not.toContain(tooShort);
    expect(() => loadConfig({ HD_MNEMONIC: vectorMnemonic, HD_SEED_HEX: vectorSeed })).toThrow(ConfigError);
    expect(() => loadConfig({ EVM_RPC_URL: 'http://127.0.0.1:8545' })).toThrow(/USDT_CONTRACT/);
  });
});
