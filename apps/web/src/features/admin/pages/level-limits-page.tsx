import type { KycLevelLimit } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { levelLimitsQuery } from '../api/kyc-review';
import { levelKey, rowProps } from '../components/admin-format';
import { AdminErrorState } from '../components/admin-states';
import { LimitsEditor } from '../components/limits-editor';
import { useCan } from '../components/operator-context';
import styles from '../components/admin.module.css';

/** What each KYC level allows: the 24-hour withdrawal limit and the largest trade, in USD. */
export function LevelLimitsPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const limits = useQuery(levelLimitsQuery);
  const canEdit = useCan('kyc.limits');
  const [editing, setEditing] = useState<KycLevelLimit | null>(null);
  const usd = (value: string) => <span className={styles.figure}>{formatFiat(value, 'USD', language)}</span>;

  const columns: TableColumnsType<KycLevelLimit> = [
    { key: 'level', title: t('kyc.level'), render: (_, row) => t(`levels.${levelKey(row.level)}`) },
    { key: 'withdrawal', title: t('limits.withdrawal'), align: 'right', render: (_, row) => usd(row.withdrawalDailyUsd) },
    { key: 'trade', title: t('limits.trade'), align: 'right', render: (_, row) => usd(row.tradeMaxUsd) },
  ];
  if (canEdit) {
    columns.push({
      key: 'edit',
      title: '',
      align: 'right',
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing(row)} data-testid={`limits-edit-${row.level}`}>
          {t('actions.edit')}
        </Button>
      ),
    });
  }

  let body;
  if (limits.isError && !limits.data) body = <AdminErrorState error={limits.error} onRetry={() => void limits.refetch()} />;
  else if (!limits.data) body = <TableSkeleton rows={4} columns={3} />;
  else
    body = (
      <Table<KycLevelLimit>
        rowKey="level"
        columns={columns}
        dataSource={[...limits.data].sort((a, b) => a.level - b.level)}
        pagination={false}
        onRow={(row) => rowProps(`limits-row-${row.level}`)}
        data-testid="limits-table"
      />
    );

  return (
    <PageFrame title={t('limits.title')} testId="admin-limits-page">
      <Card>
        <p className={`${styles.muted} ${styles.dialogText}`}>{canEdit ? t('limits.intro') : t('limits.readOnly')}</p>
        {body}
      </Card>
      {editing ? <LimitsEditor limit={editing} onClose={() => setEditing(null)} /> : null}
    </PageFrame>
  );
}
