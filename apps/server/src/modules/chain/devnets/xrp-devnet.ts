import type { Db } from '../../../platform/db/database';
import { checkXrpAddress } from '../addresses/xrp-address';
import { runEvery } from './devnet-timer';
import type { LedgerPayment, XrpNode, XrpTransactionStatus } from '../xrp/xrp-node';
import { closeLedger, genesisOnce } from './xrp-devnet-ledger';
import { BASE_FEE, queueFaucetPayment, submitPayment } from './xrp-devnet-payments';
import * as store from './xrp-devnet.repository';

export interface XrpDevnetOptions {
  /** Minimum balance of an account, drops (the mainnet base reserve since 2024: 1 XRP). */
  accountReserve?: bigint;
}

export interface XrpDevnet extends XrpNode {
  /** Closes and validates a ledger with the queued transactions, unless another process holds the lock. */
  closeLedger(): Promise<number | null>;
  closeLedgerIfDue(intervalMs: number): Promise<number | null>;
  startClosing(options: { intervalMs: number; onError?: (error: unknown) => void }): () => void;
  /** Credits an address (creating its account) in the next ledger; answers the faucet payment's hash. */
  faucet(address: string, drops: bigint, destinationTag?: number): Promise<string>;
  accountInfo(address: string): Promise<{ balance: bigint; sequence: number } | null>;
}

/** The built-in XRP Ledger stand-in: accounts, reserves, sequences and tagged payments, validated ledger by ledger (closing: `xrp-devnet-ledger.ts`, payments: `xrp-devnet-payments.ts`, SQL: `xrp-devnet.repository.ts`). */
export function createXrpDevnet(db: Db, options: XrpDevnetOptions = {}): XrpDevnet {
  const reserve = options.accountReserve ?? 1_000_000n;
  const ensureGenesis = genesisOnce(db, reserve);

  async function ledgerHash(ledgerIndex: number): Promise<string | null> {
    await ensureGenesis();
    return store.ledgerHash(db, ledgerIndex);
  }

  return {
    async validatedLedgerIndex() {
      await ensureGenesis();
      return store.newestLedgerIndex(db);
    },

    ledgerHash,

    async ledgerPayments(ledgerIndex): Promise<LedgerPayment[] | null> {
      if ((await ledgerHash(ledgerIndex)) === null) return null;
      const rows = await store.ledgerPaymentRows(db, ledgerIndex);
      return rows.map((row) => ({
        hash: row.hash,
        account: row.account,
        destination: row.destination as string,
        amount: BigInt(row.amount),
        destinationTag: row.destination_tag === null ? null : String(row.destination_tag),
      }));
    },

    submit: (blobHex) => submitPayment(db, blobHex),

    async transactionStatus(hash): Promise<XrpTransactionStatus> {
      const row = await store.transactionStatusRow(db, hash);
      if (!row) return { state: 'unknown' };
      if (row.status === 'queued' || row.ledger_index === null) return { state: 'queued' };
      return { state: 'validated', ledgerIndex: row.ledger_index, result: row.result ?? 'tesSUCCESS' };
    },

    async reserveSequence(account) {
      const taken = await store.takeSequence(db, account);
      if (taken === undefined) throw new Error(`XRP account ${account} does not exist yet: fund it first`);
      return Number(taken);
    },

    async releaseSequence(account, sequence) {
      // A no-op that consumes the sequence when its turn comes (on the real ledger: an empty AccountSet).
      await store.insertSkip(db, account, sequence);
    },

    async fee() {
      return BASE_FEE;
    },

    closeLedger: async () => {
      await ensureGenesis();
      return closeLedger(db, reserve, false);
    },

    closeLedgerIfDue: async (intervalMs) => {
      await ensureGenesis();
      return closeLedger(db, reserve, false, intervalMs);
    },

    startClosing({ intervalMs, onError }) {
      // Checked four times an interval; closeLedger(…, intervalMs) acts only when the last one is due.
      return runEvery(
        Math.max(100, Math.floor(intervalMs / 4)),
        () => ensureGenesis().then(() => closeLedger(db, reserve, false, intervalMs)),
        onError,
      );
    },

    async faucet(address, drops, destinationTag) {
      const check = checkXrpAddress(address);
      if (!check.valid || check.format !== 'classic') throw new Error('faucet: not a classic XRP address');
      if (drops <= 0n) throw new Error('faucet: amount must be positive');
      await ensureGenesis();
      return queueFaucetPayment(db, address, drops, destinationTag);
    },

    async accountInfo(address) {
      const row = await store.accountRow(db, address);
      return row ? { balance: BigInt(row.balance), sequence: Number(row.sequence) } : null;
    },
  };
}
