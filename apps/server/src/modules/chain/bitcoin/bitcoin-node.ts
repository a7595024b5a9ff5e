import type { BitcoinNetwork } from '../addresses/bitcoin-address';

/** One output of a block's transaction, as the watcher needs it. */
export interface BlockOutput {
  vout: number;
  /** Standard address of the output script, `null` for non-standard scripts. */
  address: string | null;
  /** Satoshis. */
  value: bigint;
}

/** One input of a block's transaction: what the output it spends paid to (Bitcoin Core's `vin[].prevout`). */
export interface BlockInput {
  /** Standard address of the spent output's script; `null` for a coinbase input and for non-standard scripts. */
  address: string | null;
}

export interface BlockTransaction {
  txid: string;
  isCoinbase: boolean;
  /** In `vin` order. */
  inputs: BlockInput[];
  outputs: BlockOutput[];
}

export interface Outpoint {
  txid: string;
  vout: number;
}

export interface UnspentOutput extends Outpoint {
  address: string;
  value: bigint;
  scriptPubKey: Uint8Array;
  confirmations: number;
}

export type NodeTransactionStatus = { state: 'unknown' } | { state: 'mempool' } | { state: 'mined'; height: number };

/**
 * What the platform needs from a Bitcoin node. The built-in devnet and Bitcoin Core (over
 * JSON-RPC) both provide it; the chain source and the sender are written against it only.
 */
export interface BitcoinNode {
  network: BitcoinNetwork;
  tipHeight(): Promise<number>;
  blockHash(height: number): Promise<string | null>;
  /** Transactions of the block at `height` on the best chain, with the addresses their inputs spend from; `null` above the tip. */
  blockTransactions(height: number): Promise<BlockTransaction[] | null>;
  /** Accepts a signed transaction; answers its txid. Throws `BroadcastRejectedError` when refused. */
  sendRawTransaction(rawHex: string): Promise<string>;
  transactionStatus(txid: string): Promise<NodeTransactionStatus>;
  /** Unspent, unlocked outputs paying these addresses with at least `minConfirmations`. */
  listUnspent(addresses: string[], minConfirmations: number): Promise<UnspentOutput[]>;
  /** Locks outputs for a transaction being built; false (and nothing locked) when any is taken. */
  lockUnspent(outpoints: Outpoint[]): Promise<boolean>;
  unlockUnspent(outpoints: Outpoint[]): Promise<void>;
  /** Fee rate to pay, satoshis per virtual byte. */
  feeRate(): Promise<bigint>;
  /**
   * Satoshis these addresses hold in the chain's UTXO set: outputs in blocks not spent by a
   * transaction in a block. The mempool and output locks do not count, so reconciliation sees
   * the chain's state and nothing in flight.
   */
  confirmedBalance(addresses: string[]): Promise<bigint>;
}
