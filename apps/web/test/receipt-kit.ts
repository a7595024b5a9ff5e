import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { OrderDetail, QuoteKey } from '@coffer/contract';
import { quoteSigningBytes, quoteSigningText, type SignedQuoteFields } from '@coffer/contract/trade-receipt';
import { testOrder } from './trade-kit';

/** Test-only: a real Ed25519 key pair, as the server's quote signer holds one. */
export function testSigner(keyId = 'k1') {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');
  const published: QuoteKey = {
    keyId,
    algorithm: 'Ed25519',
    publicKey: raw,
    publicKeyPem: String(publicKey.export({ format: 'pem', type: 'spki' })),
  };
  return { keyId, publicKey: raw, published, privateKey };
}

/** Test-only: an order whose receipt is signed over its own terms by `signer`. */
export function signedOrder(
  signer: { keyId: string; publicKey: string; privateKey: KeyObject },
  overrides: Parameters<typeof testOrder>[0] = {},
): OrderDetail {
  const order = testOrder({
    status: 'completed',
    isPayable: false,
    paidAt: '2026-03-01T10:00:03.000Z',
    completedAt: '2026-03-01T10:00:03.000Z',
    ...overrides,
  });
  const signedFields: SignedQuoteFields = {
    keyId: signer.keyId,
    quoteId: order.quoteId,
    pair: order.pair,
    side: order.side,
    price: order.price,
    baseAmount: order.baseAmount,
    quoteAmount: order.quoteAmount,
    payCoin: order.payCoin,
    payAmount: order.payAmount,
    receiveCoin: order.receiveCoin,
    receiveAmount: order.receiveAmount,
    feeCoin: order.feeCoin,
    fee: order.fee,
    expiresAt: order.expiresAt,
  };
  return {
    ...order,
    receipt: {
      algorithm: 'Ed25519',
      keyId: signer.keyId,
      publicKey: signer.publicKey,
      signedFields,
      signedText: quoteSigningText(signedFields),
      signature: sign(null, quoteSigningBytes(signedFields), signer.privateKey).toString('base64'),
      journalId: '9001',
    },
  };
}
