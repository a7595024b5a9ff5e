import type { SpotOrderStatus, TradePair, TradeSide } from '@coffer/contract';
import { spotOrderStatuses, tradeSides } from '@coffer/contract/trade-paths';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, FilterBar, FilterField } from '../../../shared/ui/filter-bar';
import styles from './order-filters.module.css';

export interface OrderFilterValues {
  pair: string | undefined;
  side: TradeSide | undefined;
  status: SpotOrderStatus | undefined;
  /** "YYYY-MM-DD" days of the user's calendar, both included. */
  startDay: string | undefined;
  endDay: string | undefined;
}

/** Pair, direction, status and order-time range of "my orders"; every change applies at once. */
export function OrderFilters({
  values,
  pairs,
  onChange,
}: {
  values: OrderFilterValues;
  pairs: TradePair[] | undefined;
  onChange: (next: OrderFilterValues) => void;
}) {
  const { t } = useTranslation('trade');

  return (
    <FilterBar>
      <FilterField id="orders-pair" label={t('orders.filters.pair')}>
        <Select
          id="orders-pair"
          data-testid="orders-pair"
          allowClear
          value={values.pair}
          placeholder={t('orders.filters.allPairs')}
          onChange={(pair: string | undefined) => onChange({ ...values, pair })}
          options={(pairs ?? []).map((pair) => ({ value: pair.pair, label: pair.pair }))}
          className={styles.select}
        />
      </FilterField>
      <FilterField id="orders-side" label={t('orders.filters.side')}>
        <Select
          id="orders-side"
          data-testid="orders-side"
          allowClear
          value={values.side}
          placeholder={t('orders.filters.allSides')}
          onChange={(side: TradeSide | undefined) => onChange({ ...values, side })}
          options={tradeSides.map((side) => ({ value: side, label: t(`side.${side}`) }))}
          className={styles.select}
        />
      </FilterField>
      <FilterField id="orders-status" label={t('orders.filters.status')}>
        <Select
          id="orders-status"
          data-testid="orders-status"
          allowClear
          value={values.status}
          placeholder={t('orders.filters.allStatuses')}
          onChange={(status: SpotOrderStatus | undefined) => onChange({ ...values, status })}
          options={spotOrderStatuses.map((status) => ({ value: status, label: t(`orderStatus.${status}`) }))}
          className={styles.status}
        />
      </FilterField>
      <FilterField id="orders-range" label={t('orders.filters.range')}>
        <DayRangeFilter
          id="orders-range"
          testId="orders-range"
          startDay={values.startDay}
          endDay={values.endDay}
          presets={[
            { label: t('orders.filters.today'), days: 1 },
            { label: t('orders.filters.last7Days'), days: 7 },
            { label: t('orders.filters.last30Days'), days: 30 },
          ]}
          onChange={(startDay, endDay) => onChange({ ...values, startDay, endDay })}
          className={styles.range}
        />
      </FilterField>
    </FilterBar>
  );
}
