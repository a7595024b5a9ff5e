import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { bytesToHex, type Address } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { HdSeed } from '../hd-seed';

/** BIP44 external chain of Ethereum: deposit address `i` is `m/44'/60'/0'/0/i`. */
export const evmDepositPath = "m/44'/60'/0'/0";

/** Chain code of the EVM network in the asset catalogue (`asset_chain.chain`). */
export const evmChain = 'ethereum';

export interface DerivedDepositAddress {
  address: string;
  /** Destination tag for chains that share one address (XRP); none for EVM. */
  memo: string | null;
}

/** Derives EIP-55 deposit addresses; only public keys leave this function. */
export function createEvmAddressDeriver(seed: HdSeed) {
  // The hardened part needs the private key once; every address after it is a public child.
  const account = HDKey.fromMasterSeed(seed.bytes()).derive(evmDepositPath);
  const publicAccount = HDKey.fromExtendedKey(account.publicExtendedKey);
  return {
    chain: evmChain,
    derive(index: number): DerivedDepositAddress {
      if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`deposit index out of range: ${index}`);
      const child = publicAccount.deriveChild(index);
      if (!child.publicKey) throw new Error('derived key has no public key');
      const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
      const address: Address = publicKeyToAddress(bytesToHex(uncompressed));
      return { address, memo: null };
    },
  };
}
