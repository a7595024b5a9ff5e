import type { ReconciliationRun } from '@coffer/contract';
import type { adminConsoleEndpoints } from '@coffer/contract/admin-console-endpoints';
import type { EndpointResponse } from '@coffer/contract/endpoint';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { decimalSign } from '../../../shared/format/format-amount';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { errorText } from '../api/admin-call';
import { latestReconciliationQuery, reconciliationHistoryQuery, useRunReconciliation } from '../api/reconciliation';
import { rowProps, timeText } from '../components/admin-format';
import { AdminErrorState, EmptyText } from '../components/admin-states';
import { useCan } from '../components/operator-context';
import styles from '../components/admin.module.css';

type Line = ReconciliationRun['lines'][number];
type HistoryRow = EndpointResponse<typeof adminConsoleEndpoints.reconciliationHistory>[number];

function LatestRun({ run }: { run: ReconciliationRun }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const amount = (row: Line, value: string) => <span className={styles.figure}>{formatExactAmount(row.asset, value, language)}</span>;
  const mismatches = run.lines.filter((line) => decimalSign(line.difference) !== 0).length;
  const columns: TableColumnsType<Line> = [
    {
      key: 'chain',
      title: t('reconciliation.chainAsset'),
      render: (_, row) => <span className={styles.nowrap}>{`${row.chain} / ${row.asset}`}</span>,
    },
    { key: 'onChain', title: t('reconciliation.onChain'), align: 'right', render: (_, row) => amount(row, row.onChain) },
    { key: 'ledger', title: t('reconciliation.ledger'), align: 'right', render: (_, row) => amount(row, row.ledgerOmnibus) },
    { key: 'pending', title: t('reconciliation.pending'), align: 'right', render: (_, row) => amount(row, row.pendingWithdrawals) },
    {
      key: 'difference',
      title: t('reconciliation.difference'),
      align: 'right',
      render: (_, row) => (
        <span className={decimalSign(row.difference) === 0 ? styles.figure : `${styles.figure} ${styles.mismatch}`}>
          {formatExactAmount(row.asset, row.difference, language)}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('reconciliation.status'),
      render: (_, row) =>
        decimalSign(row.difference) === 0 ? (
          <Tag color="success">✓ {t('reconciliation.matches')}</Tag>
        ) : (
          <Tag color="error" data-testid="reconciliation-mismatch">
            ≠ {t('reconciliation.mismatch')}
          </Tag>
        ),
    },
  ];
  return (
    <>
      <p className={styles.dialogText}>
        {t('reconciliation.runAt', { time: timeText(run.at, language) })}{' '}
        <span className={styles.muted}>
          ({t('reconciliation.runId')} <span className={styles.mono}>{run.runId}</span>)
        </span>
      </p>
      {mismatches > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('reconciliation.mismatches', { number: mismatches })}
          className={styles.inlineAlert}
          data-testid="reconciliation-alert"
        />
      ) : (
        <Alert
          type="success"
          showIcon
          title={t('reconciliation.allMatch')}
          className={styles.inlineAlert}
          data-testid="reconciliation-ok"
        />
      )}
      <Table<Line>
        rowKey={(row) => `${row.chain}-${row.asset}`}
        columns={columns}
        dataSource={run.lines}
        pagination={false}
        onRow={(row) => rowProps(decimalSign(row.difference) === 0 ? 'reconciliation-line' : 'reconciliation-line-mismatch')}
        data-testid="reconciliation-lines"
      />
    </>
  );
}

/** Reconciliation: chain balances against the ledger, the latest run in full and the past runs. */
export function ReconciliationPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const latest = useQuery(latestReconciliationQuery);
  const history = useQuery(reconciliationHistoryQuery);
  const run = useRunReconciliation();
  const canRun = useCan('reconciliation.run');

  const historyColumns: TableColumnsType<HistoryRow> = [
    { key: 'startedAt', title: t('reconciliation.startedAt'), render: (_, row) => timeText(row.startedAt, language) },
    { key: 'finishedAt', title: t('reconciliation.finishedAt'), render: (_, row) => timeText(row.finishedAt, language) },
    {
      key: 'mismatches',
      title: t('reconciliation.mismatchCount'),
      align: 'right',
      render: (_, row) => (row.mismatches === 0 ? <Tag color="success">✓ 0</Tag> : <Tag color="error">≠ {row.mismatches}</Tag>),
    },
  ];

  let latestBody;
  if (latest.isError && latest.data === undefined)
    latestBody = <AdminErrorState error={latest.error} onRetry={() => void latest.refetch()} />;
  else if (latest.data === undefined) latestBody = <TableSkeleton rows={4} columns={5} />;
  else if (latest.data === null) latestBody = <EmptyText text={t('reconciliation.never')} testId="reconciliation-never" />;
  else latestBody = <LatestRun run={latest.data} />;

  let historyBody;
  if (history.isError && !history.data) historyBody = <AdminErrorState error={history.error} onRetry={() => void history.refetch()} />;
  else if (!history.data) historyBody = <TableSkeleton rows={4} columns={3} />;
  else
    historyBody = (
      <Table<HistoryRow>
        rowKey="id"
        size="small"
        columns={historyColumns}
        dataSource={history.data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={() => rowProps('reconciliation-history-row')}
        locale={{ emptyText: t('reconciliation.noHistory') }}
        data-testid="reconciliation-history"
      />
    );

  return (
    <PageFrame
      title={t('reconciliation.title')}
      testId="admin-reconciliation-page"
      actions={
        canRun ? (
          <Button type="primary" loading={run.isPending} onClick={() => run.mutate()} data-testid="reconciliation-run">
            {t('reconciliation.runNow')}
          </Button>
        ) : null
      }
    >
      {run.isError ? <Alert type="error" showIcon title={errorText(run.error)} data-testid="reconciliation-run-error" /> : null}
      <Card title={t('reconciliation.latest')}>{latestBody}</Card>
      <Card title={t('reconciliation.history')}>{historyBody}</Card>
    </PageFrame>
  );
}
