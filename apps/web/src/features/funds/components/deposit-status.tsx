import type { DepositRecord } from '@coffer/contract';
import { depositStatus } from '@coffer/contract/deposit-paths';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Deposit state of spec §4 in the shared status colours, with a mark so colour is not alone. */
export function DepositStatus({ record }: { record: Pick<DepositRecord, 'status' | 'failReason'> }) {
  const { t } = useTranslation('funds');
  if (record.status === depositStatus.credited) {
    return (
      <Tag color="success" data-testid="deposit-status-credited">
        <span aria-hidden="true">✓ </span>
        {t('depositStatus.credited')}
      </Tag>
    );
  }
  if (record.status === depositStatus.failed) {
    return (
      <Tag
        color="error"
        data-testid="deposit-status-failed"
        title={record.failReason === 'belowMinimum' ? t('depositStatus.belowMinimum') : undefined}
      >
        <span aria-hidden="true">✕ </span>
        {record.failReason === 'belowMinimum' ? t('depositStatus.failedBelowMinimum') : t('depositStatus.failed')}
      </Tag>
    );
  }
  return (
    <Tag color="warning" data-testid="deposit-status-waiting">
      <span aria-hidden="true">◔ </span>
      {t('depositStatus.waiting')}
    </Tag>
  );
}
