import type { Db } from '../../platform/db/database';

/** A custody withdrawal order the quorum approved, as the custody module hands it to the withdrawal signer. */
export interface CustodyPayout {
  orderId: string;
  orgId: string;
  /** The custody account whose ledger hold (amount + fee) pays it. */
  accountId: string;
  asset: string;
  chain: string;
  address: string;
  /** Tag or memo; empty when none. */
  tag: string;
  /** Base units, as decimal text. */
  amount: string;
  fee: string;
}

/**
 * The withdrawals module's port for custody withdrawal orders (issue 18), implemented by the
 * custody module and wired by `app.ts`, as deposits' `CustodyDepositSink` is: the signer never
 * reads custody's tables, custody never reads the signer's.
 */
export interface CustodyPayoutSource {
  /**
   * Orders waiting to be sent on these chains, at most `limit`, other than `inFlight` (the orders
   * whose transaction the signer recorded already: never re-checked, never failed here). Each is
   * checked first: an order whose payload no longer matches the digest its approvals signed, or
   * that the policy engine now refuses, is refused by the custody module itself (transfer failed,
   * hold released without fee, logged) and left out; one a freeze now holds is left waiting.
   */
  sendable(chains: readonly string[], limit: number, inFlight: readonly string[]): Promise<CustodyPayout[]>;
  /**
   * The order's transaction has its confirmations: in one transaction, the order's hold is
   * settled (amount to the chain's omnibus account, fee to the platform's fee account), the order
   * approved with `txid`, its transfer record written, and `alongside` run (the signer's own
   * bookkeeping: network fee, outbox), once. Whether it moved (`alongside` runs only then).
   */
  settled(orderId: string, txid: string, alongside: (trx: Db) => Promise<void>): Promise<boolean>;
  /** The transfer failed: the order moves to transfer failed and its hold is released in full, once. Whether it moved. */
  failed(orderId: string, reason: string): Promise<boolean>;
}
