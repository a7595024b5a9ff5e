import { fromBaseUnits, type Quote, type SignedQuoteFields } from '@coffer/contract';
import type { QuoteRow } from './quote.repository';
import type { ResolvedPair } from './trade-pairs';

/** The fields a quote's signature covers (all but the key id), as the customer reads them. */
export function signedFieldsOf(row: QuoteRow, pair: ResolvedPair): Omit<SignedQuoteFields, 'keyId'> {
  const base = (units: string) => fromBaseUnits(BigInt(units), pair.baseScale);
  const quote = (units: string) => fromBaseUnits(BigInt(units), pair.quoteScale);
  const isBuy = row.side === 'buy';
  const fee = BigInt(row.fee);
  const grossReceive = BigInt(isBuy ? row.base_amount : row.quote_amount);
  return {
    quoteId: row.id,
    pair: row.pair,
    side: row.side,
    price: fromBaseUnits(BigInt(row.price), row.price_scale),
    baseAmount: base(row.base_amount),
    quoteAmount: quote(row.quote_amount),
    payCoin: isBuy ? pair.quote : pair.base,
    payAmount: isBuy ? quote(row.quote_amount) : base(row.base_amount),
    receiveCoin: isBuy ? pair.base : pair.quote,
    receiveAmount: isBuy ? base(String(grossReceive - fee)) : quote(String(grossReceive - fee)),
    feeCoin: isBuy ? pair.base : pair.quote,
    fee: isBuy ? base(row.fee) : quote(row.fee),
    expiresAt: row.expires_at.toISOString(),
  };
}

/** A stored quote as the API answers it. */
export function quoteOf(row: QuoteRow, pair: ResolvedPair): Quote {
  return {
    ...signedFieldsOf(row, pair),
    baseCoin: pair.base,
    quoteCoin: pair.quote,
    feeRate: row.fee_rate,
    issuedAt: row.created_at.toISOString(),
    validitySeconds: Math.max(0, Math.round((row.expires_at.getTime() - row.created_at.getTime()) / 1000)),
    signature: row.signature,
    keyId: row.key_id,
    settlement: row.settlement,
  };
}
