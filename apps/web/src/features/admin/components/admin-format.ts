import type { KycLevel } from '@coffer/contract/rules';
import type { HTMLAttributes } from 'react';
import { formatDateTime } from '../../../shared/format/format-date';

/** What every back-office screen shows for a value that is not there: one dash style throughout. */
export const emptyValue = '—';

/** A time in the operator's language, or a dash when there is none. */
export function timeText(iso: string | null | undefined, language: string): string {
  return iso ? formatDateTime(iso, language) : emptyValue;
}

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `iso` was, in the largest whole unit ("3 hours ago"), from `now`. */
export function agoText(iso: string, now: number, language: string): string {
  const elapsed = now - Date.parse(iso);
  if (Number.isNaN(elapsed)) return '';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return format.format(0, 'minute');
}

/** The translation key of a KYC level (0 unverified … 3 video). */
export function levelKey(level: KycLevel): `level${KycLevel}` {
  return `level${level}`;
}

/** antd's `onRow` props carrying a test id (React's attribute types leave out `data-*`). */
export function rowProps(testId: string, onClick?: () => void): HTMLAttributes<HTMLElement> {
  return { onClick, 'data-testid': testId } as HTMLAttributes<HTMLElement>;
}

/** The annual rate as a percentage for reading ("0.005" → "0.5 %"), exactly: the decimal point moves two places. */
export function ratePercent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const integer = digits.slice(0, digits.length - Math.max(fraction.length - 2, 0)).replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return `${integer}${rest ? `.${rest}` : ''} %`;
}
