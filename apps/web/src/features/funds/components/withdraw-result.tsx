import type { WithdrawalRecord } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ShortValue } from '../../../shared/ui/short-value';
import { withdrawalsQuery } from '../api/get-withdrawals';
import { LargeWithdrawalActions } from './large-withdrawal-actions';
import { firstRecordsPage, refreshWhileMoving } from './withdrawal-records';
import { WithdrawalStatus } from './withdrawal-status';
import { WithdrawalTxid } from './withdrawal-txid';
import styles from './withdraw-result.module.css';

/**
 * Step 3: the withdrawal as recorded — serial number, status, txid once sent. A large one waits
 * here for its second confirmation (spec §9) before anything leaves. The state follows the
 * records list as the signer sends and the chain confirms it.
 */
export function WithdrawResult({
  record: submitted,
  onAgain,
}: {
  record: WithdrawalRecord;
  /** Not read: amounts are formatted per asset (shared/format/figures). */ displayPrecision?: number;
  onAgain: () => void;
}) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const [changed, setChanged] = useState<WithdrawalRecord | null>(null);
  const records = useQuery(withdrawalsQuery(firstRecordsPage, refreshWhileMoving));
  const latest = records.data?.records.find((candidate) => candidate.id === submitted.id);
  const record = latest ?? changed ?? submitted;
  const show = (value: string) => `${formatAmount(record.coin, value, language)} ${record.coin}`;
  const isAwaiting = record.status === 'awaitingConfirmation';

  return (
    <Result
      status={isAwaiting ? 'warning' : record.status === 'failed' || record.status === 'cancelled' ? 'error' : 'success'}
      title={
        isAwaiting ? t('withdraw.awaitingTitle') : record.status === 'cancelled' ? t('withdraw.cancelledTitle') : t('withdraw.doneTitle')
      }
      subTitle={
        isAwaiting && record.confirmBefore
          ? t('withdraw.awaitingText', { time: formatDateTime(record.confirmBefore, language) })
          : record.accountType === 'internal'
            ? t('withdraw.doneInternal')
            : t('withdraw.doneText')
      }
      data-testid="withdraw-result"
      extra={
        isAwaiting ? (
          <LargeWithdrawalActions record={record} onChanged={setChanged} />
        ) : (
          <Button type="primary" onClick={onAgain} data-testid="withdraw-again">
            {t('withdraw.again')}
          </Button>
        )
      }
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        className={styles.details}
        classNames={{ label: styles.label }}
        items={[
          { key: 'serial', label: t('records.serialNumber'), children: <span data-testid="withdraw-serial">{record.serialNumber}</span> },
          { key: 'status', label: t('records.status'), children: <WithdrawalStatus status={record.status} /> },
          { key: 'amount', label: t('withdraw.amount'), children: show(record.amount) },
          { key: 'fee', label: t('withdraw.fee'), children: show(record.fee) },
          { key: 'address', label: t('withdraw.address'), children: <ShortValue value={record.address} keep={10} /> },
          { key: 'txid', label: t('records.txid'), children: <WithdrawalTxid record={record} keep={10} /> },
        ]}
      />
    </Result>
  );
}
