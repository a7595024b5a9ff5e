import type { SanctionsChain } from '@coffer/contract';
import { checkBitcoinAddress, checkXrpAddress, type BitcoinNetwork } from '../chain';

const bitcoinNetworks: BitcoinNetwork[] = ['mainnet', 'testnet', 'regtest'];
const evmAddress = /^0x[0-9a-fA-F]{40}$/;
const bech32Prefix = /^(bc|tb|bcrt)1/i;

/**
 * OFAC's currency codes (`Digital Currency Address - <code>`) and the chain the platform screens
 * them on. USDT and USDC are issued on several chains: only an EVM-shaped address of theirs is
 * an Ethereum (ERC-20) one; a Tron or Solana one stays `other`, as does every code the platform
 * does not run (LTC, TRX, XMR…).
 */
const chainByCurrency: Readonly<Record<string, SanctionsChain>> = {
  XBT: 'bitcoin',
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'ethereum',
  USDC: 'ethereum',
  XRP: 'xrpl',
};

/** Whether `address` is an address of `chain` (any Bitcoin network: a list is not the platform's network). */
function isAddressOf(chain: SanctionsChain, address: string): boolean {
  switch (chain) {
    case 'bitcoin':
      return bitcoinNetworks.some((network) => checkBitcoinAddress(address, network).valid);
    case 'ethereum':
      // The list's spelling may carry a wrong EIP-55 case; the 20 bytes are what is compared.
      return evmAddress.test(address);
    case 'xrpl':
      return checkXrpAddress(address).valid;
    case 'other':
      return true;
  }
}

/** The chain a listed address is screened on, from its OFAC currency code and its shape. */
export function chainOfListedAddress(currency: string, address: string): SanctionsChain {
  const chain = chainByCurrency[currency.toUpperCase()] ?? 'other';
  return isAddressOf(chain, address) ? chain : 'other';
}

/**
 * What screening compares, for one chain: EVM addresses in lower case (EIP-55 is only a
 * checksum), Bitcoin bech32 in lower case (base58 is case-sensitive and kept), XRP X-addresses
 * as the classic address they name (the tag is not the account), anything else as given.
 */
export function addressKey(chain: string, address: string): string {
  const trimmed = address.trim();
  switch (chain) {
    case 'ethereum':
      return trimmed.toLowerCase();
    case 'bitcoin':
      return bech32Prefix.test(trimmed) ? trimmed.toLowerCase() : trimmed;
    case 'xrpl': {
      const check = checkXrpAddress(trimmed);
      return check.valid ? check.classicAddress : trimmed;
    }
    default:
      return trimmed;
  }
}

/** Whether a manual entry's address is one of `chain`'s (the manual list names only the platform's chains). */
export function isListableAddress(chain: 'bitcoin' | 'ethereum' | 'xrpl', address: string): boolean {
  return isAddressOf(chain, address.trim());
}
