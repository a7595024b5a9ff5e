import { bytesToHex } from '@noble/hashes/utils.js';
import type { Db } from '../../../platform/db/database';
import { sha512Half } from '../xrp/xrp-codec';
import { applyTransaction } from './xrp-devnet-payments';
import {
  insertPendingLedger,
  lockLedger,
  markApplied,
  newestLedger,
  queuedTransactions,
  setLedgerHash,
  type QueuedRow,
} from './xrp-devnet.repository';
import { retryingOnce } from '../../../platform/process/retrying-once';

/** The XRP devnet's ledger closing: the genesis ledger, then one validated ledger of the queued transactions per interval across processes. */

/** `onlyGenesis` makes the first ledger once; otherwise closes one with the queued transactions (when the lock is free and, with `dueAfterMs`, the last is that old). */
export async function closeLedger(db: Db, reserve: bigint, onlyGenesis: boolean, dueAfterMs?: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockLedger(trx, onlyGenesis))) return null;
    const tip = await newestLedger(trx);
    if (onlyGenesis && tip) return null;
    if (dueAfterMs !== undefined && tip && Date.now() - tip.closed_at.getTime() < dueAfterMs) return null;
    const ledgerIndex = tip ? tip.ledger_index + 1 : 1;
    const parentHash = tip?.hash ?? '0'.repeat(64);
    // The ledger row first, so applied transactions can point at it; its hash covers them below.
    await insertPendingLedger(trx, ledgerIndex, parentHash);

    const applied: string[] = [];
    if (tip) {
      let pending: QueuedRow[] = await queuedTransactions(trx);
      let progressed = true;
      while (progressed) {
        progressed = false;
        const waiting: QueuedRow[] = [];
        for (const tx of pending) {
          const result = await applyTransaction(trx, reserve, tx);
          if (result === null) {
            waiting.push(tx);
            continue;
          }
          progressed = true;
          await markApplied(trx, tx.hash, { result, ledgerIndex, position: applied.length });
          applied.push(tx.hash);
        }
        pending = waiting;
      }
    }
    const hash = bytesToHex(sha512Half(new TextEncoder().encode([parentHash, ledgerIndex, ...applied].join(':')))).toUpperCase();
    await setLedgerHash(trx, ledgerIndex, hash);
    return ledgerIndex;
  });
}

/** Makes the genesis ledger once per devnet (tried again after a failure); every read and closing tick awaits it first. */
export function genesisOnce(db: Db, reserve: bigint): () => Promise<void> {
  return retryingOnce(async () => {
    await closeLedger(db, reserve, true);
  });
}
