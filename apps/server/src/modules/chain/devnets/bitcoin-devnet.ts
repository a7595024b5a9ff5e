import { randomBytes } from 'node:crypto';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { addressOfScript, checkBitcoinAddress } from '../addresses/bitcoin-address';
import { hash160 } from '../addresses/hd-wallet';
import { BroadcastRejectedError } from '../chain-source';
import { runEvery } from './devnet-timer';
import type { BitcoinNode, BlockTransaction, NodeTransactionStatus, Outpoint, UnspentOutput } from '../bitcoin/bitcoin-node';
import {
  COINBASE_VOUT,
  NULL_TXID,
  checkTransactionShape,
  isCoinbaseInput,
  p2wpkhScript,
  parseTransaction,
  serializeTransaction,
  sha256d,
  transactionId,
  verifyP2wpkhInput,
  virtualSize,
  type BitcoinTransaction,
} from '../bitcoin/transaction';

const ADVISORY_LOCK_KEY = 'coffer:devnet:btc:miner';
const GENESIS_PREV_HASH = '0'.repeat(64);
/** Regtest halves the subsidy every 150 blocks. */
const HALVING_INTERVAL = 150;
const INITIAL_SUBSIDY = 50n * 100_000_000n;
/** Bitcoin Core's default minimum relay fee: 1 sat/vB. */
const MIN_RELAY_FEE_RATE = 1n;
/** Block rewards go to a key nobody holds: the devnet's coins enter only through the faucet. */
const MINER_SCRIPT = p2wpkhScript(hash160(new TextEncoder().encode('coffer devnet miner')));

export interface BitcoinDevnetOptions {
  /** Fee rate the devnet asks senders to pay, sat/vB (default 2). */
  feeRate?: bigint;
}

export interface BitcoinDevnet extends BitcoinNode {
  /** Mines the mempool into a new block, unless another process holds the miner lock. */
  mineBlock(): Promise<{ height: number; hash: string } | null>;
  /** Mines only when the newest block is at least `intervalMs` old, so several processes mine one chain at one pace. */
  mineIfDue(intervalMs: number): Promise<{ height: number; hash: string } | null>;
  /** Mines on a timer in this process; answers the function that stops it. */
  startMining(options: { intervalMs: number; onError?: (error: unknown) => void }): () => void;
  /** Credits an address with new coins through a coinbase-like transaction in the mempool; answers its txid. */
  faucet(address: string, satoshis: bigint): Promise<string>;
}

function scriptNumber(value: number): Uint8Array {
  if (value === 0) return Uint8Array.of(0x00);
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0) {
    bytes.push(rest & 0xff);
    rest = Math.floor(rest / 256);
  }
  if ((bytes.at(-1) as number) & 0x80) bytes.push(0);
  return Uint8Array.from([bytes.length, ...bytes]);
}

function coinbaseLike(scriptSig: Uint8Array, outputs: BitcoinTransaction['outputs']): BitcoinTransaction {
  return {
    version: 2,
    inputs: [{ txid: NULL_TXID, vout: COINBASE_VOUT, scriptSig, sequence: 0xffffffff, witness: [] }],
    outputs,
    locktime: 0,
  };
}

/** Merkle root over txids in internal byte order, duplicating the last hash of an odd level. */
function merkleRoot(txids: string[]): string {
  let level: Uint8Array[] = txids.map((txid) => hexToBytes(txid).reverse());
  if (level.length === 0) return '0'.repeat(64);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1] ?? left;
      next.push(sha256d(Uint8Array.from([...left, ...right])));
    }
    level = next;
  }
  return bytesToHex(Uint8Array.from(level[0] as Uint8Array).reverse());
}

function blockHeader(prevHash: string, root: string, time: number): Uint8Array {
  const header = new Uint8Array(80);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x20000000, true);
  header.set(hexToBytes(prevHash).reverse(), 4);
  header.set(hexToBytes(root).reverse(), 36);
  view.setUint32(68, time, true);
  view.setUint32(72, 0x207fffff, true);
  view.setUint32(76, 0, true);
  return header;
}

function outpointList(outpoints: Outpoint[]) {
  return sql.join(outpoints.map((outpoint) => sql`(${outpoint.txid}, ${outpoint.vout})`));
}

