import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { ChainSource } from '../chain';
import type { CustodyDepositSink } from './custody-deposit-sink';
import {
  creditedDepositsFrom,
  deleteScannedBlocksFrom,
  deleteUncreditedDepositsFrom,
  recentScannedBlocks,
} from './deposit-watcher.repository';

export interface DepositReorgCheck {
  /** Lowest height whose recorded hash is no longer the chain's, or null when all agree. */
  findFork(window: number): Promise<number | null>;
  /** Forgets the blocks from the fork and their uncredited deposits. */
  rewind(fork: number): Promise<void>;
}

/**
 * The watcher's cursor and reorganisation check. The uncredited deposits a reorganisation
 * forgets end their custody accounts' transfer records in failure, in the same transaction.
 */
export function createDepositReorgCheck(deps: {
  db: Db;
  source: ChainSource;
  chain: string;
  logger: Logger;
  custody?: CustodyDepositSink;
}): DepositReorgCheck {
  const { db, source, chain, logger } = deps;

  /** Lowest height whose recorded hash is no longer the chain's, or null when all agree. */
  async function findFork(window: number): Promise<number | null> {
    let recorded = await recentScannedBlocks(db, chain, window);
    let fork: number | null = null;
    for (;;) {
      const current = await Promise.all(recorded.map((block) => source.blockHash(block.height)));
      let lowestMatch: number | null = null;
      recorded.forEach((block, position) => {
        if (current[position] === block.hash) lowestMatch ??= block.height;
        else fork = block.height;
      });
      if (fork === null) return null;
      // Every block of the window moved: look further back for the common ancestor.
      const oldest = recorded.at(-1);
      if (lowestMatch !== null || !oldest || recorded.length < window) return fork;
      recorded = (await recentScannedBlocks(db, chain, window * 4)).filter((block) => block.height < oldest.height);
      if (recorded.length === 0) return fork;
    }
  }

  async function rewind(fork: number): Promise<void> {
    const { removed, creditedAbove } = await db.transaction().execute(async (trx) => {
      await deleteScannedBlocksFrom(trx, chain, fork);
      const removedRows = await deleteUncreditedDepositsFrom(trx, chain, fork);
      const custodyRows = removedRows.flatMap((row) =>
        row.custody_account_id === null ? [] : [{ depositId: row.id, custodyAccountId: row.custody_account_id }],
      );
      if (custodyRows.length > 0) {
        if (!deps.custody) throw new Error('custody deposits reorganised away, and no custody sink to record it');
        await deps.custody.failed(trx, custodyRows, 'reorganised');
      }
      const credited = await creditedDepositsFrom(trx, chain, fork);
      return { removed: removedRows, creditedAbove: credited };
    });
    logger.warn(
      { fork, removedDeposits: removed.length, removed: removed.map((row) => `${row.txid}:${row.log_index}`) },
      'chain reorganised: rescanning from the fork',
    );
    if (creditedAbove.length > 0) {
      // Deeper than the confirmation count: the ledger holds credits the chain no longer has.
      logger.error(
        { fork, credited: creditedAbove.map((row) => `${row.txid}:${row.log_index}`) },
        'reorg below credited deposits: reconcile by hand',
      );
    }
  }

  return { findFork, rewind };
}
