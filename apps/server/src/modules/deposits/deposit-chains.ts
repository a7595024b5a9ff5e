import type { ChainSource } from '../chain/chain-source';

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
export interface DepositChain {
  chain: string;
  /** Deposit address number `index` of the HD tree (each customer gets a fresh index). */
  deriveAddress(index: number): DerivedAddress;
  source: ChainSource;
  /** Token contracts on this chain by asset code (ERC-20), shown on the recharge screen. */
  contracts?: Record<string, string>;
}

/** Chains whose deposits must quote a memo / destination tag (spec §5: XRP). */
export const memoChains = new Set(['xrpl']);
