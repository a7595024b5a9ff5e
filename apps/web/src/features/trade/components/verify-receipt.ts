import type { OrderDetail, QuoteKey, TradeReceipt } from '@coffer/contract';
import { quoteSigningBytes, quoteSigningText, signedQuoteFieldOrder } from '@coffer/contract/trade-receipt';

/** Each thing a customer can check about a receipt, on this computer. */
export interface ReceiptVerification {
  /** The Ed25519 signature holds over the canonical bytes of the signed fields. */
  isSignatureValid: boolean;
  /** The receipt's key is one Coffer publishes (null while the published keys are unknown). */
  isKeyPublished: boolean | null;
  /** The signed fields are the order's own terms, and the signed text shown is rebuilt from them. */
  doFieldsMatch: boolean;
  /** This browser has no Ed25519 in WebCrypto, so the signature could not be checked. */
  isUnsupported: boolean;
}

export function isVerified(result: ReceiptVerification): boolean {
  return result.isSignatureValid && result.isKeyPublished === true && result.doFieldsMatch;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Verifies the signature with WebCrypto: true, false, or 'unsupported' where the browser has no Ed25519. */
export async function verifyReceiptSignature(
  receipt: TradeReceipt,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<boolean | 'unsupported'> {
  let message: Uint8Array;
  let publicKey: Uint8Array<ArrayBuffer>;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    message = quoteSigningBytes(receipt.signedFields);
    publicKey = fromBase64(receipt.publicKey);
    signature = fromBase64(receipt.signature);
  } catch {
    // A field that cannot be signed, or a key or signature that is not base64, verifies nothing.
    return false;
  }
  let key: CryptoKey;
  try {
    key = await subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    if (error instanceof Error && error.name === 'NotSupportedError') return 'unsupported';
    return false;
  }
  try {
    return await subtle.verify({ name: 'Ed25519' }, key, signature, new Uint8Array(message));
  } catch {
    return false;
  }
}

/** The signed fields are exactly the terms the order shows, and the signed text is rebuilt from them. */
export function receiptMatchesOrder(order: OrderDetail): boolean {
  const { receipt } = order;
  const fields = receipt.signedFields;
  if (fields.keyId !== receipt.keyId) return false;
  const isSameTerm = signedQuoteFieldOrder.every((name) => name === 'keyId' || fields[name] === order[name]);
  if (!isSameTerm) return false;
  try {
    return quoteSigningText(fields) === receipt.signedText;
  } catch {
    return false;
  }
}

/** Everything the "verify" button checks, with nothing taken on the server's word. */
export async function verifyReceipt(
  order: OrderDetail,
  publishedKeys: QuoteKey[] | undefined,
  subtle?: SubtleCrypto,
): Promise<ReceiptVerification> {
  const signature = await verifyReceiptSignature(order.receipt, subtle);
  return {
    isSignatureValid: signature === true,
    isUnsupported: signature === 'unsupported',
    isKeyPublished: publishedKeys
      ? publishedKeys.some((key) => key.keyId === order.receipt.keyId && key.publicKey === order.receipt.publicKey)
      : null,
    doFieldsMatch: receiptMatchesOrder(order),
  };
}
