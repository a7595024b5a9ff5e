import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import vectors from './transaction-vectors.json';
import {
  parseTransaction,
  serializeTransaction,
  signP2wpkhInput,
  transactionId,
  verifyP2wpkhInput,
  witnessV0SignatureHash,
} from './transaction';

const vector = vectors.bip143NativeP2wpkh;

describe('BIP143 native P2WPKH vector', () => {
  it('parses and re-serializes the unsigned transaction byte for byte', () => {
    const tx = parseTransaction(hexToBytes(vector.unsignedTx));
    expect(bytesToHex(serializeTransaction(tx))).toBe(vector.unsignedTx);
    expect(tx.locktime).toBe(17);
  });

  it('computes the published signature hash of input 1', () => {
    const tx = parseTransaction(hexToBytes(vector.unsignedTx));
    expect(bytesToHex(witnessV0SignatureHash(tx, 1, hexToBytes(vector.scriptCode), BigInt(vector.amount)))).toBe(vector.sigHash);
  });

  it('signs input 1 into the published witness (RFC 6979, low S) and the published txid', () => {
    const tx = parseTransaction(hexToBytes(vector.unsignedTx));
    signP2wpkhInput(tx, 1, BigInt(vector.amount), hexToBytes(vector.privateKey));
    expect(tx.inputs[1]?.witness.map(bytesToHex)).toEqual(vector.witness);
    // Input 0 is a P2PK input signed outside segwit; the BIP gives its scriptSig.
    const input0 = tx.inputs[0];
    if (input0) input0.scriptSig = hexToBytes(vector.input0ScriptSig);
    expect(bytesToHex(serializeTransaction(tx))).toBe(vector.signedTx);
    expect(transactionId(tx)).toBe(vector.txid);
    expect(transactionId(parseTransaction(hexToBytes(vector.signedTx)))).toBe(vector.txid);
  });

  it('verifies the published signature and refuses tampering', () => {
    const signed = parseTransaction(hexToBytes(vector.signedTx));
    const spent = hexToBytes(vector.spentScript);
    expect(verifyP2wpkhInput(signed, 1, spent, BigInt(vector.amount))).toEqual({ ok: true });
    expect(verifyP2wpkhInput(signed, 1, spent, BigInt(vector.amount) + 1n).ok).toBe(false);
    const changed = parseTransaction(hexToBytes(vector.signedTx));
    const output = changed.outputs[0];
    if (output) output.value += 1n;
    expect(verifyP2wpkhInput(changed, 1, spent, BigInt(vector.amount)).ok).toBe(false);
    const otherKey = hexToBytes(vector.spentScript);
    otherKey[5] = (otherKey[5] as number) ^ 1;
    expect(verifyP2wpkhInput(signed, 1, otherKey, BigInt(vector.amount))).toEqual({
      ok: false,
      reason: 'public key does not match the output',
    });
  });

  it('refuses trailing bytes and truncation', () => {
    expect(() => parseTransaction(hexToBytes(`${vector.signedTx}00`))).toThrow();
    expect(() => parseTransaction(hexToBytes(vector.signedTx.slice(0, -8)))).toThrow();
  });
});
