import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { checkXrpAddress, encodeClassicAddress, xrpAccountId } from '../addresses/xrp-address';

/**
 * The XRP Ledger's canonical binary format for the one transaction the platform sends: a
 * Payment of XRP (drops), optionally with a destination tag. Fields are written sorted by
 * (type code, field code) as rippled requires.
 */
export interface XrpPayment {
  account: string;
  destination: string;
  /** Drops. */
  amount: bigint;
  /** Drops. */
  fee: bigint;
  sequence: number;
  destinationTag?: number;
  lastLedgerSequence?: number;
  flags?: number;
  signingPubKey?: Uint8Array;
  txnSignature?: Uint8Array;
}

const PAYMENT = 0;
/** Hash prefixes of rippled (HashPrefix.h): transaction id and single-signing data. */
const PREFIX_TRANSACTION_ID = Uint8Array.of(0x54, 0x58, 0x4e, 0x00);
const PREFIX_SIGN = Uint8Array.of(0x53, 0x54, 0x58, 0x00);
const MAX_DROPS = 100_000_000_000n * 1_000_000n;

export function sha512Half(data: Uint8Array): Uint8Array {
  return sha512(data).subarray(0, 32);
}

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value >>> 0, false);
  return out;
}

function nativeAmount(drops: bigint): Uint8Array {
  if (drops < 0n || drops > MAX_DROPS) throw new Error('XRP amount out of range');
  const out = new Uint8Array(8);
  // Top bit 0 = XRP, next bit 1 = positive.
  new DataView(out.buffer).setBigUint64(0, drops | 0x4000000000000000n, false);
  return out;
}

function variableLength(data: Uint8Array): Uint8Array {
  if (data.length > 192) throw new Error('blob too long for this codec');
  return Uint8Array.from([data.length, ...data]);
}

function accountIdOf(address: string): Uint8Array {
  const check = checkXrpAddress(address);
  if (!check.valid || check.format !== 'classic') throw new Error('not a classic XRP address');
  return check.accountId;
}

function serialize(payment: XrpPayment, includeSignature: boolean): Uint8Array {
  const parts: Uint8Array[] = [];
  parts.push(Uint8Array.of(0x12, 0x00, PAYMENT));
  parts.push(Uint8Array.of(0x22), u32(payment.flags ?? 0));
  parts.push(Uint8Array.of(0x24), u32(payment.sequence));
  if (payment.destinationTag !== undefined) parts.push(Uint8Array.of(0x2e), u32(payment.destinationTag));
  if (payment.lastLedgerSequence !== undefined) parts.push(Uint8Array.of(0x20, 0x1b), u32(payment.lastLedgerSequence));
  parts.push(Uint8Array.of(0x61), nativeAmount(payment.amount));
  parts.push(Uint8Array.of(0x68), nativeAmount(payment.fee));
  parts.push(Uint8Array.of(0x73), variableLength(payment.signingPubKey ?? new Uint8Array(0)));
  if (includeSignature && payment.txnSignature) parts.push(Uint8Array.of(0x74), variableLength(payment.txnSignature));
  parts.push(Uint8Array.of(0x81), variableLength(accountIdOf(payment.account)));
  parts.push(Uint8Array.of(0x83), variableLength(accountIdOf(payment.destination)));
  return concatBytes(...parts);
}

export function encodePayment(payment: XrpPayment): Uint8Array {
  return serialize(payment, true);
}

/** Transaction hash as rippled shows it (upper-case hex). */
export function paymentHash(payment: XrpPayment): string {
  return bytesToHex(sha512Half(concatBytes(PREFIX_TRANSACTION_ID, encodePayment(payment)))).toUpperCase();
}

export function paymentSigningHash(payment: XrpPayment): Uint8Array {
  return sha512Half(concatBytes(PREFIX_SIGN, serialize(payment, false)));
}

