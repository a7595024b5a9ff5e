import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { hash160 } from '../addresses/hd-wallet';

/** A Bitcoin transaction in the serialization of BIP144 (witness) / the original format. */
export interface TxInput {
  /** Previous txid as displayed (big-endian hex); serialized reversed. */
  txid: string;
  vout: number;
  scriptSig: Uint8Array;
  sequence: number;
  witness: Uint8Array[];
}

export interface TxOutput {
  value: bigint;
  scriptPubKey: Uint8Array;
}

export interface BitcoinTransaction {
  version: number;
  inputs: TxInput[];
  outputs: TxOutput[];
  locktime: number;
}

export const SIGHASH_ALL = 0x01;
const MAX_MONEY = 21_000_000n * 100_000_000n;
/** Previous-output marker of a coinbase input. */
export const NULL_TXID = '0'.repeat(64);
export const COINBASE_VOUT = 0xffffffff;

export function sha256d(data: Uint8Array): Uint8Array {
  return sha256(sha256(data));
}

function reverseHex(hex: string): Uint8Array {
  return hexToBytes(hex).reverse();
}

class Writer {
  private chunks: Uint8Array[] = [];
  bytes(data: Uint8Array): void {
    this.chunks.push(data);
  }
  u32(value: number): void {
    const out = new Uint8Array(4);
    new DataView(out.buffer).setUint32(0, value >>> 0, true);
    this.chunks.push(out);
  }
  u64(value: bigint): void {
    const out = new Uint8Array(8);
    new DataView(out.buffer).setBigUint64(0, value, true);
    this.chunks.push(out);
  }
  varint(value: number): void {
    if (value < 0xfd) this.chunks.push(Uint8Array.of(value));
    else if (value <= 0xffff) this.chunks.push(Uint8Array.of(0xfd, value & 0xff, value >> 8));
    else {
      this.chunks.push(Uint8Array.of(0xfe));
      this.u32(value);
    }
  }
  varBytes(data: Uint8Array): void {
    this.varint(data.length);
    this.bytes(data);
  }
  result(): Uint8Array {
    return concatBytes(...this.chunks);
  }
}

class Reader {
  private offset = 0;
  constructor(private readonly data: Uint8Array) {}
  private take(length: number): Uint8Array {
    if (this.offset + length > this.data.length) throw new Error('transaction ends early');
    const out = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }
  u8(): number {
    return this.take(1)[0] as number;
  }
  peek(): number | undefined {
    return this.data[this.offset];
  }
  u32(): number {
    const chunk = this.take(4);
    return new DataView(chunk.buffer, chunk.byteOffset, 4).getUint32(0, true);
  }
  u64(): bigint {
    const chunk = this.take(8);
    return new DataView(chunk.buffer, chunk.byteOffset, 8).getBigUint64(0, true);
  }
  varint(): number {
    const first = this.u8();
    if (first < 0xfd) return first;
    if (first === 0xfd) return this.u8() | (this.u8() << 8);
    if (first === 0xfe) return this.u32();
    throw new Error('varint too large');
  }
  varBytes(): Uint8Array {
    return Uint8Array.from(this.take(this.varint()));
  }
  hash(): string {
    return bytesToHex(Uint8Array.from(this.take(32)).reverse());
  }
  isDone(): boolean {
    return this.offset === this.data.length;
  }
}

function hasWitness(tx: BitcoinTransaction): boolean {
  return tx.inputs.some((input) => input.witness.length > 0);
}

function writeOutput(writer: Writer, output: TxOutput): void {
  writer.u64(output.value);
  writer.varBytes(output.scriptPubKey);
}

