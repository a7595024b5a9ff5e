import type { AuditRowView } from '@coffer/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { rowProps, timeText } from './admin-format';
import styles from './admin.module.css';

function JsonBlock({ label, value, testId }: { label: string; value: unknown; testId: string }) {
  return (
    <div>
      <h3 className={styles.sectionTitle}>{label}</h3>
      <pre className={styles.json} data-testid={testId}>
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/**
 * Audit rows, newest first: sequence, time, actor, action, subject, IP and reason; a row opens
 * to its state before and after. Paging is the caller's (server-side).
 */
export function AuditTable({
  rows,
  total,
  page,
  pageSize,
  isLoading = false,
  onPage,
}: {
  rows: AuditRowView[];
  total: number;
  page: number;
  pageSize: number;
  isLoading?: boolean;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const columns: TableColumnsType<AuditRowView> = [
    { key: 'seq', title: t('audit.seq'), dataIndex: 'seq', className: styles.figure, width: 90 },
    { key: 'time', title: t('audit.time'), render: (_, row) => <span className={styles.figure}>{timeText(row.createdAt, language)}</span> },
    {
      key: 'actor',
      title: t('audit.actor'),
      render: (_, row) => (
        <span>
          {row.actorName ?? row.actorId}
          <br />
          <span className={`${styles.muted} ${styles.mono}`}>
            {row.actorKind}:{row.actorId}
          </span>
        </span>
      ),
    },
    { key: 'action', title: t('audit.action'), render: (_, row) => <span className={styles.mono}>{row.action}</span> },
    {
      key: 'subject',
      title: t('audit.subject'),
      render: (_, row) =>
        row.subjectKind || row.subjectId ? <span className={styles.mono}>{`${row.subjectKind ?? ''}:${row.subjectId ?? ''}`}</span> : '—',
    },
    { key: 'ip', title: t('audit.ip'), render: (_, row) => <span className={styles.mono}>{row.ip ?? '—'}</span> },
    { key: 'reason', title: t('audit.reason'), render: (_, row) => row.reason ?? '—' },
  ];
  return (
    <Table<AuditRowView>
      rowKey="seq"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={isLoading}
      onRow={() => rowProps('audit-row')}
      expandable={{
        expandedRowRender: (row) => (
          <div className={styles.grid2}>
            <JsonBlock label={t('audit.before')} value={row.before} testId="audit-before" />
            <JsonBlock label={t('audit.after')} value={row.after} testId="audit-after" />
          </div>
        ),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100, 200],
        showTotal: (count) => t('audit.total', { total: count }),
        onChange: onPage,
      }}
      locale={{ emptyText: t('audit.empty') }}
      data-testid="audit-table"
    />
  );
}
