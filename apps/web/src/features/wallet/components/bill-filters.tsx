import type { Currency } from '@coffer/contract';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// antd's pickers take month names and the first day of the week from these (Monday in ru, zh).
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useTranslation } from 'react-i18next';
import { billTypeEntries, useBillTypeLabel } from './bill-labels';
import styles from './bill-filters.module.css';

export interface BillFilterValues {
  coin: string | undefined;
  type: number | undefined;
  /** "YYYY-MM-DD" days of the user's calendar, both included. */
  startDay: string | undefined;
  endDay: string | undefined;
}

const dayFormat = 'YYYY-MM-DD';

/** Coin, type and date range of the bills; every change applies at once. */
export function BillFilters({
  values,
  currencies,
  onChange,
}: {
  values: BillFilterValues;
  currencies: Currency[] | undefined;
  onChange: (next: BillFilterValues) => void;
}) {
  const { t } = useTranslation('wallet');
  const typeLabel = useBillTypeLabel();
  const today = dayjs();
  const range: [Dayjs, Dayjs] | null =
    values.startDay && values.endDay ? [dayjs(values.startDay, dayFormat), dayjs(values.endDay, dayFormat)] : null;

  return (
    <div className={styles.filters}>
      <div className={styles.field}>
        <label htmlFor="bills-coin">{t('bills.filters.coin')}</label>
        <Select
          id="bills-coin"
          allowClear
          showSearch
          value={values.coin}
          placeholder={t('bills.filters.allCoins')}
          onChange={(coin: string | undefined) => onChange({ ...values, coin })}
          options={(currencies ?? []).map((currency) => ({ value: currency.coin, label: currency.coin }))}
          className={styles.coin}
          data-testid="bills-coin"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="bills-type">{t('bills.filters.type')}</label>
        <Select
          id="bills-type"
          allowClear
          value={values.type}
          placeholder={t('bills.filters.allTypes')}
          onChange={(type: number | undefined) => onChange({ ...values, type })}
          options={billTypeEntries.map(([, code]) => ({ value: code, label: typeLabel(code) }))}
          className={styles.type}
          data-testid="bills-type"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="bills-range">{t('bills.filters.range')}</label>
        <DatePicker.RangePicker
          id={{ start: 'bills-range' }}
          value={range}
          allowEmpty={[false, false]}
          disabledDate={(day) => day.isAfter(today, 'day')}
          presets={[
            { label: t('bills.filters.last7Days'), value: [today.subtract(6, 'day'), today] },
            { label: t('bills.filters.last30Days'), value: [today.subtract(29, 'day'), today] },
            { label: t('bills.filters.last3Months'), value: [today.subtract(3, 'month').add(1, 'day'), today] },
          ]}
          onChange={(next) => {
            const [start, end] = next ?? [null, null];
            onChange({ ...values, startDay: start?.format(dayFormat), endDay: end?.format(dayFormat) });
          }}
          className={styles.range}
          data-testid="bills-range"
        />
      </div>
    </div>
  );
}
