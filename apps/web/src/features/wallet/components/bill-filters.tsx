import type { Currency } from '@coffer/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, FilterBar, FilterField } from '../../../shared/ui/filter-bar';
import { billTypeEntries, useBillTypeLabel } from './bill-labels';
import styles from './bill-filters.module.css';

export interface BillFilterValues {
  coin: string | undefined;
  type: number | undefined;
  /** "YYYY-MM-DD" days of the user's calendar, both included. */
  startDay: string | undefined;
  endDay: string | undefined;
}

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

  return (
    <FilterBar className={styles.filters}>
      <FilterField id="bills-coin" label={t('bills.filters.coin')}>
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
      </FilterField>
      <FilterField id="bills-type" label={t('bills.filters.type')}>
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
      </FilterField>
      <FilterField id="bills-range" label={t('bills.filters.range')}>
        <DayRangeFilter
          id="bills-range"
          testId="bills-range"
          startDay={values.startDay}
          endDay={values.endDay}
          presets={[
            { label: t('bills.filters.last7Days'), days: 7 },
            { label: t('bills.filters.last30Days'), days: 30 },
            { label: t('bills.filters.last3Months'), months: 3 },
          ]}
          onChange={(startDay, endDay) => onChange({ ...values, startDay, endDay })}
          className={styles.range}
        />
      </FilterField>
    </FilterBar>
  );
}
