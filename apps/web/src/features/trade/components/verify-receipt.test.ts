import { quoteSigningText } from '@coffer/contract/trade-receipt';
import { describe, expect, it } from 'vitest';
import { signedOrder, testSigner } from '../../../../test/receipt-kit';
import { isVerified, verifyReceipt, verifyReceiptSignature } from './verify-receipt';

describe('verifyReceipt (WebCrypto Ed25519 over the contract canonical bytes)', () => {
  const signer = testSigner();

  it('verifies a receipt signed over its own terms with a published key', async () => {
    const order = signedOrder(signer);
    const result = await verifyReceipt(order, [signer.published]);
    expect(result).toEqual({ isSignatureValid: true, isKeyPublished: true, doFieldsMatch: true, isUnsupported: false });
    expect(isVerified(result)).toBe(true);
  });

  it('fails the signature when any signed field changes, even if the order shows the same change', async () => {
    const order = signedOrder(signer);
    for (const name of ['price', 'receiveAmount', 'fee', 'expiresAt', 'side', 'quoteId'] as const) {
      const value = name === 'side' ? 'sell' : name === 'expiresAt' ? '2099-01-01T00:00:00.000Z' : `${order.receipt.signedFields[name]}1`;
      const signedFields = { ...order.receipt.signedFields, [name]: value };
      const tampered = { ...order, [name]: value, receipt: { ...order.receipt, signedFields, signedText: quoteSigningText(signedFields) } };
      const result = await verifyReceipt(tampered, [signer.published]);
      expect(result.isSignatureValid, name).toBe(false);
      expect(isVerified(result), name).toBe(false);
    }
  });

  it('refuses a receipt whose order shows terms other than the signed ones', async () => {
    const order = signedOrder(signer);
    const result = await verifyReceipt({ ...order, receiveAmount: '1' }, [signer.published]);
    expect(result.isSignatureValid).toBe(true);
    expect(result.doFieldsMatch).toBe(false);
    expect(isVerified(result)).toBe(false);
  });

  it('refuses a valid signature by a key Coffer does not publish', async () => {
    const stranger = testSigner('k1');
    const order = signedOrder(stranger);
    const result = await verifyReceipt(order, [signer.published]);
    expect(result.isSignatureValid).toBe(true);
    expect(result.isKeyPublished).toBe(false);
    expect(isVerified(result)).toBe(false);
  });

  it('answers false for a signature or key that is not base64 of the right length', async () => {
    const order = signedOrder(signer);
    expect(await verifyReceiptSignature({ ...order.receipt, signature: '%%%' })).toBe(false);
    expect(await verifyReceiptSignature({ ...order.receipt, publicKey: 'AAAA' })).toBe(false);
  });
});
