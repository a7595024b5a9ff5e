import { bech32, bech32m } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import vectors from './address-vectors.json';
import {
  addressOfScript,
  checkBitcoinAddress,
  decodeSegwitAddress,
  encodeSegwitAddress,
  segwitScriptPubKey,
  type BitcoinNetwork,
} from './bitcoin-address';
import { burnedEvmDestination, checkEvmAddress, refusedEvmDestination, toChecksumAddress } from './evm-address';
import {
  addressOfPublicKey,
  deriveAddress,
  deriveDepositAddress,
  deriveHotWalletAddress,
  derivePublicKey,
  derivationPath,
  withSigningKey,
  withSigningKeyAsync,
} from './hd-wallet';
import { checkWithdrawalAddress } from './withdrawal-address';
import { checkXrpAddress, checkXrpTag, encodeXAddress } from './xrp-address';

function decodesAs(spec: typeof bech32, text: string): boolean {
  // BIP173 also bounds HRP characters to US-ASCII 33..126, which the codec leaves to the caller.
  const separator = text.lastIndexOf('1');
  const hrp = text.slice(0, separator);
  if (![...hrp].every((char) => char.charCodeAt(0) >= 33 && char.charCodeAt(0) <= 126)) return false;
  return spec.decodeUnsafe(text, 90) !== undefined;
}

describe('BIP173 / BIP350 checksums', () => {
  it.each(vectors.bech32.valid)('bech32 accepts %s and refuses it with one character flipped', (text) => {
    expect(decodesAs(bech32, text)).toBe(true);
    expect(decodesAs(bech32m, text)).toBe(false);
    const pos = text.lastIndexOf('1');
    const flipped = text.slice(0, pos + 1) + String.fromCharCode(text.charCodeAt(pos + 1) ^ 1) + text.slice(pos + 2);
    expect(decodesAs(bech32, flipped)).toBe(false);
  });

  it.each(vectors.bech32m.valid)('bech32m accepts %s', (text) => {
    expect(decodesAs(bech32m, text)).toBe(true);
    expect(decodesAs(bech32, text)).toBe(false);
  });

  it.each(vectors.bech32.invalid)('bech32 refuses %j (%s)', (text) => {
    expect(decodesAs(bech32, text)).toBe(false);
  });

  it.each(vectors.bech32m.invalid)('bech32m refuses %j (%s)', (text) => {
    expect(decodesAs(bech32m, text)).toBe(false);
  });
});

