import { fromBaseUnits, toBaseUnits } from '@coffer/contract/money';

/** A non-negative decimal string as units of `scale` decimals, extra digits cut. */
function unitsOf(amount: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  return toBaseUnits(scale > 0 ? `${whole || '0'}.${fraction.slice(0, scale).padEnd(scale, '0')}` : whole || '0', scale);
}

const cents = (value: string) => unitsOf(value, 2);

/**
 * The fiat value of the available part of each row: value × available / total, in cents,
 * cut (never rounded up), then summed. Frozen funds are the remainder of the total value.
 */
export function availableFiatValue(rows: ReadonlyArray<{ total: string; available: string; value: string }>): string {
  let sum = 0n;
  for (const row of rows) {
    const scale = Math.max(row.total.split('.')[1]?.length ?? 0, row.available.split('.')[1]?.length ?? 0);
    const total = unitsOf(row.total, scale);
    if (total <= 0n) continue;
    sum += (cents(row.value) * unitsOf(row.available, scale)) / total;
  }
  return fromBaseUnits(sum, 2);
}

/** a − b for two fiat values with at most 2 decimals. */
export function subtractFiat(a: string, b: string): string {
  const difference = cents(a) - cents(b);
  return fromBaseUnits(difference < 0n ? 0n : difference, 2);
}
