import { randomBytes } from 'node:crypto';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { Db } from '../../../platform/db/database';
import { BroadcastRejectedError } from '../chain-source';
import { decodePayment, paymentHash, sha512Half, verifyPaymentSignature, type XrpPayment } from '../xrp/xrp-codec';
import {
  accountExists,
  accountSequence,
  chargeFee,
  consumeSequence,
  credit,
  debit,
  hashIsKnown,
  insertFaucetPayment,
  insertPayment,
  isUniqueViolation,
  lockAccount,
  type QueuedRow,
} from './xrp-devnet.repository';

/** The XRP devnet's payments: submission checked like rippled's (`tem`/`tef`/`tel`/`ter` refusals), faucet credits, and how a queued one applies (`tec` results). */

/** The faucet's pseudo-account (ACCOUNT_ZERO): its payments need no signature. */
const FAUCET_ACCOUNT = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp';
export const BASE_FEE = 10n;

/** Queues a signed payment blob; answers its hash (also when it was already known). */
export async function submitPayment(db: Db, blobHex: string): Promise<string> {
  let payment: XrpPayment;
  try {
    payment = decodePayment(hexToBytes(blobHex.toLowerCase()));
  } catch (error) {
    throw new BroadcastRejectedError(`invalidTransaction (${error instanceof Error ? error.message : 'undecodable'})`);
  }
  const hash = paymentHash(payment);
  if (await hashIsKnown(db, hash)) return hash;
  if (!verifyPaymentSignature(payment)) throw new BroadcastRejectedError('temBAD_SIGNATURE');
  if (payment.fee < BASE_FEE) throw new BroadcastRejectedError('telINSUF_FEE_P');
  if (payment.amount <= 0n) throw new BroadcastRejectedError('temBAD_AMOUNT');
  if (payment.account === payment.destination) throw new BroadcastRejectedError('temREDUNDANT');
  const sequence = await accountSequence(db, payment.account);
  if (sequence === undefined) throw new BroadcastRejectedError('terNO_ACCOUNT');
  if (payment.sequence < Number(sequence)) throw new BroadcastRejectedError('tefPAST_SEQ');
  try {
    await insertPayment(db, {
      hash,
      raw: hexToBytes(blobHex.toLowerCase()),
      account: payment.account,
      sequence: payment.sequence,
      destination: payment.destination,
      destinationTag: payment.destinationTag ?? null,
      amount: payment.amount,
      fee: payment.fee,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (await hashIsKnown(db, hash)) return hash;
    // Another transaction already holds this sequence.
    throw new BroadcastRejectedError('tefPAST_SEQ');
  }
  return hash;
}

/** Queues a faucet payment to `address` (its account created when it applies); answers the payment's hash. */
export async function queueFaucetPayment(db: Db, address: string, drops: bigint, destinationTag?: number): Promise<string> {
  const hash = bytesToHex(sha512Half(randomBytes(32))).toUpperCase();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await insertFaucetPayment(db, FAUCET_ACCOUNT, { hash, destination: address, destinationTag: destinationTag ?? null, amount: drops });
      return hash;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** Applies one transaction when its sequence is the account's next; `null` while it must wait. */
export async function applyTransaction(trx: Db, reserve: bigint, tx: QueuedRow): Promise<string | null> {
  const amount = BigInt(tx.amount);
  if (tx.kind === 'faucet') {
    await credit(trx, tx.destination as string, amount);
    return 'tesSUCCESS';
  }
  const sender = await lockAccount(trx, tx.account);
  if (!sender || BigInt(sender.sequence) !== BigInt(tx.sequence)) return null;
  if (tx.kind === 'skip') {
    await consumeSequence(trx, tx.account);
    return 'tesSUCCESS';
  }
  const fee = BigInt(tx.fee);
  const balance = BigInt(sender.balance);
  // From here the fee is spent and the sequence consumed, whatever the payment's outcome (tec codes).
  const charged = balance < fee ? balance : fee;
  await chargeFee(trx, tx.account, balance - charged);
  if (balance < fee) return 'tecINSUFF_FEE';
  if (balance - fee - amount < reserve) return 'tecUNFUNDED_PAYMENT';
  const destinationExists = await accountExists(trx, tx.destination as string);
  if (!destinationExists && amount < reserve) return 'tecNO_DST_INSUF_XRP';
  await debit(trx, tx.account, amount);
  await credit(trx, tx.destination as string, amount);
  return 'tesSUCCESS';
}
