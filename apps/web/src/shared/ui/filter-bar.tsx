import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// antd's pickers take month names and the first day of the week from these (Monday in ru, zh).
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { ReactNode } from 'react';
import styles from './filter-bar.module.css';

/** A row of filters above a list. */
export function FilterBar({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `${styles.filters} ${className}` : styles.filters}>{children}</div>;
}

/** One filter with its label above it; `id` is the control's. */
export function FilterField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

const dayFormat = 'YYYY-MM-DD';

/** A quick choice of a range ending today: the last `days` days (1: today) or the last `months` months. */
export type DayRangePreset = { label: string } & ({ days: number } | { months: number });

function presetStart(preset: DayRangePreset, today: Dayjs): Dayjs {
  return 'days' in preset ? today.subtract(preset.days - 1, 'day') : today.subtract(preset.months, 'month').add(1, 'day');
}

/**
 * A range of whole days of the user's calendar, none in the future, as "YYYY-MM-DD" days both
 * included; `id` is the first input's.
 */
export function DayRangeFilter({
  id,
  testId,
  startDay,
  endDay,
  presets,
  className,
  onChange,
}: {
  id: string;
  testId: string;
  startDay: string | undefined;
  endDay: string | undefined;
  presets: DayRangePreset[];
  className?: string;
  onChange: (startDay: string | undefined, endDay: string | undefined) => void;
}) {
  const today = dayjs();
  const range: [Dayjs, Dayjs] | null = startDay && endDay ? [dayjs(startDay, dayFormat), dayjs(endDay, dayFormat)] : null;
  return (
    <DatePicker.RangePicker
      id={{ start: id }}
      data-testid={testId}
      value={range}
      allowEmpty={[false, false]}
      disabledDate={(day) => day.isAfter(today, 'day')}
      presets={presets.map((preset) => ({ label: preset.label, value: [presetStart(preset, today), today] }))}
      onChange={(next) => {
        const [start, end] = next ?? [null, null];
        onChange(start?.format(dayFormat), end?.format(dayFormat));
      }}
      className={className}
    />
  );
}
