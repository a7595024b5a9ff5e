import type { SpotOrderStatus, TradePair, TradeSide } from '@coffer/contract';
import { spotOrderStatuses, tradeSides } from '@coffer/contract/trade-paths';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// antd's pickers take month names and the first day of the week from these (Monday in ru, zh).
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useTranslation } from 'react-i18next';
import styles from './order-filters.module.css';

export interface OrderFilterValues {
  pair: string | undefined;
  side: TradeSide | undefined;
  status: SpotOrderStatus | undefined;
  /** "YYYY-MM-DD" days of the user's calendar, both included. */
  startDay: string | undefined;
  endDay: string | undefined;
}

export const dayFormat = 'YYYY-MM-DD';

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
  const today = dayjs();
  const range: [Dayjs, Dayjs] | null =
    values.startDay && values.endDay ? [dayjs(values.startDay, dayFormat), dayjs(values.endDay, dayFormat)] : null;

  return (
    <div className={styles.filters}>
      <div className={styles.field}>
        <label htmlFor="orders-pair">{t('orders.filters.pair')}</label>
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
      </div>
      <div className={styles.field}>
        <label htmlFor="orders-side">{t('orders.filters.side')}</label>
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
      </div>
      <div className={styles.field}>
        <label htmlFor="orders-status">{t('orders.filters.status')}</label>
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
      </div>
      <div className={styles.field}>
        <label htmlFor="orders-range">{t('orders.filters.range')}</label>
        <DatePicker.RangePicker
          id={{ start: 'orders-range' }}
          data-testid="orders-range"
          value={range}
          allowEmpty={[false, false]}
          disabledDate={(day) => day.isAfter(today, 'day')}
          presets={[
            { label: t('orders.filters.today'), value: [today, today] },
            { label: t('orders.filters.last7Days'), value: [today.subtract(6, 'day'), today] },
            { label: t('orders.filters.last30Days'), value: [today.subtract(29, 'day'), today] },
          ]}
          onChange={(next) => {
            const [start, end] = next ?? [null, null];
            onChange({ ...values, startDay: start?.format(dayFormat), endDay: end?.format(dayFormat) });
          }}
          className={styles.range}
        />
      </div>
    </div>
  );
}