export function serializeTransaction(tx: BitcoinTransaction, options: { witness: boolean } = { witness: true }): Uint8Array {
  const writer = new Writer();
  const withWitness = options.witness && hasWitness(tx);
  writer.u32(tx.version);
  if (withWitness) writer.bytes(Uint8Array.of(0x00, 0x01));
  writer.varint(tx.inputs.length);
  for (const input of tx.inputs) {
    writer.bytes(reverseHex(input.txid));
    writer.u32(input.vout);
    writer.varBytes(input.scriptSig);
    writer.u32(input.sequence);
  }
  writer.varint(tx.outputs.length);
  for (const output of tx.outputs) writeOutput(writer, output);
  if (withWitness) {
    for (const input of tx.inputs) {
      writer.varint(input.witness.length);
      for (const item of input.witness) writer.varBytes(item);
    }
  }
  writer.u32(tx.locktime);
  return writer.result();
}

export function parseTransaction(raw: Uint8Array): BitcoinTransaction {
  const reader = new Reader(raw);
  const version = reader.u32();
  let segwit = false;
  if (reader.peek() === 0x00) {
    reader.u8();
    if (reader.u8() !== 0x01) throw new Error('unknown witness flag');
    segwit = true;
  }
  const inputs: TxInput[] = [];
  const inputCount = reader.varint();
  for (let i = 0; i < inputCount; i += 1) {
    inputs.push({ txid: reader.hash(), vout: reader.u32(), scriptSig: reader.varBytes(), sequence: reader.u32(), witness: [] });
  }
  const outputs: TxOutput[] = [];
  const outputCount = reader.varint();
  for (let i = 0; i < outputCount; i += 1) outputs.push({ value: reader.u64(), scriptPubKey: reader.varBytes() });
  if (segwit) {
    for (const input of inputs) {
      const items = reader.varint();
      for (let i = 0; i < items; i += 1) input.witness.push(reader.varBytes());
    }
    if (!inputs.some((input) => input.witness.length > 0)) throw new Error('witness flag without witness data');
  }
  const locktime = reader.u32();
  if (!reader.isDone()) throw new Error('trailing bytes after the transaction');
  return { version, inputs, outputs, locktime };
}

/** Double SHA-256 of the serialization without witness, displayed reversed. */
export function transactionId(tx: BitcoinTransaction): string {
  return bytesToHex(sha256d(serializeTransaction(tx, { witness: false })).reverse());
}

export function transactionWeight(tx: BitcoinTransaction): number {
  const base = serializeTransaction(tx, { witness: false }).length;
  const total = serializeTransaction(tx, { witness: true }).length;
  return base * 3 + total;
}

export function virtualSize(tx: BitcoinTransaction): number {
  return Math.ceil(transactionWeight(tx) / 4);
}

export function p2wpkhScript(publicKeyHash: Uint8Array): Uint8Array {
  return Uint8Array.from([0x00, 0x14, ...publicKeyHash]);
}

/** BIP143 scriptCode of a P2WPKH input: the P2PKH script of the same key hash. */
function p2wpkhScriptCode(publicKeyHash: Uint8Array): Uint8Array {
  return Uint8Array.from([0x76, 0xa9, 0x14, ...publicKeyHash, 0x88, 0xac]);
}

/** BIP143 signature hash of a version 0 witness input with SIGHASH_ALL. */
export function witnessV0SignatureHash(tx: BitcoinTransaction, inputIndex: number, scriptCode: Uint8Array, amount: bigint): Uint8Array {
  const input = tx.inputs[inputIndex];
  if (!input) throw new Error('no such input');
  const prevouts = new Writer();
  const sequences = new Writer();
  for (const each of tx.inputs) {
    prevouts.bytes(reverseHex(each.txid));
    prevouts.u32(each.vout);
    sequences.u32(each.sequence);
  }
  const outputs = new Writer();
  for (const output of tx.outputs) writeOutput(outputs, output);

  const preimage = new Writer();
  preimage.u32(tx.version);
  preimage.bytes(sha256d(prevouts.result()));
  preimage.bytes(sha256d(sequences.result()));
  preimage.bytes(reverseHex(input.txid));
  preimage.u32(input.vout);
  preimage.varBytes(scriptCode);
  preimage.u64(amount);
  preimage.u32(input.sequence);
  preimage.bytes(sha256d(outputs.result()));
  preimage.u32(tx.locktime);
  preimage.u32(SIGHASH_ALL);
  return sha256d(preimage.result());
}

