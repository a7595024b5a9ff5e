import type { TransferRecord } from '@coffer/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Transfer record status in the shared status colours, with a mark so colour is not alone. */
export function TransferStatus({ status }: { status: TransferRecord['status'] }) {
  const { t } = useTranslation('wallet');
  return status === 'credited' ? (
    <Tag color="success">
      <span aria-hidden="true">✓ </span>
      {t('transfer.status.credited')}
    </Tag>
  ) : (
    <Tag color="error">
      <span aria-hidden="true">✕ </span>
      {t('transfer.status.failure')}
    </Tag>
  );
}
