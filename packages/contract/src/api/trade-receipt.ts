/**
 * The bytes a quote's Ed25519 signature covers (no zod, no crypto: the web app and any third
 * party can rebuild them and verify with the public key of `tradePaths.quoteKeys`).
 *
 * Format, UTF-8, every line ending with "\n", in exactly this order:
 *
 *   coffer-quote-v1
 *   keyId=<public key id>
 *   quoteId=<quote id>
 *   pair=<BASE/QUOTE>
 *   side=<buy|sell>
 *   price=<decimal: quote coin per one base coin>
 *   baseAmount=<decimal>
 *   quoteAmount=<decimal>
 *   payCoin=<coin>
 *   payAmount=<decimal>
 *   receiveCoin=<coin>
 *   receiveAmount=<decimal, after the fee>
 *   feeCoin=<coin>
 *   fee=<decimal>
 *   expiresAt=<ISO 8601 UTC with milliseconds, e.g. 2025-01-02T03:04:05.678Z>
 *
 * Decimals are the wire strings exactly as answered (no exponent, no trailing zeros, no sign).
 */
export const quoteSignatureVersion = 'coffer-quote-v1';

export interface SignedQuoteFields {
  keyId: string;
  quoteId: string;
  pair: string;
  side: 'buy' | 'sell';
  price: string;
  baseAmount: string;
  quoteAmount: string;
  payCoin: string;
  payAmount: string;
  receiveCoin: string;
  receiveAmount: string;
  feeCoin: string;
  fee: string;
  expiresAt: string;
}

export const signedQuoteFieldOrder = [
  'keyId',
  'quoteId',
  'pair',
  'side',
  'price',
  'baseAmount',
  'quoteAmount',
  'payCoin',
  'payAmount',
  'receiveCoin',
  'receiveAmount',
  'feeCoin',
  'fee',
  'expiresAt',
] as const satisfies ReadonlyArray<keyof SignedQuoteFields>;

/** The canonical text; a field holding a line break or "=" cannot be signed ambiguously. */
export function quoteSigningText(fields: SignedQuoteFields): string {
  const lines = [quoteSignatureVersion];
  for (const name of signedQuoteFieldOrder) {
    const value = fields[name];
    if (/[\n\r=]/.test(value)) throw new Error(`unsignable ${name}`);
    lines.push(`${name}=${value}`);
  }
  return `${lines.join('\n')}\n`;
}

export function quoteSigningBytes(fields: SignedQuoteFields): Uint8Array {
  return new TextEncoder().encode(quoteSigningText(fields));
}