/** Signs one P2WPKH input in place: witness = [DER signature ‖ SIGHASH_ALL, compressed public key]. */
export function signP2wpkhInput(tx: BitcoinTransaction, inputIndex: number, amount: bigint, privateKey: Uint8Array): void {
  const input = tx.inputs[inputIndex];
  if (!input) throw new Error('no such input');
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const digest = witnessV0SignatureHash(tx, inputIndex, p2wpkhScriptCode(hash160(publicKey)), amount);
  const signature = secp256k1.sign(digest, privateKey, { prehash: false, lowS: true, format: 'der' });
  input.scriptSig = new Uint8Array(0);
  input.witness = [Uint8Array.from([...signature, SIGHASH_ALL]), publicKey];
}

export type InputVerification = { ok: true } | { ok: false; reason: string };

/**
 * Verifies that input `inputIndex` spends the P2WPKH output `spentScript` holding `amount`:
 * empty scriptSig, a witness of signature and compressed key whose hash is the program, and a
 * low-S DER signature with SIGHASH_ALL over the BIP143 digest.
 */
export function verifyP2wpkhInput(tx: BitcoinTransaction, inputIndex: number, spentScript: Uint8Array, amount: bigint): InputVerification {
  const input = tx.inputs[inputIndex];
  if (!input) return { ok: false, reason: 'no such input' };
  if (spentScript.length !== 22 || spentScript[0] !== 0x00 || spentScript[1] !== 0x14)
    return { ok: false, reason: 'spent output is not P2WPKH' };
  if (input.scriptSig.length !== 0) return { ok: false, reason: 'native segwit input with a scriptSig' };
  const [signatureWithType, publicKey, ...rest] = input.witness;
  if (!signatureWithType || !publicKey || rest.length > 0) return { ok: false, reason: 'witness must hold a signature and a public key' };
  if (publicKey.length !== 33 || (publicKey[0] !== 0x02 && publicKey[0] !== 0x03))
    return { ok: false, reason: 'public key must be compressed' };
  const program = spentScript.subarray(2);
  if (bytesToHex(hash160(publicKey)) !== bytesToHex(program)) return { ok: false, reason: 'public key does not match the output' };
  if (signatureWithType.at(-1) !== SIGHASH_ALL) return { ok: false, reason: 'only SIGHASH_ALL is accepted' };
  const digest = witnessV0SignatureHash(tx, inputIndex, p2wpkhScriptCode(program), amount);
  try {
    const valid = secp256k1.verify(signatureWithType.subarray(0, -1), digest, publicKey, { prehash: false, lowS: true, format: 'der' });
    return valid ? { ok: true } : { ok: false, reason: 'signature does not verify' };
  } catch {
    return { ok: false, reason: 'signature is not strict DER' };
  }
}

/** Context-free rules every transaction must meet (Bitcoin Core's CheckTransaction). */
export function checkTransactionShape(tx: BitcoinTransaction): InputVerification {
  if (tx.inputs.length === 0) return { ok: false, reason: 'no inputs' };
  if (tx.outputs.length === 0) return { ok: false, reason: 'no outputs' };
  let total = 0n;
  for (const output of tx.outputs) {
    if (output.value < 0n || output.value > MAX_MONEY) return { ok: false, reason: 'output value out of range' };
    total += output.value;
    if (total > MAX_MONEY) return { ok: false, reason: 'total output value out of range' };
  }
  const seen = new Set<string>();
  for (const input of tx.inputs) {
    const key = `${input.txid}:${input.vout}`;
    if (seen.has(key)) return { ok: false, reason: 'duplicate input' };
    seen.add(key);
  }
  return { ok: true };
}

export function isCoinbaseInput(input: TxInput): boolean {
  return input.txid === NULL_TXID && input.vout === COINBASE_VOUT;
}

export function hexOf(tx: BitcoinTransaction): string {
  return bytesToHex(serializeTransaction(tx));
}
