import type { CustomerSummary } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { customerSearchQuery } from '../api/customers';
import { levelKey, rowProps, timeText } from '../components/admin-format';
import { adminLinks } from '../components/admin-links';
import { AdminErrorState, EmptyText } from '../components/admin-states';
import styles from '../components/admin.module.css';

/** Customers: search by user number, id, e-mail or phone, then open a profile. */
export function CustomersPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const results = useQuery(customerSearchQuery(q));

  const handleSearch = () => {
    const next = draft.trim();
    setSearchParams(next ? { q: next } : {});
  };

  const columns: TableColumnsType<CustomerSummary> = [
    {
      key: 'userNo',
      title: t('customers.userNo'),
      render: (_, row) => (
        <Link to={adminLinks.customer(row.userId)} onClick={(event) => event.stopPropagation()} data-testid="customer-open">
          {row.userNo}
        </Link>
      ),
    },
    { key: 'email', title: t('customers.email'), render: (_, row) => row.email ?? '—' },
    { key: 'phone', title: t('customers.phone'), render: (_, row) => row.phone ?? '—' },
    { key: 'kycLevel', title: t('customers.kycLevel'), render: (_, row) => t(`levels.${levelKey(row.kycLevel)}`) },
    {
      key: 'status',
      title: t('customers.status'),
      render: (_, row) => (row.lockedAt ? <Tag color="error">{t('customers.locked')}</Tag> : <Tag>{t('customers.active')}</Tag>),
    },
    { key: 'createdAt', title: t('customers.createdAt'), render: (_, row) => timeText(row.createdAt, language) },
  ];

  let body;
  if (!q) body = <EmptyText text={t('customers.searchPrompt')} testId="customer-search-prompt" />;
  else if (results.isError && !results.data) body = <AdminErrorState error={results.error} onRetry={() => void results.refetch()} />;
  else if (!results.data) body = <TableSkeleton rows={3} columns={6} />;
  else if (results.data.length === 0) body = <EmptyText text={t('customers.noResults', { q })} testId="customer-no-results" />;
  else
    body = (
      <Table<CustomerSummary>
        rowKey="userId"
        columns={columns}
        dataSource={results.data}
        pagination={false}
        rowClassName={styles.clickableRow}
        onRow={(row) => rowProps('customer-row', () => void navigate(adminLinks.customer(row.userId)))}
        data-testid="customer-results"
      />
    );

  return (
    <PageFrame title={t('customers.title')} testId="admin-customers-page">
      <Card>
        <form
          className={styles.toolbar}
          onSubmit={(event) => {
            event.preventDefault();
            handleSearch();
          }}
          role="search"
        >
          <Input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('customers.searchPlaceholder')}
            aria-label={t('customers.searchLabel')}
            maxLength={100}
            allowClear
            style={{ width: 420 }}
            data-testid="customer-search"
          />
          <Button type="primary" htmlType="submit" data-testid="customer-search-submit">
            {t('customers.search')}
          </Button>
        </form>
      </Card>
      <Card>{body}</Card>
    </PageFrame>
  );
}
