import type { ReconciliationRun } from '@coffer/contract';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { AuditApi, AuditEntry } from '../audit';
import { createDepositReads } from '../deposits';
import { createLedgerReads } from '../ledger';
import type { WithdrawalSender } from './withdrawal-signer';
import { broadcastUnresolved } from './withdrawal-outbox.repository';
import { insertLines, insertRun, latestRun, runHistory, runLines } from './reconciliation.repository';

/** What reconciliation reads from one chain: balances of the platform's addresses. */
export interface ChainBalanceReader {
  chain: string;
  /** The hot wallet (withdrawals are paid from it). */
  hotWallet: string;
  /** Assets of the catalogue on this chain that this reader can read. */
  assets: string[];
  balanceOf(asset: string, address: string): Promise<bigint>;
  /** The sum over many addresses in one read, where the chain offers it (a Bitcoin UTXO-set scan). */
  totalBalanceOf?(asset: string, addresses: string[]): Promise<bigint>;
}

/** A recorded run in a list: when it was recorded (a run is recorded once it has read every chain) and how many lines differ. */
export interface ReconciliationRunSummary {
  runId: string;
  at: Date;
  mismatches: number;
}

/** Who started a run, as the audit log names them: an operator and their address, or the schedule. */
export type ReconciliationActor = Pick<AuditEntry, 'actor' | 'ip' | 'userAgent'>;

export interface Reconciliation {
  /** Reads every chain and asset, records the run (with its audit row naming `by`) and answers it. */
  run(by: ReconciliationActor): Promise<ReconciliationRun>;
  /** The last recorded run, if any. */
  latest(): Promise<ReconciliationRun | null>;
  /** The newest `limit` recorded runs, newest first. */
  history(limit: number): Promise<ReconciliationRunSummary[]>;
}

/**
 * Reconciliation (issue 5 §7): per chain and asset, the on-chain balance of the hot wallet and
 * every deposit address against the ledger. Every journal sums to zero, so minus the omnibus
 * account is what all other accounts of the asset hold (customers, fees, treasury): exactly
 * what must be on chain, less what already left on chain for withdrawals not yet settled
 * (their amount, and the network fee in the chain's native coin). The difference
 * onChain + omnibus + in-flight is recorded; a non-zero one is logged as an alert and shown
 * by the `coffer_reconciliation_difference` gauge.
 */
export function createReconciliation(deps: {
  db: Db;
  readers: ChainBalanceReader[];
  senders: Map<string, WithdrawalSender>;
  logger: Logger;
  audit: Pick<AuditApi, 'record'>;
  registry?: Registry;
}): Reconciliation {
  const { db } = deps;
  const ledgerReads = createLedgerReads(db);
  const depositReads = createDepositReads(db);
  const logger = deps.logger.child({ component: 'reconciliation' });
  const gauge = deps.registry
    ? new Gauge({
        name: 'coffer_reconciliation_difference',
        help: 'On-chain balance minus what the ledger says must be on chain, in base units, by chain and asset',
        labelNames: ['chain', 'asset'],
        registers: [deps.registry],
      })
    : null;

  async function omnibusBalance(asset: string): Promise<bigint> {
    // A house account's balance is its row plus the changes waiting to be folded into it.
    return ledgerReads.platformAvailableBalance('omnibus', asset);
  }

  /** Amounts (and native network fees) already gone on chain for withdrawals not yet settled. */
  async function inFlight(chain: string): Promise<Map<string, bigint>> {
    const sender = deps.senders.get(chain);
    const gone = new Map<string, bigint>();
    if (!sender) return gone;
    const open = await broadcastUnresolved(db, chain);
    for (const row of open) {
      const state = await sender.confirmations(row.txid);
      if (state.state !== 'included' && state.state !== 'failed') continue;
      if (state.state === 'included') gone.set(row.asset, (gone.get(row.asset) ?? 0n) + BigInt(row.amount));
      if (sender.networkFeePaid && sender.feeAsset) {
        gone.set(sender.feeAsset, (gone.get(sender.feeAsset) ?? 0n) + (await sender.networkFeePaid(row.txid)));
      }
    }
    return gone;
  }

  async function run(by: ReconciliationActor): Promise<ReconciliationRun> {
    const lines: ReconciliationRun['lines'] = [];
    const stored: Array<{
      chain: string;
      asset: string;
      on_chain: bigint;
      ledger_omnibus: bigint;
      pending_withdrawals: bigint;
      difference: bigint;
    }> = [];
    for (const reader of deps.readers) {
      const deposits = await depositReads.depositAddressesOf(reader.chain);
      // Customers may share one address (XRP: the hot wallet with a tag each): count each address once.
      const addresses = [...new Set([reader.hotWallet, ...deposits.map((row) => row.address)])];
      const gone = await inFlight(reader.chain);
      for (const asset of reader.assets) {
        let onChain = 0n;
        if (reader.totalBalanceOf) onChain = await reader.totalBalanceOf(asset, addresses);
        else for (const address of addresses) onChain += await reader.balanceOf(asset, address);
        const omnibus = await omnibusBalance(asset);
        const pending = gone.get(asset) ?? 0n;
        const difference = onChain + omnibus + pending;
        stored.push({ chain: reader.chain, asset, on_chain: onChain, ledger_omnibus: omnibus, pending_withdrawals: pending, difference });
        lines.push({
          chain: reader.chain,
          asset,
          onChain: onChain.toString(),
          ledgerOmnibus: omnibus.toString(),
          pendingWithdrawals: pending.toString(),
          difference: difference.toString(),
        });
        gauge?.set({ chain: reader.chain, asset }, Number(difference));
        if (difference !== 0n) {
          logger.error(
            {
              alert: 'reconciliation-difference',
              chain: reader.chain,
              asset,
              onChain: onChain.toString(),
              omnibus: omnibus.toString(),
              inFlight: pending.toString(),
              difference: difference.toString(),
            },
            'chain and ledger disagree',
          );
        }
      }
    }
    const runRow = await db.transaction().execute(async (trx) => {
      const inserted = await insertRun(trx);
      if (stored.length > 0) await insertLines(trx, inserted.id, stored);
      await deps.audit.record(trx, {
        ...by,
        action: 'reconciliation.run',
        subject: { kind: 'reconciliationRun', id: inserted.id },
        after: { lines: stored.length, mismatches: stored.filter((line) => line.difference !== 0n).length },
      });
      return inserted;
    });
    return { runId: runRow.id, at: runRow.at.toISOString(), lines };
  }

  return {
    run,
    async history(limit) {
      const rows = await runHistory(db, limit);
      return rows.map((row) => ({ runId: row.id, at: row.at, mismatches: Number(row.mismatches) }));
    },
    async latest(): Promise<ReconciliationRun | null> {
      const runRow = await latestRun(db);
      if (!runRow) return null;
      const rows = await runLines(db, runRow.id);
      return {
        runId: runRow.id,
        at: runRow.at.toISOString(),
        lines: rows.map((row) => ({
          chain: row.chain,
          asset: row.asset,
          onChain: row.on_chain,
          ledgerOmnibus: row.ledger_omnibus,
          pendingWithdrawals: row.pending_withdrawals,
          difference: row.difference,
        })),
      };
    },
  };
}