/** Signs with a secp256k1 key: canonical (low-S) DER signature over SHA-512Half('STX\0' ‖ fields). */
export function signPayment(payment: Omit<XrpPayment, 'signingPubKey' | 'txnSignature'>, privateKey: Uint8Array): XrpPayment {
  const signingPubKey = secp256k1.getPublicKey(privateKey, true);
  if (encodeClassicAddress(xrpAccountId(signingPubKey)) !== payment.account)
    throw new Error('the key does not belong to the sending account');
  const unsigned: XrpPayment = { ...payment, signingPubKey };
  const txnSignature = secp256k1.sign(paymentSigningHash(unsigned), privateKey, { prehash: false, lowS: true, format: 'der' });
  return { ...unsigned, txnSignature };
}

export function verifyPaymentSignature(payment: XrpPayment): boolean {
  if (!payment.signingPubKey || !payment.txnSignature || payment.signingPubKey.length !== 33) return false;
  if (encodeClassicAddress(xrpAccountId(payment.signingPubKey)) !== payment.account) return false;
  try {
    return secp256k1.verify(payment.txnSignature, paymentSigningHash(payment), payment.signingPubKey, {
      prehash: false,
      lowS: true,
      format: 'der',
    });
  } catch {
    return false;
  }
}

/** Reads a Payment blob of the shape `encodePayment` writes; anything else is refused. */
export function decodePayment(blob: Uint8Array): XrpPayment {
  let offset = 0;
  const take = (length: number): Uint8Array => {
    if (offset + length > blob.length) throw new Error('transaction ends early');
    const out = blob.subarray(offset, offset + length);
    offset += length;
    return Uint8Array.from(out);
  };
  const readU32 = () => new DataView(take(4).buffer).getUint32(0, false);
  const readAmount = () => {
    const value = new DataView(take(8).buffer).getBigUint64(0, false);
    if ((value & 0x8000000000000000n) !== 0n) throw new Error('only XRP amounts are supported');
    if ((value & 0x4000000000000000n) === 0n) throw new Error('negative XRP amount');
    return value & 0x3fffffffffffffffn;
  };
  const readBlob = () => {
    const length = take(1)[0] as number;
    if (length > 192) throw new Error('blob too long for this codec');
    return take(length);
  };
  const payment: Partial<XrpPayment> = {};
  let lastOrder = -1;
  while (offset < blob.length) {
    const header = take(1)[0] as number;
    const typeCode = header >> 4;
    let fieldCode = header & 0x0f;
    if (fieldCode === 0) fieldCode = take(1)[0] as number;
    const order = typeCode * 256 + fieldCode;
    if (order <= lastOrder) throw new Error('fields out of canonical order');
    lastOrder = order;
    switch (`${typeCode}:${fieldCode}`) {
      case '1:2': {
        const type = new DataView(take(2).buffer).getUint16(0, false);
        if (type !== PAYMENT) throw new Error('only Payment transactions are supported');
        break;
      }
      case '2:2':
        payment.flags = readU32();
        break;
      case '2:4':
        payment.sequence = readU32();
        break;
      case '2:14':
        payment.destinationTag = readU32();
        break;
      case '2:27':
        payment.lastLedgerSequence = readU32();
        break;
      case '6:1':
        payment.amount = readAmount();
        break;
      case '6:8':
        payment.fee = readAmount();
        break;
      case '7:3':
        payment.signingPubKey = readBlob();
        break;
      case '7:4':
        payment.txnSignature = readBlob();
        break;
      case '8:1':
        payment.account = encodeClassicAddress(readBlob());
        break;
      case '8:3':
        payment.destination = encodeClassicAddress(readBlob());
        break;
      default:
        throw new Error(`unsupported field ${typeCode}:${fieldCode}`);
    }
  }
  if (
    lastOrder < 0 ||
    payment.account === undefined ||
    payment.destination === undefined ||
    payment.amount === undefined ||
    payment.fee === undefined ||
    payment.sequence === undefined
  ) {
    throw new Error('incomplete payment');
  }
  return payment as XrpPayment;
}

export function decodePaymentHex(hex: string): XrpPayment {
  return decodePayment(hexToBytes(hex.toLowerCase()));
}
