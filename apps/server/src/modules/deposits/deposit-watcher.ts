import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { ChainDeposit, ChainSource } from '../chain';
import type { CustodyDepositSink } from './custody-deposit-sink';
import { createDepositCrediting } from './deposit-crediting';
import { createDepositRecording } from './deposit-recording';
import { createDepositReorgCheck } from './deposit-reorg';
import type { Ledger } from '../ledger';
import type { SanctionsScreening } from '../sanctions';
import type { DepositSettings } from './deposit-settings';
import { pruneScannedBlocks, recentScannedBlocks, updateConfirmations } from './deposit-watcher.repository';

export interface TickResult {
  tip: number;
  /** Blocks read in this tick. */
  scanned: number;
  /** New deposits recorded (waiting or failed). */
  detected: number;
  credited: number;
  /** Height the chain was rewound to after a reorganisation, if one was found. */
  rewoundTo: number | null;
  /** More blocks wait behind the tip of this tick's batch: run again without sleeping. */
  hasMore: boolean;
  /** Where the tick spent its time, in milliseconds. */
  timings: { readMs: number; recordMs: number; creditMs: number };
}

export interface DepositWatcherOptions {
  /** Most blocks read in one tick, so a backlog is committed in pieces. */
  maxBlocksPerTick?: number;
  /** Blocks fetched from the node at the same time. */
  fetchConcurrency?: number;
  /** On the very first run, how many blocks below the tip to start reading from. */
  initialLookback?: number;
  /** Scanned block hashes kept (the reorg check reads the newest of them). */
  keepBlocks?: number;
}

export interface ScannedBlock {
  height: number;
  hash: string;
  deposits: ChainDeposit[];
}

export interface DepositWatcher {
  chain: string;
  /** Settles once every after-credit hook queued so far has run (a process stopping waits for it). */
  idle(): Promise<void>;
  /** One pass: reorg check, read new blocks, confirmations, credits. */
  tick(): Promise<TickResult>;
}

/**
 * Finds the deposits of one chain, generic over its `ChainSource`:
 * 1. checks the recently read blocks' hashes against the chain; where one changed (a reorg)
 *    it forgets those blocks and their uncredited deposits and reads again from the fork;
 * 2. reads the blocks after its cursor (the newest row of `chain_scanned_block`), recording
 *    each transfer to a customer's address as waiting (3), or failed (2) below the minimum,
 *    once per (chain, txid, log index);
 * 3. counts confirmations as tip − block + 1 and credits each deposit that reached its
 *    coin's count: ledger journal (bill 2001, key `deposit:chain:txid:logIndex`) and the
 *    state change to credited (1) in one transaction — frozen in it too when a sender is on a
 *    sanctions list.
 * Everything it knows is in PostgreSQL, so a restart continues where it stopped, and the
 * ledger key makes a second credit impossible. One process drives it at a time (runner).
 */
export function createDepositWatcher(deps: {
  db: Db;
  ledger: Ledger;
  settings: DepositSettings;
  source: ChainSource;
  logger: Logger;
  options?: DepositWatcherOptions;
  /**
   * Called with each credit's ledger journal once its transaction has committed (the automatic
   * swap). It runs behind the watcher, one journal at a time, so it never slows crediting; a
   * failure is logged and left to the hook owner's own scheduled scan.
   */
  onCredited?: (journalId: string) => Promise<void>;
  /** Screens each credited deposit's senders (where the chain source names them): a listed one is frozen. */
  sanctions?: Pick<SanctionsScreening, 'screenMany' | 'openHold'>;
  /** The custody accounts' transfer records, told of their deposits in the same transactions (`app.ts` wires custody's). */
  custody?: CustodyDepositSink;
}): DepositWatcher {
  const { db, ledger, settings, source } = deps;
  const chain = source.chain;
  const logger = deps.logger.child({ component: 'deposit-watcher', chain });
  const maxBlocksPerTick = deps.options?.maxBlocksPerTick ?? 500;
  const fetchConcurrency = deps.options?.fetchConcurrency ?? 8;
  const initialLookback = deps.options?.initialLookback ?? 64;
  const keepBlocks = deps.options?.keepBlocks ?? 2_000;

  const crediting = createDepositCrediting({
    db,
    ledger,
    settings,
    chain,
    logger,
    ...(deps.onCredited ? { onCredited: deps.onCredited } : {}),
    ...(deps.sanctions ? { sanctions: deps.sanctions } : {}),
    ...(deps.custody ? { custody: deps.custody } : {}),
  });
  const { creditDue } = crediting;
  const custody = deps.custody ? { custody: deps.custody } : {};
  const recording = createDepositRecording({ db, settings, chain, logger, ...custody });
  const { refreshAddresses, record } = recording;
  const { findFork, rewind } = createDepositReorgCheck({ db, source, chain, logger, ...custody });

  async function readBlock(height: number): Promise<ScannedBlock | null> {
    const hash = await source.blockHash(height);
    if (hash === null) return null;
    // A reorg between these two reads leaves a wrong hash on the record; the next tick's
    // check then sees it and reads the block again.
    const deposits = await source.depositsInBlock(height, (address) => recording.isWatched(address));
    return { height, hash, deposits };
  }

  async function readBlocks(from: number, to: number): Promise<ScannedBlock[]> {
    const blocks: ScannedBlock[] = [];
    for (let start = from; start <= to; start += fetchConcurrency) {
      const heights = Array.from({ length: Math.min(fetchConcurrency, to - start + 1) }, (_, offset) => start + offset);
      const read = await Promise.all(heights.map(readBlock));
      for (const block of read) {
        if (!block) return blocks;
        blocks.push(block);
      }
    }
    return blocks;
  }

  async function reorgWindow(): Promise<number> {
    const deepest = Math.max(1, ...[...(await settings.forChain(chain)).values()].map((setting) => setting.confirmationsToCredit));
    return Math.min(256, deepest + 4);
  }

  return {
    chain,

    /** Settles once every after-credit hook queued so far has run (a process stopping waits for it). */
    idle: crediting.idle,

    /** One pass: reorg check, read new blocks, confirmations, credits. */
    async tick(): Promise<TickResult> {
      await refreshAddresses();
      const tip = await source.tipHeight();
      let rewoundTo: number | null = null;
      const fork = await findFork(await reorgWindow());
      if (fork !== null) {
        await rewind(fork);
        rewoundTo = fork;
      }
      const [newest] = await recentScannedBlocks(db, chain, 1);
      const from = newest ? newest.height + 1 : Math.max(source.firstHeight ?? 0, tip - initialLookback + 1);
      const to = Math.min(tip, from + maxBlocksPerTick - 1);
      let detected = 0;
      let scanned = 0;
      const timings = { readMs: 0, recordMs: 0, creditMs: 0 };
      if (from <= to) {
        let started = performance.now();
        const blocks = await readBlocks(from, to);
        timings.readMs = performance.now() - started;
        scanned = blocks.length;
        if (blocks.length > 0) {
          started = performance.now();
          detected = await record(blocks);
          timings.recordMs = performance.now() - started;
          await pruneScannedBlocks(db, chain, blocks.at(-1)!.height - keepBlocks);
        }
      }
      const cursor = newest && scanned === 0 ? newest.height : from + scanned - 1;
      await updateConfirmations(db, chain, tip);
      const creditStarted = performance.now();
      const credited = await creditDue(tip, cursor);
      timings.creditMs = performance.now() - creditStarted;
      return { tip, scanned, detected, credited, rewoundTo, hasMore: to < tip && scanned > 0, timings };
    },
  };
}
