import type { Db } from '../../platform/db/database';

/** A deposit to a custody account, as the watcher recorded it. */
export interface CustodyDepositFacts {
  depositId: string;
  custodyAccountId: string;
  chain: string;
  asset: string;
  /** Base units. */
  amount: bigint;
  txid: string;
  address: string;
  memo: string | null;
  /** Who sent it, where the chain names them. */
  senders: readonly string[] | null;
  /** Below the coin's minimum: recorded as failed, never credited. */
  isBelowMinimum: boolean;
}

/** A deposit to a custody account and the ledger journal that made it usable. */
export interface CustodyDepositCredit {
  depositId: string;
  custodyAccountId: string;
  journalId: string;
}

export type CustodyDepositFailure = 'reorganised' | 'refused';

/**
 * What the custody module keeps of deposits to custody accounts (its transfer records), told
 * by the deposits module — which never imports custody — inside the very transaction that
 * writes the deposit row or moves the money, so a record can never disagree with the ledger:
 * - `recorded`: new deposits (pending credit; below the minimum: failure);
 * - `credited`: usable by their journal (a credit not frozen by screening, or a frozen credit
 *   released by compliance); each must find its pending record, or the credit rolls back;
 * - `failed`: never to be credited (undone by a reorganisation, refused by compliance);
 * - `holderOf`: the customer a compliance hold on a custody deposit names (the organisation's holder).
 * `app.ts` wires the custody module's implementation; a watcher without one (tests of the
 * watcher alone) refuses to record or credit a deposit to a custody account.
 */
export interface CustodyDepositSink {
  recorded(trx: Db, deposits: readonly CustodyDepositFacts[]): Promise<void>;
  credited(trx: Db, credits: readonly CustodyDepositCredit[]): Promise<void>;
  failed(trx: Db, deposits: ReadonlyArray<{ depositId: string; custodyAccountId: string }>, reason: CustodyDepositFailure): Promise<void>;
  holderOf(trx: Db, custodyAccountId: string): Promise<string>;
}
