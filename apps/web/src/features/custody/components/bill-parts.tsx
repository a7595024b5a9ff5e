import type { CustodyBill } from '@coffer/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFiat } from '../../../shared/format/figures';
import { formatPercent } from '../../../shared/format/format-amount';

/** The day today in UTC, `YYYY-MM-DD`: the bills' days are UTC days. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** An unpaid bill past its last day on time (`dueOn`, the 9th). */
export function isOverdue(bill: Pick<CustodyBill, 'state' | 'dueOn'>, today: string = todayUtc()): boolean {
  return bill.state === 'unpaid' && today > bill.dueOn;
}

/** A USD figure of a bill ("1234.5" → "$1,234.50"). */
export function formatUsd(value: string, language: string): string {
  return formatFiat(value, 'USD', language);
}

/** An annual rate given as a fraction ("0.005") written in percent ("0.5%"), every decimal kept, no float. */
export function formatRate(rate: string, language: string): string {
  const [whole = '0', fraction = ''] = rate.trim().split('.');
  const padded = fraction.padEnd(2, '0');
  const percentWhole = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const percentFraction = padded.slice(2).replace(/0+$/, '');
  const percent = percentFraction ? `${percentWhole}.${percentFraction}` : percentWhole;
  return formatPercent(percent, percentFraction.length, language);
}

/** A bill's period `YYYY-MM` as the month it names ("2026-10" → "Oct 2026"). */
export function formatPeriod(period: string, language: string): string {
  const time = Date.parse(`${period}-01T00:00:00Z`);
  if (Number.isNaN(time)) return period;
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(time);
}

/** The bill's payment status: paid, unpaid, or overdue (unpaid past its due date). */
export function BillStateTag({ bill }: { bill: Pick<CustodyBill, 'state' | 'dueOn'> }) {
  const { t } = useTranslation('custodyBilling');
  const overdue = isOverdue(bill);
  const color = bill.state === 'paid' ? 'success' : overdue ? 'error' : 'warning';
  return (
    <Tag color={color} data-testid="bill-state">
      {overdue ? t('states.overdue') : t(`states.${bill.state}`)}
    </Tag>
  );
}
