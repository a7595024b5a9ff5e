import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { deriveAddress, withSigningKey } from '../addresses/hd-wallet';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { decodePayment, encodePayment, paymentHash, paymentSigningHash, signPayment, verifyPaymentSignature } from './xrp-codec';
import vectors from './xrp-vectors.json';

describe('XRP payment codec', () => {
  it.each(vectors.payments)('decodes, re-encodes, hashes and verifies $hash', (vector) => {
    const payment = decodePayment(hexToBytes(vector.blob.toLowerCase()));
    expect(payment.amount).toBe(BigInt(vector.amount));
    expect(payment.fee).toBe(BigInt(vector.fee));
    expect(payment.sequence).toBe(vector.sequence);
    expect(payment.lastLedgerSequence).toBe(vector.lastLedgerSequence);
    if ('account' in vector) {
      expect(payment.account).toBe(vector.account);
      expect(payment.destination).toBe(vector.destination);
    }
    expect(bytesToHex(encodePayment(payment)).toUpperCase()).toBe(vector.blob);
    expect(paymentHash(payment)).toBe(vector.hash);
    const signature = payment.txnSignature ?? new Uint8Array(0);
    const key = payment.signingPubKey ?? new Uint8Array(0);
    expect(secp256k1.verify(signature, paymentSigningHash(payment), key, { prehash: false, format: 'der' })).toBe(true);
    expect(
      secp256k1.verify(signature, paymentSigningHash({ ...payment, amount: payment.amount + 1n }), key, { prehash: false, format: 'der' }),
    ).toBe(false);
    // The ledger also requires the key to be the sending account's.
    expect(verifyPaymentSignature(payment)).toBe(vector.keyMatchesAccount);
  });

  it('signs a payment with a destination tag from an HD key and verifies it', () => {
    const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
    const location = { chain: 'XRP', role: 'hot-wallet', index: 0 } as const;
    const account = deriveAddress(seed, location);
    const signed = withSigningKey(seed, location, (privateKey) =>
      signPayment(
        {
          account,
          destination: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
          amount: 25_000_000n,
          fee: 12n,
          sequence: 5,
          destinationTag: 4294967295,
        },
        privateKey,
      ),
    );
    expect(verifyPaymentSignature(signed)).toBe(true);
    const decoded = decodePayment(encodePayment(signed));
    expect(decoded).toMatchObject({ account, destinationTag: 4294967295, amount: 25_000_000n, sequence: 5 });
    expect(paymentHash(decoded)).toBe(paymentHash(signed));
    expect(verifyPaymentSignature({ ...signed, destinationTag: 1 })).toBe(false);
  });

  it('refuses other transaction types and non-canonical field order', () => {
    expect(() => decodePayment(hexToBytes('120003'))).toThrow(/Payment/);
    expect(() => decodePayment(hexToBytes('2400000001120000'))).toThrow(/order/);
  });
});
