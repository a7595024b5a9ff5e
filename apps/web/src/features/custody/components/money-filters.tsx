import { Select, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { FilterBar, FilterField, type DayRangePreset } from '../../../shared/ui/filter-bar';
import { DownloadStatus, type useFileDownload } from './use-file-download';
import styles from './custody-money.module.css';

const widths = { wide: styles.filterWide, medium: styles.filterMedium, narrow: styles.filterNarrow };

/**
 * One select of a money page's filters, with its label; `id` names the control and its test id.
 * Cleared, it passes `undefined`; while `loading`, a placeholder stands in for it.
 */
export function FilterSelect<Value extends string>({
  id,
  label,
  placeholder,
  width,
  value,
  options,
  onChange,
  showSearch = false,
  loading = false,
}: {
  id: string;
  label: string;
  placeholder: string;
  width: keyof typeof widths;
  value: Value | undefined;
  options: { value: Value; label: string }[];
  onChange: (value: Value | undefined) => void;
  showSearch?: boolean;
  loading?: boolean;
}) {
  return (
    <FilterField id={id} label={label}>
      {loading ? (
        <Skeleton.Input active size="small" />
      ) : (
        <Select
          id={id}
          className={widths[width]}
          allowClear
          showSearch={showSearch}
          placeholder={placeholder}
          value={value}
          onChange={(next: Value | undefined) => onChange(next)}
          options={options}
          data-testid={id}
        />
      )}
    </FilterField>
  );
}

/** The quick ranges of the money pages' day filters (today first where `today`), labelled in `custodyMoney`. */
export function rangePresets(t: TFunction<'custodyMoney'>, { today = false }: { today?: boolean } = {}): DayRangePreset[] {
  return [
    ...(today ? [{ label: t('presets.today'), days: 1 }] : []),
    { label: t('presets.last7'), days: 7 },
    { label: t('presets.last30'), days: 30 },
    { label: t('presets.last3Months'), months: 3 },
    { label: t('presets.last12Months'), months: 12 },
  ];
}

/**
 * The filter card of a money page with exports: the filters, the download buttons with their
 * hint beside them, and the export's progress and outcome below (`noticeTestId`).
 */
export function DownloadToolbar({
  filters,
  buttons,
  hint,
  download,
  noticeTestId,
}: {
  filters: ReactNode;
  buttons: ReactNode;
  hint: string;
  download: ReturnType<typeof useFileDownload>;
  noticeTestId: string;
}) {
  return (
    <>
      <div className={styles.toolbar}>
        <FilterBar>{filters}</FilterBar>
        <div className={styles.downloads}>
          {buttons}
          <span className={styles.hint}>{hint}</span>
        </div>
      </div>
      <DownloadStatus download={download} testId={noticeTestId} />
    </>
  );
}
