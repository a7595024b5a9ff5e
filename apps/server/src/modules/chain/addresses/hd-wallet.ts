import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { bitcoinNetworks, encodeSegwitAddress, type BitcoinNetwork } from './bitcoin-address';
import { evmAddressFromUncompressedKey } from './evm-address';
import { xrpAddressFromPublicKey } from './xrp-address';

/** Chains whose keys come from the platform seed; ERC-20 tokens share the EVM keys. */
export type KeyChain = 'EVM' | 'BTC' | 'XRP';

/**
 * Customer deposit keys live under account 0', the platform's hot wallet under account 1', so a
 * customer index can never collide with a platform key.
 */
export type KeyRole = 'deposit' | 'hot-wallet';

export interface KeyLocation {
  chain: KeyChain;
  role: KeyRole;
  /** Customer index for deposits; the hot wallet's own address index (0 unless rotated). */
  index: number;
  /** Bitcoin only: decides the coin type (0 mainnet, 1 testnet/regtest) and the address HRP. */
  network?: BitcoinNetwork;
}

const MAX_INDEX = 0x7fffffff;

function account(role: KeyRole): number {
  return role === 'deposit' ? 0 : 1;
}

/** BIP44 (EVM 60, XRP 144) and BIP84 (Bitcoin native segwit) paths, external chain. */
export function derivationPath(location: KeyLocation): string {
  if (!Number.isInteger(location.index) || location.index < 0 || location.index > MAX_INDEX) {
    throw new Error('a key index is an integer from 0 to 2^31 - 1');
  }
  const accountPart = `${account(location.role)}'`;
  switch (location.chain) {
    case 'EVM':
      return `m/44'/60'/${accountPart}/0/${location.index}`;
    case 'XRP':
      return `m/44'/144'/${accountPart}/0/${location.index}`;
    case 'BTC': {
      const coinType = bitcoinNetworks[location.network ?? 'mainnet'].coinType;
      return `m/84'/${coinType}'/${accountPart}/0/${location.index}`;
    }
    default: {
      const never: never = location.chain;
      throw new Error(`unknown chain ${String(never)}`);
    }
  }
}

function assertSeed(seed: Uint8Array): void {
  // BIP32 allows 16 to 64 bytes; the platform seed is a BIP39 seed of 64 bytes.
  if (!(seed instanceof Uint8Array) || seed.length < 16 || seed.length > 64) throw new Error('the HD seed must be 16 to 64 bytes');
}

function deriveNode(seed: Uint8Array, location: KeyLocation): HDKey {
  assertSeed(seed);
  return HDKey.fromMasterSeed(seed).derive(derivationPath(location));
}

function publicKeyOf(node: HDKey): Uint8Array {
  const key = node.publicKey;
  if (!key) throw new Error('derived node has no public key');
  return key;
}

/** Compressed (33-byte) public key at a location. */
export function derivePublicKey(seed: Uint8Array, location: KeyLocation): Uint8Array {
  const node = deriveNode(seed, location);
  const key = publicKeyOf(node);
  node.wipePrivateData();
  return key;
}

export function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data));
}

export function addressOfPublicKey(chain: KeyChain, compressedPublicKey: Uint8Array, network: BitcoinNetwork = 'mainnet'): string {
  switch (chain) {
    case 'EVM':
      return evmAddressFromUncompressedKey(secp256k1.Point.fromBytes(compressedPublicKey).toBytes(false));
    case 'BTC':
      return encodeSegwitAddress(bitcoinNetworks[network].hrp, 0, hash160(compressedPublicKey));
    case 'XRP':
      return xrpAddressFromPublicKey(compressedPublicKey);
    default: {
      const never: never = chain;
      throw new Error(`unknown chain ${String(never)}`);
    }
  }
}

/** EIP-55 (EVM), P2WPKH bech32 (Bitcoin) or classic (XRP) address at a location. */
export function deriveAddress(seed: Uint8Array, location: KeyLocation): string {
  return addressOfPublicKey(location.chain, derivePublicKey(seed, location), location.network);
}

export function deriveDepositAddress(seed: Uint8Array, chain: KeyChain, customerIndex: number, network?: BitcoinNetwork): string {
  return deriveAddress(seed, { chain, role: 'deposit', index: customerIndex, ...(network ? { network } : {}) });
}

export function deriveHotWalletAddress(seed: Uint8Array, chain: KeyChain, network?: BitcoinNetwork, index = 0): string {
  return deriveAddress(seed, { chain, role: 'hot-wallet', index, ...(network ? { network } : {}) });
}

/**
 * The only way to a private key: it exists for the duration of `use` and is zeroed afterwards.
 * Callers sign inside `use` — synchronously, since the key is gone when it returns — and must
 * not keep, log or return the key.
 */
export function withSigningKey<T>(
  seed: Uint8Array,
  location: KeyLocation,
  use: (privateKey: Uint8Array, publicKey: Uint8Array) => T extends PromiseLike<unknown> ? never : T,
): T {
  const node = deriveNode(seed, location);
  const privateKey = node.privateKey;
  if (!privateKey) throw new Error('derived node has no private key');
  const copy = Uint8Array.from(privateKey);
  node.wipePrivateData();
  try {
    return use(copy, secp256k1.getPublicKey(copy, true));
  } finally {
    copy.fill(0);
  }
}

/** `withSigningKey` for signers that are asynchronous (viem's `signTransaction`): the key is zeroed once `use` settles. */
export async function withSigningKeyAsync<T>(
  seed: Uint8Array,
  location: KeyLocation,
  use: (privateKey: Uint8Array, publicKey: Uint8Array) => Promise<T>,
): Promise<T> {
  const node = deriveNode(seed, location);
  const privateKey = node.privateKey;
  if (!privateKey) throw new Error('derived node has no private key');
  const copy = Uint8Array.from(privateKey);
  node.wipePrivateData();
  try {
    return await use(copy, secp256k1.getPublicKey(copy, true));
  } finally {
    copy.fill(0);
  }
}
