import type { KycQueueItem } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { kycQueueQuery } from '../api/kyc-review';
import { agoText, levelKey, rowProps, timeText } from '../components/admin-format';
import { adminLinks } from '../components/admin-links';
import { AdminErrorState, EmptyText } from '../components/admin-states';
import { useKycLabels } from '../components/kyc-labels';
import { KycStateTag } from '../components/kyc-state-tag';
import styles from '../components/admin.module.css';

/** KYC review: applications waiting for a person, oldest first. */
export function KycQueuePage() {
  const { t } = useTranslation('admin');
  const labels = useKycLabels();
  const language = useLanguage();
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const queue = useQuery(kycQueueQuery(paging.page, paging.pageSize));
  const now = queue.dataUpdatedAt;

  const columns: TableColumnsType<KycQueueItem> = [
    {
      key: 'user',
      title: t('kyc.user'),
      render: (_, row) => (
        <Link to={adminLinks.kycApplication(row.id)} onClick={(event) => event.stopPropagation()} data-testid="kyc-queue-open">
          {row.account}
          <br />
          <span className={styles.muted}>{row.userNo}</span>
        </Link>
      ),
    },
    { key: 'level', title: t('kyc.level'), render: (_, row) => t(`levels.${levelKey(row.level)}`) },
    { key: 'state', title: t('kyc.state'), render: (_, row) => <KycStateTag state={row.state} /> },
    { key: 'country', title: t('kyc.country'), render: (_, row) => labels.regionName(row.country) },
    {
      key: 'waiting',
      title: t('kyc.waitingSince'),
      render: (_, row) => (
        <span className={styles.figure}>
          {timeText(row.createdAt, language)}
          <br />
          <span className={styles.muted}>{agoText(row.createdAt, now, language)}</span>
        </span>
      ),
    },
    {
      key: 'provider',
      title: t('kyc.providerResult'),
      render: (_, row) => labels.outcomeText(row.providerOutcome) ?? <span className={styles.muted}>{t('kyc.noProvider')}</span>,
    },
  ];

  let body;
  if (queue.isError && !queue.data) body = <AdminErrorState error={queue.error} onRetry={() => void queue.refetch()} />;
  else if (!queue.data) body = <TableSkeleton rows={5} columns={6} />;
  else if (queue.data.total === 0) body = <EmptyText text={t('kyc.queueEmpty')} testId="kyc-queue-empty" />;
  else
    body = (
      <Table<KycQueueItem>
        rowKey="id"
        columns={columns}
        dataSource={queue.data.items}
        loading={queue.isFetching && queue.isPlaceholderData}
        scroll={{ x: 'max-content' }}
        rowClassName={styles.clickableRow}
        onRow={(row) => rowProps('kyc-queue-row', () => void navigate(adminLinks.kycApplication(row.id)))}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: queue.data.total,
          showTotal: (count) => t('kyc.queueTotal', { total: count }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        data-testid="kyc-queue"
      />
    );

  return (
    <PageFrame
      title={t('kyc.queueTitle')}
      testId="admin-kyc-queue-page"
      actions={
        <Button onClick={() => void queue.refetch()} loading={queue.isFetching} data-testid="kyc-queue-refresh">
          {t('actions.refresh')}
        </Button>
      }
    >
      <Card>{body}</Card>
    </PageFrame>
  );
}