/** The built-in Bitcoin regtest-style chain of the embedded default, kept in PostgreSQL. */
export function createBitcoinDevnet(db: Db, options: BitcoinDevnetOptions = {}): BitcoinDevnet {
  const network = 'regtest' as const;
  let genesisReady: Promise<void> | undefined;

  function ensureGenesis(): Promise<void> {
    genesisReady ??= mine(true).then(
      () => undefined,
      (error: unknown) => {
        genesisReady = undefined;
        throw error;
      },
    );
    return genesisReady;
  }

  async function tipHeight(): Promise<number> {
    await ensureGenesis();
    const row = await db
      .selectFrom('devnet_btc_block')
      .select((eb) => eb.fn.max('height').as('tip'))
      .executeTakeFirst();
    return Number(row?.tip ?? 0);
  }

  /** `onlyGenesis` makes the first block once; otherwise mines the mempool (and waits its turn for the lock). */
  async function mine(onlyGenesis: boolean, dueAfterMs?: number): Promise<{ height: number; hash: string } | null> {
    return db.transaction().execute(async (trx) => {
      // The genesis block waits for the lock so that it exists when this returns; a mining tick
      // simply skips when another process is mining.
      const lock = onlyGenesis
        ? await sql<{ locked: boolean }>`select pg_advisory_xact_lock(hashtext(${ADVISORY_LOCK_KEY})) is not null as locked`.execute(trx)
        : await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${ADVISORY_LOCK_KEY})) as locked`.execute(trx);
      if (!lock.rows[0]?.locked) return null;
      const tip = await trx
        .selectFrom('devnet_btc_block')
        .select(['height', 'hash', 'mined_at'])
        .orderBy('height', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (onlyGenesis && tip) return null;
      if (dueAfterMs !== undefined && tip && Date.now() - tip.mined_at.getTime() < dueAfterMs) return null;

      const height = tip ? tip.height + 1 : 0;
      const prevHash = tip?.hash ?? GENESIS_PREV_HASH;
      const mempool = tip
        ? await trx
            .selectFrom('devnet_btc_tx')
            .select(['txid', 'fee'])
            .where('block_height', 'is', null)
            .orderBy('received_order')
            .execute()
        : [];
      const fees = mempool.reduce((sum, tx) => sum + BigInt(tx.fee), 0n);
      const subsidy = INITIAL_SUBSIDY >> BigInt(Math.floor(height / HALVING_INTERVAL));
      const coinbase = coinbaseLike(Uint8Array.from([...scriptNumber(height), 0x08, ...randomBytes(8)]), [
        { value: subsidy + fees, scriptPubKey: MINER_SCRIPT },
      ]);
      const coinbaseTxid = transactionId(coinbase);
      const root = merkleRoot([coinbaseTxid, ...mempool.map((tx) => tx.txid)]);
      const time = Math.floor(Date.now() / 1000);
      const hash = bytesToHex(sha256d(blockHeader(prevHash, root, time)).reverse());

      await trx.insertInto('devnet_btc_block').values({ height, hash, prev_hash: prevHash, merkle_root: root }).execute();
      await trx
        .insertInto('devnet_btc_tx')
        .values({ txid: coinbaseTxid, raw: serializeTransaction(coinbase), fee: 0n, is_coinbase: true, block_height: height, position: 0 })
        .execute();
      await trx
        .insertInto('devnet_btc_output')
        .values({
          txid: coinbaseTxid,
          vout: 0,
          script: MINER_SCRIPT,
          address: addressOfScript(MINER_SCRIPT, network),
          value: subsidy + fees,
        })
        .execute();
      for (const [index, tx] of mempool.entries()) {
        await trx
          .updateTable('devnet_btc_tx')
          .set({ block_height: height, position: index + 1 })
          .where('txid', '=', tx.txid)
          .execute();
      }
      return { height, hash };
    });
  }

  async function acceptTransaction(tx: BitcoinTransaction, fee: bigint, isFaucet: boolean): Promise<string> {
    const txid = transactionId(tx);
    await db.transaction().execute(async (trx) => {
      if (!isFaucet) {
        const spent = await sql<{ txid: string; vout: number; script: Uint8Array; value: string; spent_by: string | null }>`
          select txid, vout, script, value, spent_by from devnet_btc_output
          where (txid, vout) in (${outpointList(tx.inputs)}) order by txid, vout for update`.execute(trx);
        const byOutpoint = new Map(spent.rows.map((row) => [`${row.txid}:${row.vout}`, row]));
        let inputTotal = 0n;
        for (const [index, input] of tx.inputs.entries()) {
          const previous = byOutpoint.get(`${input.txid}:${input.vout}`);
          if (!previous || previous.spent_by !== null) throw new BroadcastRejectedError('bad-txns-inputs-missingorspent');
          const verification = verifyP2wpkhInput(tx, index, previous.script, BigInt(previous.value));
          if (!verification.ok) throw new BroadcastRejectedError(`mandatory-script-verify-flag-failed (${verification.reason})`);
          inputTotal += BigInt(previous.value);
        }
        const outputTotal = tx.outputs.reduce((sum, output) => sum + output.value, 0n);
        if (outputTotal > inputTotal) throw new BroadcastRejectedError('bad-txns-in-belowout');
        if (inputTotal - outputTotal !== fee) throw new Error('fee mismatch');
      }
      await trx
        .insertInto('devnet_btc_tx')
        .values({ txid, raw: serializeTransaction(tx), fee, is_faucet: isFaucet })
        .execute();
      if (!isFaucet) {
        await sql`update devnet_btc_output set spent_by = ${txid}, locked_by = null where (txid, vout) in (${outpointList(tx.inputs)})`.execute(
          trx,
        );
      }
      await trx
        .insertInto('devnet_btc_output')
        .values(
          tx.outputs.map((output, vout) => ({
            txid,
            vout,
            script: output.scriptPubKey,
            address: addressOfScript(output.scriptPubKey, network),
            value: output.value,
          })),
        )
        .execute();
    });
    return txid;
  }

  async function isKnown(txid: string): Promise<boolean> {
    return (await db.selectFrom('devnet_btc_tx').select('txid').where('txid', '=', txid).executeTakeFirst()) !== undefined;
  }

  return {
    network,
    tipHeight,

    async blockHash(height) {
      await ensureGenesis();
      const row = await db.selectFrom('devnet_btc_block').select('hash').where('height', '=', height).executeTakeFirst();
      return row?.hash ?? null;
    },

    async blockTransactions(height): Promise<BlockTransaction[] | null> {
      await ensureGenesis();
      const block = await db.selectFrom('devnet_btc_block').select('height').where('height', '=', height).executeTakeFirst();
      if (!block) return null;
      const rows = await db
        .selectFrom('devnet_btc_tx as t')
        .leftJoin('devnet_btc_output as o', 'o.txid', 't.txid')
        .select(['t.txid', 't.position', 't.is_coinbase', 'o.vout', 'o.address', 'o.value'])
        .where('t.block_height', '=', height)
        .orderBy('t.position')
        .orderBy('o.vout')
        .execute();
      const transactions = new Map<string, BlockTransaction>();
      for (const row of rows) {
        const tx = transactions.get(row.txid) ?? { txid: row.txid, isCoinbase: row.is_coinbase, outputs: [] };
        transactions.set(row.txid, tx);
        if (row.vout !== null && row.value !== null) tx.outputs.push({ vout: row.vout, address: row.address, value: BigInt(row.value) });
      }
      return [...transactions.values()];
    },

    async sendRawTransaction(rawHex) {
      let tx: BitcoinTransaction;
      try {
        tx = parseTransaction(hexToBytes(rawHex));
      } catch {
        throw new BroadcastRejectedError('TX decode failed');
      }
      const shape = checkTransactionShape(tx);
      if (!shape.ok) throw new BroadcastRejectedError(shape.reason);
      if (tx.inputs.some(isCoinbaseInput)) throw new BroadcastRejectedError('coinbase');
      const txid = transactionId(tx);
      if (await isKnown(txid)) return txid;
      const previous = await sql<{
        value: string;
      }>`select value from devnet_btc_output where (txid, vout) in (${outpointList(tx.inputs)})`.execute(db);
      const inputTotal = previous.rows.reduce((sum, row) => sum + BigInt(row.value), 0n);
      const fee = inputTotal - tx.outputs.reduce((sum, output) => sum + output.value, 0n);
      if (previous.rows.length === tx.inputs.length && fee >= 0n && fee < BigInt(virtualSize(tx)) * MIN_RELAY_FEE_RATE) {
        throw new BroadcastRejectedError('min relay fee not met');
      }
      try {
        return await acceptTransaction(tx, fee, false);
      } catch (error) {
        // The same transaction sent twice at once: the second insert loses the race and is harmless.
        if (error instanceof Error && 'code' in error && error.code === '23505' && (await isKnown(txid))) return txid;
        throw error;
      }
    },

    async transactionStatus(txid): Promise<NodeTransactionStatus> {
      const row = await db.selectFrom('devnet_btc_tx').select('block_height').where('txid', '=', txid).executeTakeFirst();
      if (!row) return { state: 'unknown' };
      return row.block_height === null ? { state: 'mempool' } : { state: 'mined', height: row.block_height };
    },

    async listUnspent(addresses, minConfirmations): Promise<UnspentOutput[]> {
      if (addresses.length === 0) return [];
      const tip = await tipHeight();
      const rows = await db
        .selectFrom('devnet_btc_output as o')
        .innerJoin('devnet_btc_tx as t', 't.txid', 'o.txid')
        .select(['o.txid', 'o.vout', 'o.address', 'o.value', 'o.script', 't.block_height'])
        .where('o.address', 'in', addresses)
        .where('o.spent_by', 'is', null)
        .where('o.locked_by', 'is', null)
        .orderBy('t.received_order')
        .orderBy('o.vout')
        .execute();
      return rows
        .map((row) => ({
          txid: row.txid,
          vout: row.vout,
          address: row.address as string,
          value: BigInt(row.value),
          scriptPubKey: row.script,
          confirmations: row.block_height === null ? 0 : tip - row.block_height + 1,
        }))
        .filter((utxo) => utxo.confirmations >= minConfirmations);
    },

    async lockUnspent(outpoints) {
      if (outpoints.length === 0) return true;
      const lockId = bytesToHex(randomBytes(16));
      const result = await sql`
        update devnet_btc_output set locked_by = ${lockId}
        where (txid, vout) in (${outpointList(outpoints)}) and locked_by is null and spent_by is null`.execute(db);
      if (Number(result.numAffectedRows ?? 0n) === outpoints.length) return true;
      await sql`update devnet_btc_output set locked_by = null where locked_by = ${lockId}`.execute(db);
      return false;
    },

    async unlockUnspent(outpoints) {
      if (outpoints.length === 0) return;
      await sql`update devnet_btc_output set locked_by = null where (txid, vout) in (${outpointList(outpoints)}) and spent_by is null`.execute(
        db,
      );
    },

    async feeRate() {
      return options.feeRate ?? 2n;
    },

    async confirmedBalance(addresses) {
      if (addresses.length === 0) return 0n;
      await ensureGenesis();
      const row = await db
        .selectFrom('devnet_btc_output as o')
        .innerJoin('devnet_btc_tx as t', 't.txid', 'o.txid')
        .leftJoin('devnet_btc_tx as s', 's.txid', 'o.spent_by')
        .select(sql<string>`coalesce(sum(o.value), 0)::text`.as('total'))
        .where('o.address', 'in', addresses)
        .where('t.block_height', 'is not', null)
        .where((eb) => eb.or([eb('o.spent_by', 'is', null), eb('s.block_height', 'is', null)]))
        .executeTakeFirst();
      return BigInt(row?.total ?? '0');
    },

    mineBlock: async () => {
      await ensureGenesis();
      return mine(false);
    },

    mineIfDue: async (intervalMs) => {
      await ensureGenesis();
      return mine(false, intervalMs);
    },

    startMining({ intervalMs, onError }) {
      // Checked four times an interval; mine(…, intervalMs) acts only when the last one is due.
      return runEvery(Math.max(100, Math.floor(intervalMs / 4)), () => ensureGenesis().then(() => mine(false, intervalMs)), onError);
    },

    async faucet(address, satoshis) {
      const check = checkBitcoinAddress(address, network);
      if (!check.valid) throw new Error(`faucet: not a ${network} address (${check.problem})`);
      if (satoshis <= 0n || satoshis > INITIAL_SUBSIDY) throw new Error('faucet: amount must be 1 satoshi to 50 BTC');
      await ensureGenesis();
      const tx = coinbaseLike(Uint8Array.from([0x06, ...new TextEncoder().encode('faucet'), 0x10, ...randomBytes(16)]), [
        { value: satoshis, scriptPubKey: check.scriptPubKey },
      ]);
      return acceptTransaction(tx, 0n, true);
    },
  };
}
