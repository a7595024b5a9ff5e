import { randomBytes } from 'node:crypto';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { Db } from '../../../platform/db/database';
import { addressOfScript, type BitcoinNetwork } from '../addresses/bitcoin-address';
import { hash160 } from '../addresses/hd-wallet';
import {
  COINBASE_VOUT,
  NULL_TXID,
  p2wpkhScript,
  serializeTransaction,
  sha256d,
  transactionId,
  type BitcoinTransaction,
} from '../bitcoin/transaction';
import { insertBlock, lockMiner, mempoolTransactions, newestBlock } from './bitcoin-devnet.repository';
import { retryingOnce } from '../../../platform/process/retrying-once';

/** The Bitcoin devnet's block production: the genesis block, then one block of the mempool per interval across processes. */

const GENESIS_PREV_HASH = '0'.repeat(64);
/** Regtest halves the subsidy every 150 blocks. */
const HALVING_INTERVAL = 150;
export const INITIAL_SUBSIDY = 50n * 100_000_000n;
/** Block rewards go to a key nobody holds: the devnet's coins enter only through the faucet. */
const MINER_SCRIPT = p2wpkhScript(hash160(new TextEncoder().encode('coffer devnet miner')));

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

export function coinbaseLike(scriptSig: Uint8Array, outputs: BitcoinTransaction['outputs']): BitcoinTransaction {
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

/** `onlyGenesis` makes the first block once; otherwise mines the mempool (and waits its turn for the lock). */
export async function mine(
  db: Db,
  network: BitcoinNetwork,
  onlyGenesis: boolean,
  dueAfterMs?: number,
): Promise<{ height: number; hash: string } | null> {
  return db.transaction().execute(async (trx) => {
    // The genesis block waits for the lock so that it exists when this returns; a mining tick
    // simply skips when another process is mining.
    if (!(await lockMiner(trx, onlyGenesis))) return null;
    const tip = await newestBlock(trx);
    if (onlyGenesis && tip) return null;
    if (dueAfterMs !== undefined && tip && Date.now() - tip.mined_at.getTime() < dueAfterMs) return null;

    const height = tip ? tip.height + 1 : 0;
    const prevHash = tip?.hash ?? GENESIS_PREV_HASH;
    const mempool = tip ? await mempoolTransactions(trx) : [];
    const fees = mempool.reduce((sum, tx) => sum + BigInt(tx.fee), 0n);
    const subsidy = INITIAL_SUBSIDY >> BigInt(Math.floor(height / HALVING_INTERVAL));
    const coinbase = coinbaseLike(Uint8Array.from([...scriptNumber(height), 0x08, ...randomBytes(8)]), [
      { value: subsidy + fees, scriptPubKey: MINER_SCRIPT },
    ]);
    const coinbaseTxid = transactionId(coinbase);
    const root = merkleRoot([coinbaseTxid, ...mempool.map((tx) => tx.txid)]);
    const time = Math.floor(Date.now() / 1000);
    const hash = bytesToHex(sha256d(blockHeader(prevHash, root, time)).reverse());

    await insertBlock(
      trx,
      { height, hash, prevHash, merkleRoot: root },
      {
        txid: coinbaseTxid,
        raw: serializeTransaction(coinbase),
        output: { script: MINER_SCRIPT, address: addressOfScript(MINER_SCRIPT, network), value: subsidy + fees },
      },
      mempool.map((tx) => tx.txid),
    );
    return { height, hash };
  });
}

/** Makes the genesis block once per devnet (tried again after a failure); every read and mining tick awaits it first. */
export function genesisOnce(db: Db, network: BitcoinNetwork): () => Promise<void> {
  return retryingOnce(async () => {
    await mine(db, network, true);
  });
}
