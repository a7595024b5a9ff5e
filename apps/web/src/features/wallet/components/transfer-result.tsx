import type { TransferRecord } from '@coffer/contract';
import { Button, Descriptions, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { ShortValue } from '../../../shared/ui/short-value';
import { TransferStatus } from './transfer-status';
import styles from './transfer-result.module.css';

/** Step 3: the transfer record the server wrote. */
export function TransferResult({ record, onAgain }: { record: TransferRecord; onAgain: () => void }) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const amount = (value: string) => `${formatAmount(record.coin, value, language)} ${record.coin}`;

  return (
    <div data-testid="transfer-result" className={styles.result}>
      <Result
        status="success"
        title={t('transfer.result.title')}
        subTitle={t('transfer.result.subtitle', { amount: amount(record.quantity), receiver: record.toAddress })}
        extra={[
          <Button key="again" type="primary" onClick={onAgain}>
            {t('transfer.result.again')}
          </Button>,
          <Link key="bills" to={pathTo('propertyCenterBills')} className={styles.link}>
            {t('transfer.result.toBills')}
          </Link>,
        ]}
      />
      <Descriptions
        column={2}
        size="small"
        bordered
        classNames={{ label: styles.label, content: styles.content }}
        items={[
          { key: 'orderNo', label: t('transfer.record.orderNo'), children: record.orderNo },
          { key: 'flowId', label: t('transfer.record.flowId'), children: <ShortValue value={record.flowId} keep={6} /> },
          { key: 'quantity', label: t('transfer.record.quantity'), children: amount(record.quantity) },
          { key: 'fee', label: t('transfer.record.fee'), children: amount(record.handlingFee) },
          { key: 'to', label: t('transfer.record.to'), children: record.toAddress },
          { key: 'balance', label: t('transfer.record.balanceAfter'), children: amount(record.accountBalance) },
          { key: 'time', label: t('transfer.record.time'), children: formatDateTime(record.recordedTime, language) },
          { key: 'status', label: t('transfer.record.status'), children: <TransferStatus status={record.status} /> },
        ]}
      />
    </div>
  );
}
