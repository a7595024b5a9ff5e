import type { TradeSide } from '@coffer/contract';

/**
 * Exact quote arithmetic in bigint units. Every rounding goes the platform's way:
 *
 * - the firm price is the mid price plus the spread rounded UP for a buy, minus the spread
 *   rounded DOWN for a sell;
 * - what the customer pays is rounded UP, what the customer receives is rounded DOWN;
 * - the fee (charged in the coin received) is rounded UP.
 *
 * Prices are quote coin per one base coin in units of 1e-8 (`priceScale`); rates are
 * fractions in units of 1e-8 (`rateOne` = 100 %).
 */
export const priceScale = 8;
export const rateOne = 100_000_000n;
const priceOne = 10n ** BigInt(priceScale);

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** Firm price from the two USD prices (each in units of 1e-8 USD) and the spread. */
export function firmPrice(side: TradeSide, baseUsd: bigint, quoteUsd: bigint, spreadRate: bigint): bigint {
  if (baseUsd <= 0n || quoteUsd <= 0n) throw new RangeError('prices must be positive');
  return side === 'buy' ? ceilDiv(baseUsd * (rateOne + spreadRate), quoteUsd) : (baseUsd * (rateOne - spreadRate)) / quoteUsd;
}

/** Mid price without spread (indicative, rounded down). */
export function midPrice(baseUsd: bigint, quoteUsd: bigint): bigint {
  return (baseUsd * priceOne) / quoteUsd;
}

export interface QuoteTerms {
  price: bigint;
  baseAmount: bigint;
  quoteAmount: bigint;
  payAmount: bigint;
  /** Received before the fee. */
  grossReceive: bigint;
  fee: bigint;
  /** Received after the fee. */
  receiveAmount: bigint;
}

export interface TermsInput {
  side: TradeSide;
  price: bigint;
  /** The fixed amount and which coin of the pair it is in. */
  amount: bigint;
  amountIn: 'base' | 'quote';
  baseScale: number;
  quoteScale: number;
  feeRate: bigint;
}

/** The amounts of a quote; `null` when the trade is too small to leave anything to receive. */
export function quoteTerms(input: TermsInput): QuoteTerms | null {
  const { side, price, amount, amountIn, feeRate } = input;
  // quote units = base units × price × quoteFactor / (baseFactor × priceOne)
  const baseFactor = 10n ** BigInt(input.baseScale);
  const quoteFactor = 10n ** BigInt(input.quoteScale);
  const toQuoteNumerator = (base: bigint) => base * price * quoteFactor;
  const toQuoteDenominator = baseFactor * priceOne;
  const toBaseNumerator = (quote: bigint) => quote * baseFactor * priceOne;
  const toBaseDenominator = price * quoteFactor;

  let baseAmount: bigint;
  let quoteAmount: bigint;
  if (amountIn === 'base') {
    baseAmount = amount;
    // A buyer pays the quote coin (round up); a seller receives it (round down).
    quoteAmount = side === 'buy' ? ceilDiv(toQuoteNumerator(amount), toQuoteDenominator) : toQuoteNumerator(amount) / toQuoteDenominator;
  } else {
    quoteAmount = amount;
    // A buyer receives the base coin (round down); a seller pays it (round up).
    baseAmount = side === 'buy' ? toBaseNumerator(amount) / toBaseDenominator : ceilDiv(toBaseNumerator(amount), toBaseDenominator);
  }
  if (baseAmount <= 0n || quoteAmount <= 0n) return null;

  const payAmount = side === 'buy' ? quoteAmount : baseAmount;
  const grossReceive = side === 'buy' ? baseAmount : quoteAmount;
  const fee = ceilDiv(grossReceive * feeRate, rateOne);
  const receiveAmount = grossReceive - fee;
  if (receiveAmount <= 0n) return null;
  return { price, baseAmount, quoteAmount, payAmount, grossReceive, fee, receiveAmount };
}

/**
 * Whether the pair moved more than `percent` (units of 1e-4 %) over the readings: the
 * spread between the highest and the lowest reading, relative to the lowest.
 */
export function hasMovedTooMuch(readings: readonly bigint[], percent: bigint): boolean {
  if (readings.length < 2) return false;
  let high = readings[0]!;
  let low = readings[0]!;
  for (const reading of readings) {
    if (reading > high) high = reading;
    if (reading < low) low = reading;
  }
  if (low <= 0n) return true;
  return (high - low) * 100n * 10_000n > percent * low;
}

/** USD value (units of 1e-8 USD) of an amount of a coin. */
export function usdValue(amount: bigint, scale: number, usdPrice: bigint): bigint {
  return (amount * usdPrice) / 10n ** BigInt(scale);
}
