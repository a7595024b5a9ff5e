/** A validated XRP payment to an account, as the deposit watcher needs it. */
export interface LedgerPayment {
  hash: string;
  /** The sending account (the transaction's `Account`), a classic address. */
  account: string;
  destination: string;
  /** Drops. */
  amount: bigint;
  destinationTag: string | null;
}

export type XrpTransactionStatus = { state: 'unknown' } | { state: 'queued' } | { state: 'validated'; ledgerIndex: number; result: string };

/**
 * What the platform needs from the XRP Ledger. The built-in devnet provides it; a rippled
 * adapter would map it onto `ledger`, `submit`, `tx` and `account_info` (a payment's
 * `Account`, `Destination`, `DestinationTag` and delivered amount from the ledger's transactions).
 */
export interface XrpNode {
  /** Index of the newest validated ledger. */
  validatedLedgerIndex(): Promise<number>;
  ledgerHash(ledgerIndex: number): Promise<string | null>;
  /** Successful (`tesSUCCESS`) payments validated in that ledger, `null` above the tip. */
  ledgerPayments(ledgerIndex: number): Promise<LedgerPayment[] | null>;
  /** Submits a signed payment blob (hex); answers its hash. Throws `BroadcastRejectedError` when refused. */
  submit(blobHex: string): Promise<string>;
  transactionStatus(hash: string): Promise<XrpTransactionStatus>;
  /** Takes the next sequence number for a transaction the platform signs for `account`. */
  reserveSequence(account: string): Promise<number>;
  /** Gives back a sequence whose transaction will never be submitted, so later ones are not stuck behind it. */
  releaseSequence(account: string, sequence: number): Promise<void>;
  /** Fee to pay per transaction, drops. */
  fee(): Promise<bigint>;
}