describe('segwit addresses (BIP173 / BIP350)', () => {
  it.each(vectors.segwitAddresses.valid)('%s decodes to scriptPubKey %s and re-encodes', (address, script) => {
    const hrp = address.toLowerCase().startsWith('bc1') ? 'bc' : 'tb';
    const decoded = decodeSegwitAddress(hrp, address);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(bytesToHex(segwitScriptPubKey(decoded.version, decoded.program))).toBe(script);
    expect(encodeSegwitAddress(hrp, decoded.version, decoded.program)).toBe(address.toLowerCase());
    expect(addressOfScript(hexToBytes(script), hrp === 'bc' ? 'mainnet' : 'testnet')).toBe(address.toLowerCase());
  });

  it.each(vectors.segwitAddresses.invalid)('%s is refused for bc and tb (%s)', (address) => {
    expect(decodeSegwitAddress('bc', address).ok).toBe(false);
    expect(decodeSegwitAddress('tb', address).ok).toBe(false);
  });

  it.each(vectors.segwitAddresses.invalidEncode as Array<[string, number, number]>)(
    'encoding (%s, v%i, %i bytes) is refused',
    (hrp, version, length) => {
      expect(() => encodeSegwitAddress(hrp, version, new Uint8Array(length))).toThrow();
    },
  );

  it('names the precise problem', () => {
    const problem = (address: string, network: BitcoinNetwork = 'mainnet') => {
      const check = checkBitcoinAddress(address, network);
      return check.valid ? check.kind : check.problem;
    };
    expect(problem('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBe('wrong-checksum-variant');
    expect(problem('BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R')).toBe('bad-witness-version');
    expect(problem('bc1pw5dgrnzv')).toBe('bad-program-length');
    expect(problem('BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P')).toBe('bad-program-length');
    expect(problem('tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'testnet')).toBe('mixed-case');
    expect(problem('tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'testnet')).toBe('bad-padding');
    expect(problem('bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4')).toBe('bad-checksum');
    expect(problem('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('p2wpkh');
    expect(problem('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe('p2tr');
    expect(problem('bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs')).toBe('witness-unknown');
    expect(problem('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet')).toBe('p2wsh');
    expect(problem('   ')).toBe('empty');
  });

  it('keeps regtest (bcrt) apart from mainnet (bc) although one HRP starts with the other', () => {
    const program = hexToBytes('751e76e8199196d454941c45d1b3a323f1433bd6');
    const regtest = encodeSegwitAddress('bcrt', 0, program);
    expect(regtest.startsWith('bcrt1q')).toBe(true);
    expect(checkBitcoinAddress(regtest, 'regtest')).toMatchObject({ valid: true, kind: 'p2wpkh' });
    expect(checkBitcoinAddress(regtest, 'mainnet')).toEqual({ valid: false, problem: 'wrong-network' });
    expect(checkBitcoinAddress(regtest, 'testnet')).toEqual({ valid: false, problem: 'wrong-network' });
    expect(checkBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'regtest')).toEqual({
      valid: false,
      problem: 'wrong-network',
    });
  });
});

describe('base58check addresses', () => {
  it.each(vectors.base58.valid)('%s is a %s %s', (address, network, kind, script) => {
    const check = checkBitcoinAddress(address as string, network as BitcoinNetwork);
    expect(check).toMatchObject({ valid: true, kind });
    if (!check.valid) return;
    if (script) expect(bytesToHex(check.scriptPubKey)).toBe(script);
    expect(addressOfScript(check.scriptPubKey, network as BitcoinNetwork)).toBe(address);
  });

  it.each(vectors.base58.invalid)('%s on %s: %s', (address, network, problem) => {
    expect(checkBitcoinAddress(address, network as BitcoinNetwork)).toEqual({ valid: false, problem });
  });

  it('accepts testnet base58 addresses on regtest, which shares the version bytes', () => {
    expect(checkBitcoinAddress('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'regtest')).toMatchObject({ valid: true, kind: 'p2pkh' });
  });
});

describe('EIP-55', () => {
  it.each([...vectors.eip55.allCaps, ...vectors.eip55.allLower, ...vectors.eip55.normal])('%s is accepted', (address) => {
    expect(checkEvmAddress(address).valid).toBe(true);
  });

  it.each(vectors.eip55.normal)('%s is its own checksum', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(checkEvmAddress(address.toLowerCase())).toEqual({ valid: true, address, checksummed: false });
  });

  it.each(vectors.eip55.normal)('%s with one letter case swapped is refused', (address) => {
    const index = [...address].findIndex((char, i) => i > 1 && /[a-fA-F]/.test(char));
    const char = address.charAt(index);
    const swapped =
      address.slice(0, index) + (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()) + address.slice(index + 1);
    expect(checkEvmAddress(swapped)).toEqual({ valid: false, problem: 'bad-checksum' });
  });

  it('refuses what is not a 20-byte hex address', () => {
    for (const bad of [
      '',
      '0x',
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      '0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]) {
      expect(checkEvmAddress(bad).valid).toBe(false);
    }
  });

  it('refuses the zero address, precompiles and contracts; accepts an account without code', async () => {
    const contract = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const getCode = async (address: string) => (address === contract ? '0x6080604052' : '0x');
    expect(await refusedEvmDestination('0x0000000000000000000000000000000000000000', getCode)).toBe('zero-address');
    expect(await refusedEvmDestination('0x0000000000000000000000000000000000000001', getCode)).toBe('precompile');
    expect(await refusedEvmDestination(contract.toLowerCase(), getCode)).toBe('contract');
    expect(await refusedEvmDestination('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', getCode)).toBeNull();
    expect(await refusedEvmDestination('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', async () => undefined)).toBeNull();
    // P256VERIFY has no code on chain either: refused without asking the node.
    expect(await refusedEvmDestination('0x0000000000000000000000000000000000000100', getCode)).toBe('precompile');
  });

  it('knows the burning destinations without a node: the zero address, 0x01–0x11 and 0x100, and nothing beside them', () => {
    const at = (value: number) => `0x${value.toString(16).padStart(40, '0')}`;
    expect(burnedEvmDestination(at(0))).toBe('zero-address');
    for (let value = 0x01; value <= 0x11; value += 1) expect(burnedEvmDestination(at(value)), at(value)).toBe('precompile');
    expect(burnedEvmDestination(at(0x100))).toBe('precompile');
    expect(burnedEvmDestination(at(0x100).toUpperCase().replace('0X', '0x'))).toBe('precompile');
    for (const value of [0x12, 0xff, 0x101, 0x1000]) expect(burnedEvmDestination(at(value)), at(value)).toBeNull();
    expect(burnedEvmDestination('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
    expect(burnedEvmDestination('not an address')).toBeNull();
  });
});

describe('HD derivation', () => {
  it.each(vectors.bip32Vector1.chains)('BIP32 vector 1 %s', (path, xpub, xprv) => {
    const node = HDKey.fromMasterSeed(hexToBytes(vectors.bip32Vector1.seed)).derive(path);
    expect(node.publicExtendedKey).toBe(xpub);
    expect(node.privateExtendedKey).toBe(xprv);
  });

  const abandonSeed = mnemonicToSeedSync(vectors.bip84.mnemonic);
  const seed = abandonSeed;
  const addressOf = (publicKey: Uint8Array) => addressOfPublicKey('EVM', publicKey);

  it.each(vectors.bip84.receive)('BIP84 %s is %s → %s', (path, publicKey, address) => {
    const index = Number(path.split('/').at(-1));
    expect(derivationPath({ chain: 'BTC', role: 'deposit', index, network: 'mainnet' })).toBe(path);
    expect(bytesToHex(derivePublicKey(abandonSeed, { chain: 'BTC', role: 'deposit', index, network: 'mainnet' }))).toBe(publicKey);
    expect(deriveDepositAddress(abandonSeed, 'BTC', index, 'mainnet')).toBe(address);
  });

  it('the first BIP84 receive address of "abandon … about" is bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', () => {
    expect(deriveDepositAddress(abandonSeed, 'BTC', 0, 'mainnet')).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('uses coin type 1 and the network HRP on testnet and regtest', () => {
    expect(derivationPath({ chain: 'BTC', role: 'deposit', index: 7, network: 'testnet' })).toBe("m/84'/1'/0'/0/7");
    expect(derivationPath({ chain: 'BTC', role: 'deposit', index: 7, network: 'regtest' })).toBe("m/84'/1'/0'/0/7");
    const testnet = deriveDepositAddress(abandonSeed, 'BTC', 0, 'testnet');
    const regtest = deriveDepositAddress(abandonSeed, 'BTC', 0, 'regtest');
    // BIP84 test vector for coin type 1 account 0 index 0 (the same key on both test networks).
    expect(testnet).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(regtest).toBe(`bcrt1${testnet.slice(3, -6)}${regtest.slice(-6)}`);
    expect(checkBitcoinAddress(regtest, 'regtest')).toMatchObject({ valid: true, kind: 'p2wpkh' });
  });

  it.each(vectors.xrp.accounts)('XRP %s is %s → %s', (path, publicKey, address) => {
    const seed = mnemonicToSeedSync(vectors.xrp.mnemonic);
    const parts = path.split('/');
    const role = parts[3] === "1'" ? 'hot-wallet' : 'deposit';
    const index = Number(parts.at(-1));
    expect(derivationPath({ chain: 'XRP', role, index })).toBe(path);
    expect(bytesToHex(derivePublicKey(seed, { chain: 'XRP', role, index }))).toBe(publicKey);
    expect(deriveAddress(seed, { chain: 'XRP', role, index })).toBe(address);
    expect(checkXrpAddress(address)).toMatchObject({ valid: true, classicAddress: address, format: 'classic' });
  });

  it("EVM m/44'/60'/0'/0/0 of \"abandon … about\" is the well-known 0x9858EfFD232B4033E47d90003D41EC34EcaEda94", () => {
    expect(deriveDepositAddress(abandonSeed, 'EVM', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(derivationPath({ chain: 'EVM', role: 'deposit', index: 0 })).toBe("m/44'/60'/0'/0/0");
  });

  it("keeps the hot wallet on account 1', apart from every customer index", () => {
    expect(derivationPath({ chain: 'EVM', role: 'hot-wallet', index: 0 })).toBe("m/44'/60'/1'/0/0");
    expect(derivationPath({ chain: 'BTC', role: 'hot-wallet', index: 0, network: 'regtest' })).toBe("m/84'/1'/1'/0/0");
    const hot = deriveHotWalletAddress(abandonSeed, 'EVM');
    for (let index = 0; index < 5; index += 1) expect(deriveDepositAddress(abandonSeed, 'EVM', index)).not.toBe(hot);
  });

  it('refuses bad indexes and seeds', () => {
    expect(() => deriveDepositAddress(abandonSeed, 'EVM', -1)).toThrow();
    expect(() => deriveDepositAddress(abandonSeed, 'EVM', 2 ** 31)).toThrow();
    expect(() => deriveDepositAddress(abandonSeed, 'EVM', 1.5)).toThrow();
    expect(() => deriveDepositAddress(new Uint8Array(8), 'EVM', 0)).toThrow();
  });

  it('lends the private key only inside the signing callback and zeroes it afterwards', () => {
    let lent: Uint8Array | undefined;
    const location = { chain: 'BTC', role: 'hot-wallet', index: 0, network: 'regtest' } as const;
    const signature = withSigningKey(abandonSeed, location, (privateKey, publicKey) => {
      lent = privateKey;
      expect(bytesToHex(publicKey)).toBe(bytesToHex(derivePublicKey(abandonSeed, location)));
      return secp256k1.sign(new Uint8Array(32).fill(1), privateKey, { prehash: false });
    });
    expect(secp256k1.verify(signature, new Uint8Array(32).fill(1), derivePublicKey(abandonSeed, location), { prehash: false })).toBe(true);
    expect(lent?.every((byte) => byte === 0)).toBe(true);
  });

  it('zeroes the key after an asynchronous signer settles, and after it fails', async () => {
    const location = { chain: 'EVM', role: 'hot-wallet', index: 0 } as const;
    let lent: Uint8Array | undefined;
    const address = await withSigningKeyAsync(seed, location, async (privateKey, publicKey) => {
      lent = privateKey;
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(privateKey.some((byte) => byte !== 0)).toBe(true);
      return addressOf(publicKey);
    });
    expect(address).toBe(deriveHotWalletAddress(seed, 'EVM'));
    expect(lent?.every((byte) => byte === 0)).toBe(true);
    await expect(
      withSigningKeyAsync(seed, location, async (privateKey) => {
        lent = privateKey;
        throw new Error('signer failed');
      }),
    ).rejects.toThrow('signer failed');
    expect(lent?.every((byte) => byte === 0)).toBe(true);
  });
});

describe('XRP addresses and tags', () => {
  it.each(vectors.xrp.xAddresses)('X-address %s is %s with tag %s', (xAddress, classic, tag) => {
    const check = checkXrpAddress(xAddress as string);
    expect(check).toMatchObject({ valid: true, classicAddress: classic, format: 'x-address', isTestnet: false });
    if (!check.valid) return;
    expect(check.tag).toBe(tag ?? undefined);
    expect(encodeXAddress(check.accountId, tag === null ? null : Number(tag), false)).toBe(xAddress);
  });

  it('refuses a classic address with a wrong checksum or alphabet', () => {
    expect(checkXrpAddress('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v4')).toEqual({ valid: false, problem: 'bad-checksum' });
    expect(checkXrpAddress('0HsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3')).toEqual({ valid: false, problem: 'not-an-address' });
    expect(checkXrpAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').valid).toBe(false);
    expect(checkXrpAddress('')).toEqual({ valid: false, problem: 'empty' });
  });

  it('applies the memo tag rule of §5: ≤ 10 characters, digits of a uint32, empty asks for confirmation', () => {
    expect(checkXrpTag('')).toEqual({ valid: true, tag: null, needsConfirmation: true });
    expect(checkXrpTag(undefined)).toEqual({ valid: true, tag: null, needsConfirmation: true });
    expect(checkXrpTag('12345')).toEqual({ valid: true, tag: '12345', needsConfirmation: false });
    expect(checkXrpTag('0')).toEqual({ valid: true, tag: '0', needsConfirmation: false });
    expect(checkXrpTag('4294967295')).toEqual({ valid: true, tag: '4294967295', needsConfirmation: false });
    expect(checkXrpTag('4294967296')).toEqual({ valid: false, problem: 'out-of-range' });
    expect(checkXrpTag('12345678901')).toEqual({ valid: false, problem: 'too-long' });
    expect(checkXrpTag('12a')).toEqual({ valid: false, problem: 'not-digits' });
    expect(checkXrpTag('007')).toEqual({ valid: false, problem: 'not-digits' });
    expect(checkXrpTag('-1')).toEqual({ valid: false, problem: 'not-digits' });
  });
});

describe('checkWithdrawalAddress', () => {
  it('answers the canonical address per chain', () => {
    expect(
      checkWithdrawalAddress({
        chain: 'bitcoin',
        address: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
        bitcoinNetwork: 'mainnet',
        xrpNetwork: 'mainnet',
      }),
    ).toEqual({
      valid: true,
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      tag: null,
      needsTagConfirmation: false,
    });
    expect(
      checkWithdrawalAddress({
        chain: 'ethereum',
        address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
        bitcoinNetwork: 'mainnet',
        xrpNetwork: 'mainnet',
      }),
    ).toMatchObject({
      valid: true,
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });

  it('flags an XRP withdrawal without tag, takes the tag of an X-address, refuses a contradicting one', () => {
    const base = { chain: 'xrpl' as const, bitcoinNetwork: 'regtest' as const, xrpNetwork: 'mainnet' as const };
    expect(checkWithdrawalAddress({ ...base, address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3' })).toMatchObject({
      valid: true,
      tag: null,
      needsTagConfirmation: true,
    });
    expect(checkWithdrawalAddress({ ...base, address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', tag: '99' })).toMatchObject({
      valid: true,
      tag: '99',
      needsTagConfirmation: false,
    });
    expect(checkWithdrawalAddress({ ...base, address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', tag: 'abc' })).toEqual({
      valid: false,
      field: 'tag',
      problem: 'not-digits',
    });
    expect(checkWithdrawalAddress({ ...base, address: 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu' })).toEqual({
      valid: true,
      address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59',
      tag: '1',
      needsTagConfirmation: false,
    });
    expect(checkWithdrawalAddress({ ...base, address: 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu', tag: '2' })).toEqual({
      valid: false,
      field: 'address',
      problem: 'tag-conflict',
    });
  });

  it('refuses the Ethereum zero address and precompiles, naming why', () => {
    const base = { chain: 'ethereum' as const, bitcoinNetwork: 'mainnet' as const, xrpNetwork: 'mainnet' as const };
    expect(checkWithdrawalAddress({ ...base, address: '0x0000000000000000000000000000000000000000' })).toEqual({
      valid: false,
      field: 'address',
      problem: 'zero-address',
    });
    expect(checkWithdrawalAddress({ ...base, address: '0x0000000000000000000000000000000000000011' })).toEqual({
      valid: false,
      field: 'address',
      problem: 'precompile',
    });
    expect(checkWithdrawalAddress({ ...base, address: '0x0000000000000000000000000000000000000100' })).toEqual({
      valid: false,
      field: 'address',
      problem: 'precompile',
    });
    expect(checkWithdrawalAddress({ ...base, address: '0x0000000000000000000000000000000000000012' }).valid).toBe(true);
  });

  it('takes an X-address only of the platform’s XRP network: T… on a test network, X… on the main one', () => {
    const classic = checkXrpAddress('r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59');
    if (!classic.valid) throw new Error('vector address refused');
    const main = encodeXAddress(classic.accountId, 7, false);
    const test = encodeXAddress(classic.accountId, 7, true);
    expect([main[0], test[0]]).toEqual(['X', 'T']);
    const on = (xrpNetwork: 'mainnet' | 'testnet', address: string) =>
      checkWithdrawalAddress({ chain: 'xrpl', address, bitcoinNetwork: 'mainnet', xrpNetwork });
    const accepted = { valid: true, address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59', tag: '7', needsTagConfirmation: false };
    expect(on('mainnet', main)).toEqual(accepted);
    expect(on('testnet', test)).toEqual(accepted);
    expect(on('mainnet', test)).toEqual({ valid: false, field: 'address', problem: 'wrong-network' });
    expect(on('testnet', main)).toEqual({ valid: false, field: 'address', problem: 'wrong-network' });
    // A classic address names no network: both take it.
    expect(on('mainnet', 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59').valid).toBe(true);
    expect(on('testnet', 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59').valid).toBe(true);
  });

  it('refuses an address of another chain', () => {
    expect(
      checkWithdrawalAddress({
        chain: 'ethereum',
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        bitcoinNetwork: 'mainnet',
        xrpNetwork: 'mainnet',
      }).valid,
    ).toBe(false);
    expect(
      checkWithdrawalAddress({
        chain: 'bitcoin',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        bitcoinNetwork: 'mainnet',
        xrpNetwork: 'mainnet',
      }).valid,
    ).toBe(false);
    expect(
      checkWithdrawalAddress({
        chain: 'xrpl',
        address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
        bitcoinNetwork: 'mainnet',
        xrpNetwork: 'mainnet',
      }).valid,
    ).toBe(false);
  });
});
