import type { DwOption, WithdrawalRecord } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { ShortValue } from '../../../shared/ui/short-value';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { withdrawalsQuery, type WithdrawalRecordsPage } from '../api/get-withdrawals';
import { useChainLabel } from '../../../shared/i18n/chain-names';
import { LargeWithdrawalActions } from './large-withdrawal-actions';
import { RecordsPager } from './records-pager';
import { WithdrawalStatus } from './withdrawal-status';
import { WithdrawalTxid } from './withdrawal-txid';
import table from '../../../shared/ui/records-table.module.css';
import styles from './records.module.css';

const pageSize = 10;
/** The newest records, as the list's first page and the result step ask for them (one cache entry). */
export const firstRecordsPage = { pageNo: 1, pageSize };
const refreshMs = 4_000;

/** Refresh while a withdrawal is still being sent or confirmed. */
export const refreshWhileMoving = (page: WithdrawalRecordsPage | undefined) =>
  page?.records.some((record) => record.status === 'processing' || record.status === 'confirming') ? refreshMs : false;

/** Withdrawal records (spec §3): serial number, status and txid; refreshing while one is on its way. */
export function WithdrawalRecords(_props: {
  /** Not read: amounts are formatted per asset (shared/format/figures). */ options?: DwOption[] | undefined;
}) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const chainLabel = useChainLabel();
  const [pageNo, setPageNo] = useState(1);
  const records = useQuery(withdrawalsQuery(pageNo === 1 ? firstRecordsPage : { pageNo, pageSize }, refreshWhileMoving));

  const columns: TableColumnsType<WithdrawalRecord> = [
    // The time may wrap (date, then time): at the narrowest desktop width the row's actions must still fit.
    { key: 'time', title: t('records.time'), className: styles.time, render: (_value, record) => formatDateTime(record.time, language) },
    { key: 'serial', title: t('records.serialNumber'), className: styles.serial, dataIndex: 'serialNumber' },
    {
      key: 'coin',
      title: t('records.coin'),
      render: (_value, record) => (
        <span className={styles.coin}>
          <CoinBadge coin={record.coin} size="small" />
          <span className={styles.chain}>{record.accountType === 'internal' ? t('withdraw.tabs.internal') : chainLabel(record.chain)}</span>
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('records.amount'),
      align: 'right',
      className: table.amount,
      render: (_value, record) => formatAmount(record.coin, record.amount, language),
    },
    {
      key: 'fee',
      title: t('records.fee'),
      align: 'right',
      className: table.amount,
      render: (_value, record) => formatAmount(record.coin, record.fee, language),
    },
    { key: 'address', title: t('records.address'), render: (_value, record) => <ShortValue value={record.address} keep={6} /> },
    {
      key: 'txid',
      title: t('records.txid'),
      render: (_value, record) => <WithdrawalTxid record={record} keep={6} className={styles.hint} />,
    },
    {
      key: 'status',
      title: t('records.status'),
      render: (_value, record) =>
        record.status === 'awaitingConfirmation' ? (
          <span className={styles.coin}>
            <WithdrawalStatus status={record.status} />
            <LargeWithdrawalActions record={record} size="small" />
          </span>
        ) : (
          <WithdrawalStatus status={record.status} />
        ),
    },
  ];

  if (records.isError && !records.data)
    return <QueryErrorState namespace="wallet" error={records.error} onRetry={() => void records.refetch()} compact />;
  if (!records.data) return <TableSkeleton rows={3} columns={7} />;

  const pages = Math.max(1, Math.ceil(records.data.total / pageSize));
  return (
    <section data-testid="withdrawal-records" aria-label={t('withdraw.recordsTitle')}>
      <Table<WithdrawalRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data.records}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <p className={table.empty}>{t('withdraw.noRecords')}</p> }}
      />
      <RecordsPager pageNo={pageNo} pages={pages} setPageNo={setPageNo} />
    </section>
  );
}
