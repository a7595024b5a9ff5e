/**
 * Exact money: amounts are decimal strings on the wire and bigint base units inside, each
 * asset with its own scale. No floating point anywhere.
 */
const decimalPattern = /^(\d{1,30})(?:\.(\d{1,30}))?$/;

export class AmountFormatError extends Error {
  override readonly name = 'AmountFormatError';
}

/**
 * "1.5" at scale 8 → 150000000n. Zeros past the scale carry no value and are dropped ("1.1000000"
 * at scale 6 is 1.1); a nonzero digit past it is refused, as are signs and exponents. Every
 * amount a customer sends is parsed here.
 */
export function toBaseUnits(amount: string, scale: number): bigint {
  const match = decimalPattern.exec(amount.trim());
  if (!match) throw new AmountFormatError(`not a decimal amount: ${amount}`);
  const [, whole = '0', written = ''] = match;
  const fraction = written.length > scale ? written.replace(/0+$/, '') : written;
  if (fraction.length > scale) throw new AmountFormatError(`more than ${scale} decimals: ${amount}`);
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** 150000000n at scale 8 → "1.5"; trailing zeros dropped, sign kept. */
export function fromBaseUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function isDecimalAmount(amount: string, scale: number): boolean {
  try {
    toBaseUnits(amount, scale);
    return true;
  } catch {
    return false;
  }
}
