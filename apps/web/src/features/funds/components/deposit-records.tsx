import type { DepositRecord } from '@coffer/contract';
import { depositStatus } from '@coffer/contract/deposit-paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Progress, Table, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { ShortValue } from '../../../shared/ui/short-value';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { dwRecordsQuery, type DwRecordsPage } from '../api/get-dw-records';
import { useChainLabel } from '../../../shared/i18n/chain-names';
import { DepositStatus } from './deposit-status';
import { RecordsPager } from './records-pager';
import table from '../../../shared/ui/records-table.module.css';
import styles from './records.module.css';

const pageSize = 10;
/** How often the list asks again while a deposit gathers confirmations (about a block on the local chain). */
export const depositRefreshMs = 3_000;

const isWaiting = (page: DwRecordsPage | undefined) =>
  page?.records.some((record) => record.kind === 'deposit' && record.status === depositStatus.waiting) ?? false;

/** Refresh while a deposit is waiting, or one is expected before `expectUntil`. */
const refreshWhileExpected = (expectUntil: number) => (page: DwRecordsPage | undefined) =>
  isWaiting(page) || Date.now() < expectUntil ? depositRefreshMs : false;

/**
 * Deposit records (spec §3: time, coin, amount, progress, status), newest first. While any is
 * waiting — or a deposit is expected (`expectUntil`, after the test faucet) — the list refreshes;
 * a deposit turning credited refreshes the balances.
 */
export function DepositRecords({ expectUntil }: { expectUntil: number }) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const chainLabel = useChainLabel();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const records = useQuery(dwRecordsQuery({ kind: 'deposit', pageNo, pageSize }, refreshWhileExpected(expectUntil)));

  const credited = records.data?.records.filter((record) => record.kind === 'deposit' && record.status === depositStatus.credited).length;
  const lastCredited = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (credited === undefined) return;
    if (lastCredited.current !== undefined && credited > lastCredited.current) void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    lastCredited.current = credited;
  }, [credited, queryClient]);

  const columns: TableColumnsType<DepositRecord> = [
    { key: 'time', title: t('records.time'), className: table.nowrap, render: (_value, record) => formatDateTime(record.time, language) },
    {
      key: 'coin',
      title: t('records.coin'),
      render: (_value, record) => (
        <span className={styles.coin}>
          <CoinBadge coin={record.coin} size="small" />
          <span className={styles.chain}>{chainLabel(record.chain)}</span>
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
      key: 'progress',
      title: t('records.progress'),
      render: (_value, record) => {
        const done = Math.min(record.confirmations, record.requiredConfirmations);
        return (
          <span className={styles.progress} data-testid="deposit-progress">
            <Progress
              percent={record.requiredConfirmations > 0 ? Math.round((done / record.requiredConfirmations) * 100) : 100}
              showInfo={false}
              size="small"
              status={
                record.status === depositStatus.failed ? 'exception' : record.status === depositStatus.credited ? 'success' : 'active'
              }
              aria-label={t('records.progressLabel', { done, required: record.requiredConfirmations })}
            />
            {/* "n of N" for the eye; the bar above carries the full sentence for screen readers. */}
            <span className={styles.progressText} aria-hidden="true" data-testid="deposit-progress-count">
              {t('records.progressCount', { done, required: record.requiredConfirmations })}
            </span>
          </span>
        );
      },
    },
    { key: 'txid', title: t('records.txid'), render: (_value, record) => <ShortValue value={record.txid} keep={6} /> },
    { key: 'status', title: t('records.status'), render: (_value, record) => <DepositStatus record={record} /> },
  ];

  if (records.isError && !records.data)
    return <QueryErrorState namespace="wallet" error={records.error} onRetry={() => void records.refetch()} compact />;
  if (!records.data) return <TableSkeleton rows={3} columns={6} />;

  const deposits = records.data.records.filter((record): record is DepositRecord => record.kind === 'deposit');
  const pages = Math.max(1, Math.ceil(records.data.total / pageSize));
  return (
    <section data-testid="deposit-records" aria-label={t('recharge.recordsTitle')}>
      <Table<DepositRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={deposits}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <p className={table.empty}>{t('recharge.noRecords')}</p> }}
      />
      <RecordsPager pageNo={pageNo} pages={pages} setPageNo={setPageNo} />
    </section>
  );
}
