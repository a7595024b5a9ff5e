/**
 * What the generic deposit watcher and the withdrawal signer need from a chain. Each chain
 * (EVM node, Bitcoin devnet or Bitcoin Core, XRP devnet) implements these; the watcher and the
 * signer never know which one they drive.
 */

/** One incoming transfer to a watched address, found in one block (ledger, for XRP). */
export interface ChainDeposit {
  /** Transaction id as the chain's explorers show it (hex, no 0x for Bitcoin and XRP). */
  txid: string;
  /**
   * Position of the transfer inside its transaction, so (txid, logIndex) is unique:
   * the EVM log index, the Bitcoin output index (vout), 0 for an XRP payment.
   */
  logIndex: number;
  address: string;
  /** Asset code of the catalogue (BTC, ETH, USDT, XRP…). */
  asset: string;
  /** Base units of the asset (satoshis, wei, drops). */
  amount: bigint;
  /** XRP destination tag, as digits. */
  tag?: string;
  /**
   * Who sent it (sanctions screening of deposit sources): on EVM the transaction's `from` and,
   * for a token, the `Transfer`'s `from`; on Bitcoin the distinct addresses the transaction's
   * inputs spend from (none for a coinbase-like input); on XRP the paying `Account`. Absent
   * where a source does not read senders.
   */
  senders?: string[];
}

export interface ChainSource {
  /** Chain code of `asset_chain.chain`: `bitcoin`, `ethereum`, `xrpl`. */
  chain: string;
  /** Lowest height the chain has (0 for a genesis block; XRP ledgers start at 1). */
  firstHeight?: number;
  /** Height (ledger index for XRP) of the newest block. */
  tipHeight(): Promise<number>;
  /** Hash of the block at that height on the current best chain, `null` above the tip. */
  blockHash(height: number): Promise<string | null>;
  /** Transfers in that block whose destination `watched` accepts. */
  depositsInBlock(height: number, watched: (address: string) => boolean): Promise<ChainDeposit[]>;
}

/** What a withdrawal asks the chain to send from the platform's hot wallet. */
export interface WithdrawalTransfer {
  to: string;
  asset: string;
  /** Base units the destination receives; the network fee is paid by the hot wallet on top. */
  amount: bigint;
  /** XRP destination tag (digits); absent for chains without tags. */
  tag?: string;
}

export interface SignedTransfer {
  /** Known before broadcast, so the signer can record it first (outbox). */
  txid: string;
  /** Hex of the signed transaction, exactly what `broadcast` takes. */
  raw: string;
  /** Network fee the hot wallet pays, in base units of the chain's native coin. */
  networkFee: bigint;
}

export type TransferConfirmation =
  /** The chain does not know it: never broadcast, dropped, or reorganised away. */
  | { state: 'unknown' }
  /** Accepted (mempool, XRP queue) but not yet in a block. */
  | { state: 'pending' }
  | { state: 'included'; confirmations: number }
  /** In a block without effect (EVM revert, XRP `tec…` result): the transfer did not happen. */
  | { state: 'failed'; confirmations: number; reason: string };

export interface ChainSender {
  chain: string;
  /** Builds and signs a transfer from the hot wallet; reserves its inputs so a concurrent call cannot spend them. */
  buildAndSign(transfer: WithdrawalTransfer): Promise<SignedTransfer>;
  /** Sends a signed transaction; sending the same raw transaction again is harmless. Throws when the chain refuses it. */
  broadcast(raw: string): Promise<void>;
  /** Where a broadcast transaction stands; confirmations count as tip − block + 1. */
  confirmations(txid: string): Promise<TransferConfirmation>;
  /**
   * Gives back what `buildAndSign` reserved (Bitcoin inputs, the XRP sequence) for a signed
   * transaction that will never be broadcast, e.g. after `broadcast` threw `BroadcastRejectedError`.
   */
  abandon(raw: string): Promise<void>;
}

/**
 * The chain refused the transaction for good (invalid, double spend, insufficient funds):
 * the withdrawal fails and its hold is released. Any other error from `broadcast` (network,
 * timeout) leaves the outcome unknown: retry the same raw transaction.
 */
export class BroadcastRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`transaction refused: ${reason}`);
    this.name = 'BroadcastRejectedError';
  }
}
