import type { ReceivingChain } from '../chain';

export type { DerivedAddress } from '../chain';

/**
 * One chain that takes deposits: where its addresses come from and where its transfers are
 * read (the chain runtime's receiving side). `chain` is the catalogue's network code
 * (`asset_chain.chain`: `ethereum`, `bitcoin`, `xrpl`), the same code as `source.chain`.
 */
export type DepositChain = ReceivingChain;

/** Chains whose deposits must quote a memo / destination tag (spec §5: XRP). */
export const memoChains = new Set(['xrpl']);
