import { HDKey } from '@scure/bip32';
import { bitcoinNetworks } from './addresses/bitcoin-address';
import { addressOfPublicKey } from './addresses/hd-wallet';
import { BITCOIN_CHAIN, createBitcoinChainSource, type BitcoinNode } from './bitcoin';
import type { ChainSource } from './chain-source';
import { createEvmAddressDeriver } from './evm/evm-addresses';
import { createEvmChainSource } from './evm/evm-chain-source';
import { evmPublicClient, type EvmNode } from './evm/evm-node';
import type { HdSeed } from './hd-seed';
import { createXrpChainSource, XRP_CHAIN, xrpDepositTag, xrpHotWalletAddress, type XrpNode } from './xrp';

/** A deposit address derived for one customer on one chain. */
export interface DerivedAddress {
  address: string;
  /** Destination tag where the chain shares one address between customers (XRP). */
  memo: string | null;
}

/**
 * One chain that takes deposits: where its addresses come from and where its transfers are
 * read. `chain` is the catalogue's network code (`asset_chain.chain`: `ethereum`, `bitcoin`,
 * `xrpl`), the same code as `source.chain`.
 */
export interface ReceivingChain {
  chain: string;
  /** Deposit address number `index` of the HD tree (each customer gets a fresh index). */
  deriveAddress(index: number): DerivedAddress;
  source: ChainSource;
  /** Token contracts on this chain by asset code (ERC-20), shown on the recharge screen. */
  contracts?: Record<string, string>;
}

/** The EVM chain taking deposits: derived addresses, block reader, the node's token contracts. */
export function evmReceivingChain(node: Pick<EvmNode, 'rpcUrl' | 'tokens'>, seed: HdSeed): ReceivingChain {
  const deriver = createEvmAddressDeriver(seed);
  return {
    chain: deriver.chain,
    deriveAddress: (index) => deriver.derive(index),
    source: createEvmChainSource(evmPublicClient(node.rpcUrl), node.tokens),
    contracts: { ...node.tokens },
  };
}

/**
 * Bitcoin taking deposits: BIP84 addresses `m/84'/coin'/0'/0/i` (bcrt1… on regtest) derived
 * from the account's public key, so only public keys leave the derivation, and its block reader.
 */
export function bitcoinReceivingChain(node: BitcoinNode, seed: HdSeed): ReceivingChain {
  const { coinType } = bitcoinNetworks[node.network];
  const account = HDKey.fromMasterSeed(seed.bytes()).derive(`m/84'/${coinType}'/0'/0`);
  const publicAccount = HDKey.fromExtendedKey(account.publicExtendedKey);
  account.wipePrivateData();
  return {
    chain: BITCOIN_CHAIN,
    deriveAddress(index) {
      if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`deposit index out of range: ${index}`);
      const publicKey = publicAccount.deriveChild(index).publicKey;
      if (!publicKey) throw new Error('derived key has no public key');
      return { address: addressOfPublicKey('BTC', publicKey, node.network), memo: null };
    },
    source: createBitcoinChainSource(node),
  };
}

/** XRP taking deposits: one platform account (the hot wallet) for everyone, a destination tag per customer. */
export function xrpReceivingChain(node: XrpNode, seed: HdSeed): ReceivingChain {
  const account = xrpHotWalletAddress(seed.bytes());
  return {
    chain: XRP_CHAIN,
    deriveAddress: (index) => ({ address: account, memo: xrpDepositTag(index) }),
    source: createXrpChainSource(node),
  };
}
