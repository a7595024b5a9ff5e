import type { TransferRecord } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { transfersQuery } from '../api/get-transfers';
import { TransferStatus } from './transfer-status';
import styles from '../../../shared/ui/records-table.module.css';

const pageSize = 10;

/** Transfer records in both directions; the server gives pages without a total, so: back / more. */
export function TransferRecords() {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const records = useQuery(transfersQuery(pageNo, pageSize));

  const columns: TableColumnsType<TransferRecord> = [
    {
      key: 'time',
      title: t('transfer.record.time'),
      className: styles.nowrap,
      render: (_value, record) => formatDateTime(record.recordedTime, language),
    },
    {
      key: 'direction',
      title: t('transfer.record.direction'),
      render: (_value, record) => (
        <span className={styles.nowrap}>
          <span aria-hidden="true">{record.businessType === 'transferOut' ? '↑ ' : '↓ '}</span>
          {record.businessType === 'transferOut' ? t('transfer.record.out') : t('transfer.record.in')}
        </span>
      ),
    },
    { key: 'coin', title: t('transfer.record.coin'), render: (_value, record) => <CoinBadge coin={record.coin} size="small" /> },
    {
      key: 'quantity',
      title: t('transfer.record.quantity'),
      align: 'right',
      className: styles.amount,
      render: (_value, record) =>
        formatAmount(record.coin, `${record.businessType === 'transferOut' ? '-' : ''}${record.quantity}`, language, {
          signDisplay: 'exceptZero',
        }),
    },
    {
      key: 'counterpart',
      title: t('transfer.record.counterpart'),
      render: (_value, record) => (record.businessType === 'transferOut' ? record.toAddress : record.source),
    },
    { key: 'orderNo', title: t('transfer.record.orderNo'), className: styles.nowrap, dataIndex: 'orderNo' },
    { key: 'status', title: t('transfer.record.status'), render: (_value, record) => <TransferStatus status={record.status} /> },
  ];

  if (records.isError && !records.data)
    return <QueryErrorState namespace="wallet" error={records.error} onRetry={() => void records.refetch()} compact />;
  if (!records.data) return <TableSkeleton rows={4} columns={6} />;

  const hasMore = records.data.length === pageSize;
  return (
    <section data-testid="transfer-records" aria-label={t('transfer.recordsTitle')}>
      <Table<TransferRecord>
        rowKey="flowId"
        size="middle"
        columns={columns}
        dataSource={records.data}
        loading={records.isPlaceholderData && records.isFetching}
        pagination={false}
        locale={{ emptyText: <p className={styles.empty}>{pageNo === 1 ? t('transfer.noRecords') : t('transfer.noMoreRecords')}</p> }}
      />
      {pageNo > 1 || hasMore ? (
        <nav className={styles.pager} aria-label={t('transfer.recordsPages')}>
          <Button disabled={pageNo === 1} onClick={() => setPageNo((page) => page - 1)}>
            {t('transfer.previous')}
          </Button>
          <span className={styles.pageNo}>{t('transfer.page', { page: pageNo })}</span>
          <Button disabled={!hasMore} onClick={() => setPageNo((page) => page + 1)}>
            {t('transfer.nextPage')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
