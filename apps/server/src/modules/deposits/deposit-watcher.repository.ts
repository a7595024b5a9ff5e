/**
 * The deposit watcher's SQL (moved out of its steps unchanged): the chain's advisory lock, the
 * scanned-block cursor and reorg check on `chain_scanned_block`, recording, confirmations and
 * the credit-once state change on `deposit`.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DepositTable } from './deposits.schema';

/** First half of the advisory lock key: the deposit watchers' namespace. */
const lockNamespace = 727_001;

/** Takes the chain's session-level advisory lock on `connection`; false when another session holds it. */
export async function tryLockChain(connection: Db, chain: string): Promise<boolean> {
  const locked = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_lock(${lockNamespace}, hashtext(${chain})) as locked`.execute(connection);
  return locked.rows[0]?.locked ?? false;
}

export async function unlockChain(connection: Db, chain: string): Promise<void> {
  await sql`select pg_advisory_unlock(${lockNamespace}, hashtext(${chain}))`.execute(connection);
}

/** The chain's deposit addresses with an id above `afterId`, by id. */
export function depositAddressesAfter(db: Db, chain: string, afterId: string) {
  return db
    .selectFrom('deposit_address')
    .select(['id', 'user_id', 'custody_account_id', 'address', 'memo'])
    .where('chain', '=', chain)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
}

/** Inserts deposits, each once per (chain, txid, log index); answers the new ones. */
export async function insertDeposits(trx: Db, rows: Array<Insertable<DepositTable>>) {
  if (rows.length === 0) return [];
  return trx
    .insertInto('deposit')
    .values(rows)
    .onConflict((conflict) => conflict.constraint('deposit_once').doNothing())
    .returning(['id', 'custody_account_id', 'asset', 'amount', 'txid', 'address', 'memo', 'source_addresses', 'status'])
    .execute();
}

/** Records blocks as scanned with their hashes (the cursor); a height scanned again takes the new hash. */
export async function upsertScannedBlocks(trx: Db, chain: string, blocks: Array<{ height: number; hash: string }>): Promise<void> {
  await trx
    .insertInto('chain_scanned_block')
    .values(blocks.map((block) => ({ chain, height: String(block.height), block_hash: block.hash })))
    .onConflict((conflict) =>
      conflict.columns(['chain', 'height']).doUpdateSet((eb) => ({ block_hash: eb.ref('excluded.block_hash'), scanned_at: sql`now()` })),
    )
    .execute();
}

/** The newest scanned blocks, newest first. */
export async function recentScannedBlocks(db: Db, chain: string, limit: number): Promise<Array<{ height: number; hash: string }>> {
  const rows = await db
    .selectFrom('chain_scanned_block')
    .select(['height', 'block_hash'])
    .where('chain', '=', chain)
    .orderBy('height', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ height: Number(row.height), hash: row.block_hash }));
}

export async function deleteScannedBlocksFrom(trx: Db, chain: string, fork: number): Promise<void> {
  await trx.deleteFrom('chain_scanned_block').where('chain', '=', chain).where('height', '>=', String(fork)).execute();
}

/** Deletes the chain's uncredited deposits from `fork` up, answering them. */
export function deleteUncreditedDepositsFrom(trx: Db, chain: string, fork: number) {
  return trx
    .deleteFrom('deposit')
    .where('chain', '=', chain)
    .where('block_height', '>=', String(fork))
    .where('status', '<>', 'credited')
    .returning(['id', 'txid', 'log_index', 'status', 'custody_account_id'])
    .execute();
}

/** The chain's credited deposits from `fork` up. */
export function creditedDepositsFrom(trx: Db, chain: string, fork: number) {
  return trx
    .selectFrom('deposit')
    .select(['id', 'txid', 'log_index'])
    .where('chain', '=', chain)
    .where('block_height', '>=', String(fork))
    .where('status', '=', 'credited')
    .execute();
}

/** Forgets scanned blocks below `height` (the reorg check reads only the newest). */
export async function pruneScannedBlocks(db: Db, chain: string, height: number): Promise<void> {
  await db.deleteFrom('chain_scanned_block').where('chain', '=', chain).where('height', '<', String(height)).execute();
}

/** Confirmations as tip − block + 1, up to the required count, for the chain's waiting and failed deposits. */
export async function updateConfirmations(db: Db, chain: string, tip: number): Promise<void> {
  await sql`
      update deposit
         set confirmations = least(required_confirmations, greatest(0, ${tip}::bigint - block_height + 1))::integer
       where chain = ${chain} and confirmations < required_confirmations
         and status in ('waiting', 'failed')`.execute(db);
}

/** The chain's waiting deposits up to `cursor` that reached their confirmation count at `tip`, in block order. */
export function dueDeposits(db: Db, chain: string, tip: number, cursor: number) {
  return db
    .selectFrom('deposit')
    .select(['id', 'user_id', 'custody_account_id', 'chain', 'asset', 'txid', 'log_index', 'amount', 'address', 'memo', 'source_addresses'])
    .where('chain', '=', chain)
    .where('status', '=', 'waiting')
    .where('block_height', '<=', String(cursor))
    .where(sql<boolean>`block_height + required_confirmations - 1 <= ${tip}`)
    .orderBy('block_height')
    .orderBy('id')
    .execute();
}

/** Waiting → credited with each deposit's ledger journal, in one statement; how many rows it changed. */
export async function markDepositsCredited(trx: Db, journals: Array<{ id: string; journalId: string }>): Promise<number> {
  const updated = await sql`
        update deposit d
           set status = 'credited', journal_id = v.journal_id, confirmations = d.required_confirmations, credited_at = now()
          from unnest(${journals.map((row) => row.id)}::bigint[], ${journals.map((row) => row.journalId)}::bigint[]) as v (id, journal_id)
         where d.id = v.id and d.status = 'waiting'`.execute(trx);
  return Number(updated.numAffectedRows ?? 0n);
}

/** What a deposit's notice tells: a credited deposit by id (compliance releasing a frozen one). */
export function creditedDepositFacts(executor: Db, depositId: string) {
  return executor
    .selectFrom('deposit')
    .select(['id', 'user_id', 'custody_account_id', 'chain', 'asset', 'txid', 'amount', 'address', 'memo'])
    .where('id', '=', depositId)
    .where('status', '=', 'credited')
    .executeTakeFirst();
}
