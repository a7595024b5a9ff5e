import type { AdminCustodyApplication } from '@coffer/contract';
import { custodyApplicationStates, type CustodyApplicationState } from '@coffer/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useRegionName } from '../../../shared/i18n/region-names';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { custodyApplicationsQuery } from '../api/custody-applications';
import { rowProps, timeText } from '../components/admin-format';
import { adminLinks } from '../components/admin-links';
import { AdminErrorState, EmptyText } from '../components/admin-states';
import { CustodyStateTag } from '../components/custody-labels';
import styles from '../components/admin.module.css';

/** Custody applications for operators with `custody.review`: pending first, filtered by state. */
export function CustodyApplicationsPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const regionName = useRegionName();
  const navigate = useNavigate();
  const [state, setState] = useState<CustodyApplicationState | undefined>('pending');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useQuery(custodyApplicationsQuery(state, paging.page, paging.pageSize));

  const columns: TableColumnsType<AdminCustodyApplication> = [
    {
      key: 'company',
      title: t('custody.company'),
      render: (_, row) => (
        <Link to={adminLinks.custodyApplication(row.id)} onClick={(event) => event.stopPropagation()} data-testid="custody-open">
          {row.companyName}
        </Link>
      ),
    },
    {
      key: 'applicant',
      title: t('custody.applicant'),
      render: (_, row) => (
        <>
          {row.account}
          <br />
          <span className={styles.muted}>{row.userNo}</span>
        </>
      ),
    },
    { key: 'country', title: t('custody.country'), render: (_, row) => regionName(row.country) },
    { key: 'industry', title: t('custody.industry'), render: (_, row) => t(`custody.industries.${row.industry}`) },
    { key: 'state', title: t('custody.state'), render: (_, row) => <CustodyStateTag state={row.state} /> },
    {
      key: 'createdAt',
      title: t('custody.submittedAt'),
      render: (_, row) => <span className={styles.figure}>{timeText(row.createdAt, language)}</span>,
    },
  ];

  let body;
  if (list.isError && !list.data) body = <AdminErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <TableSkeleton rows={5} columns={6} />;
  else if (list.data.total === 0)
    body = <EmptyText text={state === 'pending' ? t('custody.emptyPending') : t('custody.empty')} testId="custody-empty" />;
  else
    body = (
      <Table<AdminCustodyApplication>
        rowKey="id"
        columns={columns}
        dataSource={list.data.items}
        loading={list.isFetching && list.isPlaceholderData}
        scroll={{ x: 'max-content' }}
        rowClassName={styles.clickableRow}
        onRow={(row) => rowProps('custody-row', () => void navigate(adminLinks.custodyApplication(row.id)))}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data.total,
          showTotal: (count) => t('custody.total', { total: count }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        data-testid="custody-applications"
      />
    );

  return (
    <PageFrame
      title={t('custody.title')}
      testId="admin-custody-page"
      actions={
        <>
          <Select<CustodyApplicationState | 'all'>
            className={styles.filterSelect}
            aria-label={t('custody.filterState')}
            value={state ?? 'all'}
            onChange={(value) => {
              setState(value === 'all' ? undefined : value);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            options={[
              { value: 'all', label: t('custody.allStates') },
              ...custodyApplicationStates.map((value) => ({ value, label: t(`custody.states.${value}`) })),
            ]}
            data-testid="custody-filter-state"
          />
          <Button onClick={() => void list.refetch()} loading={list.isFetching} data-testid="custody-refresh">
            {t('actions.refresh')}
          </Button>
        </>
      }
    >
      <Card>{body}</Card>
    </PageFrame>
  );
}
