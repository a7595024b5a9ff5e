import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@noble/hashes/utils.js';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import type { Outpoint } from '../bitcoin/bitcoin-node';

/** The Bitcoin devnet's SQL: blocks, transactions and the UTXO set in `devnet_btc_*` (owned by the chain module). */

const ADVISORY_LOCK_KEY = 'coffer:devnet:btc:miner';

export interface StoredOutput {
  script: Uint8Array;
  address: string | null;
  value: bigint;
}

export interface BlockTransactionRow {
  txid: string;
  position: number | null;
  is_coinbase: boolean;
  vout: number | null;
  address: string | null;
  value: string | null;
}

export interface UnspentRow {
  txid: string;
  vout: number;
  address: string | null;
  value: string;
  script: Uint8Array;
  block_height: number | null;
}

function outpointList(outpoints: Outpoint[]) {
  return sql.join(outpoints.map((outpoint) => sql`(${outpoint.txid}, ${outpoint.vout})`));
}

/** Takes the miner's transaction lock: waiting for it (`wait`) or trying once; whether this transaction holds it. */
export async function lockMiner(trx: Db, wait: boolean): Promise<boolean> {
  const lock = wait
    ? await sql<{ locked: boolean }>`select pg_advisory_xact_lock(hashtext(${ADVISORY_LOCK_KEY})) is not null as locked`.execute(trx)
    : await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${ADVISORY_LOCK_KEY})) as locked`.execute(trx);
  return Boolean(lock.rows[0]?.locked);
}

export function newestBlock(trx: Db): Promise<{ height: number; hash: string; mined_at: Date } | undefined> {
  return trx.selectFrom('devnet_btc_block').select(['height', 'hash', 'mined_at']).orderBy('height', 'desc').limit(1).executeTakeFirst();
}

/** The mempool in the order it was received. */
export function mempoolTransactions(trx: Db): Promise<Array<{ txid: string; fee: string }>> {
  return trx.selectFrom('devnet_btc_tx').select(['txid', 'fee']).where('block_height', 'is', null).orderBy('received_order').execute();
}

/** Stores a mined block, its coinbase with its one output, and moves the mined mempool transactions into it (positions from 1). */
export async function insertBlock(
  trx: Db,
  block: { height: number; hash: string; prevHash: string; merkleRoot: string },
  coinbase: { txid: string; raw: Uint8Array; output: StoredOutput },
  minedTxids: string[],
): Promise<void> {
  const { height, hash } = block;
  await trx.insertInto('devnet_btc_block').values({ height, hash, prev_hash: block.prevHash, merkle_root: block.merkleRoot }).execute();
  await trx
    .insertInto('devnet_btc_tx')
    .values({ txid: coinbase.txid, raw: coinbase.raw, fee: 0n, is_coinbase: true, block_height: height, position: 0 })
    .execute();
  await trx
    .insertInto('devnet_btc_output')
    .values({
      txid: coinbase.txid,
      vout: 0,
      script: coinbase.output.script,
      address: coinbase.output.address,
      value: coinbase.output.value,
    })
    .execute();
  for (const [index, txid] of minedTxids.entries()) {
    await trx
      .updateTable('devnet_btc_tx')
      .set({ block_height: height, position: index + 1 })
      .where('txid', '=', txid)
      .execute();
  }
}

/** The outputs a transaction spends, locked for update in (txid, vout) order. */
export async function lockSpentOutputs(
  trx: Db,
  inputs: Outpoint[],
): Promise<Array<{ txid: string; vout: number; script: Uint8Array; value: string; spent_by: string | null }>> {
  const spent = await sql<{ txid: string; vout: number; script: Uint8Array; value: string; spent_by: string | null }>`
          select txid, vout, script, value, spent_by from devnet_btc_output
          where (txid, vout) in (${outpointList(inputs)}) order by txid, vout for update`.execute(trx);
  return spent.rows;
}

export async function insertTransaction(trx: Db, tx: { txid: string; raw: Uint8Array; fee: bigint; isFaucet: boolean }): Promise<void> {
  await trx.insertInto('devnet_btc_tx').values({ txid: tx.txid, raw: tx.raw, fee: tx.fee, is_faucet: tx.isFaucet }).execute();
}

/** Marks the outputs `inputs` names as spent by `txid` (and frees their locks). */
export async function markSpent(trx: Db, txid: string, inputs: Outpoint[]): Promise<void> {
  await sql`update devnet_btc_output set spent_by = ${txid}, locked_by = null where (txid, vout) in (${outpointList(inputs)})`.execute(trx);
}

/** A transaction's outputs, numbered from 0 in the order given. */
export async function insertOutputs(trx: Db, txid: string, outputs: StoredOutput[]): Promise<void> {
  await trx
    .insertInto('devnet_btc_output')
    .values(outputs.map((output, vout) => ({ txid, vout, script: output.script, address: output.address, value: output.value })))
    .execute();
}

export async function isKnownTransaction(db: Db, txid: string): Promise<boolean> {
  return (await db.selectFrom('devnet_btc_tx').select('txid').where('txid', '=', txid).executeTakeFirst()) !== undefined;
}

/** The values of the outputs a transaction spends that exist (spent or not). */
export async function previousOutputValues(db: Db, inputs: Outpoint[]): Promise<string[]> {
  const previous = await sql<{
    value: string;
  }>`select value from devnet_btc_output where (txid, vout) in (${outpointList(inputs)})`.execute(db);
  return previous.rows.map((row) => row.value);
}

export async function tipHeight(db: Db): Promise<number> {
  const row = await db
    .selectFrom('devnet_btc_block')
    .select((eb) => eb.fn.max('height').as('tip'))
    .executeTakeFirst();
  return Number(row?.tip ?? 0);
}

export async function blockHash(db: Db, height: number): Promise<string | null> {
  const row = await db.selectFrom('devnet_btc_block').select('hash').where('height', '=', height).executeTakeFirst();
  return row?.hash ?? null;
}

export async function blockExists(db: Db, height: number): Promise<boolean> {
  const block = await db.selectFrom('devnet_btc_block').select('height').where('height', '=', height).executeTakeFirst();
  return block !== undefined;
}

/** A block's transactions with their outputs, by position then vout. */
export function blockTransactionRows(db: Db, height: number): Promise<BlockTransactionRow[]> {
  return db
    .selectFrom('devnet_btc_tx as t')
    .leftJoin('devnet_btc_output as o', 'o.txid', 't.txid')
    .select(['t.txid', 't.position', 't.is_coinbase', 'o.vout', 'o.address', 'o.value'])
    .where('t.block_height', '=', height)
    .orderBy('t.position')
    .orderBy('o.vout')
    .execute();
}

/** A block's transactions as they were sent (their inputs), by position. */
export function blockRawTransactions(db: Db, height: number): Promise<Array<{ txid: string; raw: Uint8Array }>> {
  return db.selectFrom('devnet_btc_tx').select(['txid', 'raw']).where('block_height', '=', height).orderBy('position').execute();
}

/** The addresses of these outputs (spent or not), the ones that exist. */
export async function outputAddresses(
  db: Db,
  outpoints: Outpoint[],
): Promise<Array<{ txid: string; vout: number; address: string | null }>> {
  if (outpoints.length === 0) return [];
  const rows = await sql<{
    txid: string;
    vout: number;
    address: string | null;
  }>`select txid, vout, address from devnet_btc_output where (txid, vout) in (${outpointList(outpoints)})`.execute(db);
  return rows.rows;
}

/** A transaction's block height: `undefined` when unknown, `null` while in the mempool. */
export async function transactionBlockHeight(db: Db, txid: string): Promise<number | null | undefined> {
  const row = await db.selectFrom('devnet_btc_tx').select('block_height').where('txid', '=', txid).executeTakeFirst();
  return row?.block_height;
}

/** The addresses' unspent, unlocked outputs, by receipt order then vout. */
export function unspentOutputs(db: Db, addresses: string[]): Promise<UnspentRow[]> {
  return db
    .selectFrom('devnet_btc_output as o')
    .innerJoin('devnet_btc_tx as t', 't.txid', 'o.txid')
    .select(['o.txid', 'o.vout', 'o.address', 'o.value', 'o.script', 't.block_height'])
    .where('o.address', 'in', addresses)
    .where('o.spent_by', 'is', null)
    .where('o.locked_by', 'is', null)
    .orderBy('t.received_order')
    .orderBy('o.vout')
    .execute();
}

/** Locks every one of the outputs, or none (the partial lock is undone); whether it did. */
export async function lockOutputs(db: Db, outpoints: Outpoint[]): Promise<boolean> {
  const lockId = bytesToHex(randomBytes(16));
  const result = await sql`
        update devnet_btc_output set locked_by = ${lockId}
        where (txid, vout) in (${outpointList(outpoints)}) and locked_by is null and spent_by is null`.execute(db);
  if (Number(result.numAffectedRows ?? 0n) === outpoints.length) return true;
  await sql`update devnet_btc_output set locked_by = null where locked_by = ${lockId}`.execute(db);
  return false;
}

export async function unlockOutputs(db: Db, outpoints: Outpoint[]): Promise<void> {
  await sql`update devnet_btc_output set locked_by = null where (txid, vout) in (${outpointList(outpoints)}) and spent_by is null`.execute(
    db,
  );
}

/** Sum of the addresses' mined outputs not spent by a mined transaction, satoshis as text. */
export async function confirmedTotal(db: Db, addresses: string[]): Promise<string> {
  const row = await db
    .selectFrom('devnet_btc_output as o')
    .innerJoin('devnet_btc_tx as t', 't.txid', 'o.txid')
    .leftJoin('devnet_btc_tx as s', 's.txid', 'o.spent_by')
    .select(sql<string>`coalesce(sum(o.value), 0)::text`.as('total'))
    .where('o.address', 'in', addresses)
    .where('t.block_height', 'is not', null)
    .where((eb) => eb.or([eb('o.spent_by', 'is', null), eb('s.block_height', 'is', null)]))
    .executeTakeFirst();
  return row?.total ?? '0';
}
