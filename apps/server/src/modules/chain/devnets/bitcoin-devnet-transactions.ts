import { hexToBytes } from '@noble/hashes/utils.js';
import type { Db } from '../../../platform/db/database';
import { addressOfScript, type BitcoinNetwork } from '../addresses/bitcoin-address';
import { BroadcastRejectedError } from '../chain-source';
import {
  checkTransactionShape,
  isCoinbaseInput,
  parseTransaction,
  serializeTransaction,
  transactionId,
  verifyP2wpkhInput,
  virtualSize,
  type BitcoinTransaction,
} from '../bitcoin/transaction';
import {
  insertOutputs,
  insertTransaction,
  isKnownTransaction,
  lockSpentOutputs,
  markSpent,
  previousOutputValues,
} from './bitcoin-devnet.repository';

/** The Bitcoin devnet's mempool side: raw transactions checked like a node's relay policy, then stored with their outputs. */

/** Bitcoin Core's default minimum relay fee: 1 sat/vB. */
const MIN_RELAY_FEE_RATE = 1n;

/** Stores a transaction in the mempool: its inputs checked (unspent, signed, covering the outputs) and spent, unless a faucet's. */
export async function acceptTransaction(
  db: Db,
  network: BitcoinNetwork,
  tx: BitcoinTransaction,
  fee: bigint,
  isFaucet: boolean,
): Promise<string> {
  const txid = transactionId(tx);
  await db.transaction().execute(async (trx) => {
    if (!isFaucet) {
      const spent = await lockSpentOutputs(trx, tx.inputs);
      const byOutpoint = new Map(spent.map((row) => [`${row.txid}:${row.vout}`, row]));
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
    await insertTransaction(trx, { txid, raw: serializeTransaction(tx), fee, isFaucet });
    if (!isFaucet) await markSpent(trx, txid, tx.inputs);
    await insertOutputs(
      trx,
      txid,
      tx.outputs.map((output) => ({
        script: output.scriptPubKey,
        address: addressOfScript(output.scriptPubKey, network),
        value: output.value,
      })),
    );
  });
  return txid;
}

/** A node's `sendrawtransaction`: decoded, shape and relay fee checked, accepted; a transaction already known answers its txid. */
export async function sendRawTransaction(db: Db, network: BitcoinNetwork, rawHex: string): Promise<string> {
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
  if (await isKnownTransaction(db, txid)) return txid;
  const previous = await previousOutputValues(db, tx.inputs);
  const inputTotal = previous.reduce((sum, value) => sum + BigInt(value), 0n);
  const fee = inputTotal - tx.outputs.reduce((sum, output) => sum + output.value, 0n);
  if (previous.length === tx.inputs.length && fee >= 0n && fee < BigInt(virtualSize(tx)) * MIN_RELAY_FEE_RATE) {
    throw new BroadcastRejectedError('min relay fee not met');
  }
  try {
    return await acceptTransaction(db, network, tx, fee, false);
  } catch (error) {
    // The same transaction sent twice at once: the second insert loses the race and is harmless.
    if (error instanceof Error && 'code' in error && error.code === '23505' && (await isKnownTransaction(db, txid))) return txid;
    throw error;
  }
}
