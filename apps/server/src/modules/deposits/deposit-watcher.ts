import { billTypes, depositStatus } from '@coffer/contract';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { ChainDeposit, ChainSource } from '../chain/chain-source';
import type { Ledger } from '../ledger';
import type { DepositSettings } from './deposit-settings';
import type { DepositTable } from './deposits.schema';

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

interface WatchedAddress {
  userId: string;
  memo: string | null;
}

interface ScannedBlock {
  height: number;
  hash: string;
  deposits: ChainDeposit[];
}

const insertChunk = 1_000;
/** Deposits credited per transaction. */
const creditBatch = 200;
/** Concurrent crediting transactions, each for its own set of customers. */
const creditLanes = 4;

/**
 * Finds the deposits of one chain, generic over its `ChainSource`:
 * 1. checks the recently read blocks' hashes against the chain; where one changed (a reorg)
 *    it forgets those blocks and their uncredited deposits and reads again from the fork;
 * 2. reads the blocks after its cursor (the newest row of `chain_scanned_block`), recording
 *    each transfer to a customer's address as waiting (3), or failed (2) below the minimum,
 *    once per (chain, txid, log index);
 * 3. counts confirmations as tip − block + 1 and credits each deposit that reached its
 *    coin's count: ledger journal (bill 2001, key `deposit:chain:txid:logIndex`) and the
 *    state change to credited (1) in one transaction.
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
}) {
  const { db, ledger, settings, source } = deps;
  const chain = source.chain;
  const logger = deps.logger.child({ component: 'deposit-watcher', chain });
  const maxBlocksPerTick = deps.options?.maxBlocksPerTick ?? 500;
  const fetchConcurrency = deps.options?.fetchConcurrency ?? 8;
  const initialLookback = deps.options?.initialLookback ?? 64;
  const keepBlocks = deps.options?.keepBlocks ?? 2_000;

  let hooks: Promise<void> = Promise.resolve();
  function afterCommit(journalIds: string[]): void {
    const onCredited = deps.onCredited;
    if (!onCredited || journalIds.length === 0) return;
    hooks = hooks.then(async () => {
      for (const journalId of journalIds) {
        try {
          await onCredited(journalId);
        } catch (error) {
          logger.warn({ err: error, journalId }, 'after-credit hook failed; its scheduled scan will pick the deposit up');
        }
      }
    });
  }

  const watched = new Map<string, WatchedAddress>();
  const watchedAddresses = new Set<string>();
  let lastAddressId = '0';

  /** New deposit addresses since the last tick (addresses never change once given out). */
  async function refreshAddresses(): Promise<void> {
    const rows = await db
      .selectFrom('deposit_address')
      .select(['id', 'user_id', 'address', 'memo'])
      .where('chain', '=', chain)
      .where('id', '>', lastAddressId)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      watched.set(row.memo === null ? row.address : `${row.address}#${row.memo}`, { userId: row.user_id, memo: row.memo });
      watchedAddresses.add(row.address);
      lastAddressId = row.id;
    }
  }

  const ownerOf = (deposit: ChainDeposit): WatchedAddress | undefined =>
    (deposit.tag !== undefined ? watched.get(`${deposit.address}#${deposit.tag}`) : undefined) ?? watched.get(deposit.address);

  async function recentBlocks(limit: number) {
    const rows = await db
      .selectFrom('chain_scanned_block')
      .select(['height', 'block_hash'])
      .where('chain', '=', chain)
      .orderBy('height', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ height: Number(row.height), hash: row.block_hash }));
  }

  /** Lowest height whose recorded hash is no longer the chain's, or null when all agree. */
  async function findFork(window: number): Promise<number | null> {
    let recorded = await recentBlocks(window);
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
      recorded = (await recentBlocks(window * 4)).filter((block) => block.height < oldest.height);
      if (recorded.length === 0) return fork;
    }
  }

  async function rewind(fork: number): Promise<void> {
    const { removed, creditedAbove } = await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('chain_scanned_block').where('chain', '=', chain).where('height', '>=', String(fork)).execute();
      const removedRows = await trx
        .deleteFrom('deposit')
        .where('chain', '=', chain)
        .where('block_height', '>=', String(fork))
        .where('status', '<>', depositStatus.credited)
        .returning(['id', 'txid', 'log_index', 'status'])
        .execute();
      const credited = await trx
        .selectFrom('deposit')
        .select(['id', 'txid', 'log_index'])
        .where('chain', '=', chain)
        .where('block_height', '>=', String(fork))
        .where('status', '=', depositStatus.credited)
        .execute();
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

  async function readBlock(height: number): Promise<ScannedBlock | null> {
    const hash = await source.blockHash(height);
    if (hash === null) return null;
    // A reorg between these two reads leaves a wrong hash on the record; the next tick's
    // check then sees it and reads the block again.
    const deposits = await source.depositsInBlock(height, (address) => watchedAddresses.has(address));
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

  async function record(blocks: ScannedBlock[]): Promise<number> {
    const byAsset = await settings.forChain(chain);
    const rows: Array<Insertable<DepositTable>> = [];
    for (const block of blocks) {
      for (const deposit of block.deposits) {
        const owner = ownerOf(deposit);
        const setting = byAsset.get(deposit.asset);
        if (!owner) {
          // Only a shared address (XRP) gets here: its tag is missing or names no customer. Nobody
          // is credited; the coins stay on the platform's account, where reconciliation shows them.
          logger.warn(
            {
              alert: 'unattributed-deposit',
              txid: deposit.txid,
              address: deposit.address,
              tag: deposit.tag ?? null,
              asset: deposit.asset,
              amount: deposit.amount.toString(),
              height: block.height,
            },
            'deposit names no customer (missing or unknown destination tag): not credited, left for review',
          );
          continue;
        }
        if (!setting) {
          logger.error({ asset: deposit.asset, txid: deposit.txid }, 'deposit of a coin the catalogue does not list on this chain');
          continue;
        }
        if (deposit.amount <= 0n) continue;
        const isBelowMinimum = deposit.amount < setting.minDeposit;
        rows.push({
          user_id: owner.userId,
          chain,
          asset: deposit.asset,
          txid: deposit.txid,
          log_index: deposit.logIndex,
          address: deposit.address,
          memo: owner.memo,
          amount: deposit.amount.toString(),
          block_height: String(block.height),
          block_hash: block.hash,
          confirmations: 0,
          required_confirmations: setting.confirmationsToCredit,
          status: isBelowMinimum ? depositStatus.failed : depositStatus.waiting,
          fail_reason: isBelowMinimum ? 'belowMinimum' : null,
        });
      }
    }
    return db.transaction().execute(async (trx) => {
      let inserted = 0;
      for (let start = 0; start < rows.length; start += insertChunk) {
        const result = await trx
          .insertInto('deposit')
          .values(rows.slice(start, start + insertChunk))
          .onConflict((conflict) => conflict.constraint('deposit_once').doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      for (let start = 0; start < blocks.length; start += insertChunk) {
        await trx
          .insertInto('chain_scanned_block')
          .values(
            blocks.slice(start, start + insertChunk).map((block) => ({ chain, height: String(block.height), block_hash: block.hash })),
          )
          .onConflict((conflict) =>
            conflict
              .columns(['chain', 'height'])
              .doUpdateSet((eb) => ({ block_hash: eb.ref('excluded.block_hash'), scanned_at: sql`now()` })),
          )
          .execute();
      }
      return inserted;
    });
  }

  async function updateConfirmations(tip: number): Promise<void> {
    await sql`
      update deposit
         set confirmations = least(required_confirmations, greatest(0, ${tip}::bigint - block_height + 1))::integer
       where chain = ${chain} and confirmations < required_confirmations
         and status in (${depositStatus.waiting}, ${depositStatus.failed})`.execute(db);
  }

  type DueDeposit = { id: string; user_id: string; asset: string; txid: string; log_index: number; amount: string };

  /**
   * Credits deposits in one transaction: a ledger journal each (bill 2001, key
   * `deposit:chain:txid:logIndex`), then all of them to credited (1) in one statement that must
   * touch every one of them. One commit for many credits is what keeps a backlog fast.
   */
  async function creditTogether(deposits: DueDeposit[]): Promise<void> {
    const journalIds = await commitCredits(deposits);
    afterCommit(journalIds);
  }

  async function commitCredits(deposits: DueDeposit[]): Promise<string[]> {
    const accounts = await Promise.all(
      deposits.map(async (deposit) => ({
        customer: await ledger.customerAccount(deposit.user_id, deposit.asset),
        omnibus: await ledger.platformAccount('omnibus', deposit.asset),
      })),
    );
    return db.transaction().execute(async (trx) => {
      const journals: Array<{ id: string; journalId: string }> = [];
      for (const [position, deposit] of deposits.entries()) {
        const amount = BigInt(deposit.amount);
        const account = accounts[position]!;
        const posted = await ledger.post(
          {
            idempotencyKey: `deposit:${chain}:${deposit.txid}:${deposit.log_index}`,
            billType: billTypes.deposit,
            reference: { type: 'deposit', id: deposit.id },
            note: deposit.txid,
            legs: [
              { accountId: account.customer, bucket: 'available', amount },
              { accountId: account.omnibus, bucket: 'available', amount: -amount },
            ],
          },
          trx,
        );
        journals.push({ id: deposit.id, journalId: posted.journalId });
      }
      const updated = await sql`
        update deposit d
           set status = ${depositStatus.credited}, journal_id = v.journal_id, confirmations = d.required_confirmations, credited_at = now()
          from unnest(${journals.map((row) => row.id)}::bigint[], ${journals.map((row) => row.journalId)}::bigint[]) as v (id, journal_id)
         where d.id = v.id and d.status = ${depositStatus.waiting}`.execute(trx);
      if (Number(updated.numAffectedRows ?? 0n) !== deposits.length) throw new Error('a deposit of the batch is no longer waiting');
      return journals.map((row) => row.journalId);
    });
  }

  async function creditDue(tip: number, cursor: number): Promise<number> {
    const byAsset = await settings.forChain(chain);
    const due = (
      await db
        .selectFrom('deposit')
        .select(['id', 'user_id', 'asset', 'txid', 'log_index', 'amount'])
        .where('chain', '=', chain)
        .where('status', '=', depositStatus.waiting)
        .where('block_height', '<=', String(cursor))
        .where(sql<boolean>`block_height + required_confirmations - 1 <= ${tip}`)
        .orderBy('block_height')
        .orderBy('id')
        .execute()
    ).filter((deposit) => byAsset.get(deposit.asset)?.isDepositEnabled === true); // switched-off coins wait, still recorded
    // Customers split over a few concurrent lanes: no two lanes touch one account, so they
    // never wait on each other's row locks, and each customer's credits keep block order.
    const lanes = Array.from({ length: creditLanes }, () => [] as DueDeposit[]);
    for (const deposit of due) lanes[Number(BigInt(deposit.user_id) % BigInt(creditLanes))]!.push(deposit);
    const counts = await Promise.all(lanes.map((lane) => creditLane(lane)));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  async function creditLane(due: DueDeposit[]): Promise<number> {
    let credited = 0;
    for (let start = 0; start < due.length; start += creditBatch) {
      const batch = due.slice(start, start + creditBatch);
      try {
        await creditTogether(batch);
        credited += batch.length;
        continue;
      } catch (error) {
        if (batch.length === 1) {
          logger.error({ err: error, depositId: batch[0]!.id, txid: batch[0]!.txid }, 'crediting a deposit failed; retrying next tick');
          continue;
        }
      }
      // One of the batch failed: credit the others one by one, so one bad deposit holds up no other.
      for (const deposit of batch) {
        try {
          await creditTogether([deposit]);
          credited += 1;
        } catch (error) {
          logger.error({ err: error, depositId: deposit.id, txid: deposit.txid }, 'crediting a deposit failed; retrying next tick');
        }
      }
    }
    return credited;
  }

  async function reorgWindow(): Promise<number> {
    const deepest = Math.max(1, ...[...(await settings.forChain(chain)).values()].map((setting) => setting.confirmationsToCredit));
    return Math.min(256, deepest + 4);
  }

  return {
    chain,

    /** Settles once every after-credit hook queued so far has run (a process stopping waits for it). */
    idle: (): Promise<void> => hooks,

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
      const [newest] = await recentBlocks(1);
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
          await db
            .deleteFrom('chain_scanned_block')
            .where('chain', '=', chain)
            .where('height', '<', String(blocks.at(-1)!.height - keepBlocks))
            .execute();
        }
      }
      const cursor = newest && scanned === 0 ? newest.height : from + scanned - 1;
      await updateConfirmations(tip);
      const creditStarted = performance.now();
      const credited = await creditDue(tip, cursor);
      timings.creditMs = performance.now() - creditStarted;
      return { tip, scanned, detected, credited, rewoundTo, hasMore: to < tip && scanned > 0, timings };
    },
  };
}

export type DepositWatcher = ReturnType<typeof createDepositWatcher>;
