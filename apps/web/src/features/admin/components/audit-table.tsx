import type { AuditRowView } from '@coffer/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { emptyValue, rowProps, timeText } from './admin-format';
import { auditActionLabel, auditActorLabel, auditSubjectLabel } from './audit-labels';
import styles from './admin.module.css';

function JsonBlock({ label, value, testId }: { label: string; value: unknown; testId: string }) {
  return (
    <div>
      <h3 className={styles.sectionTitle}>{label}</h3>
      <pre className={styles.json} data-testid={testId}>
        {value === null || value === undefined ? emptyValue : JSON.stringify(value, null, 2)}
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
  /** A one-line cell: never broken mid-word, cut with an ellipsis, the whole text on hover. */
  const oneLine = (text: string, className = '') => (
    <span className={`${styles.oneLine} ${className}`} title={text}>
      {text}
    </span>
  );
  const columns: TableColumnsType<AuditRowView> = [
    { key: 'seq', title: t('audit.seq'), dataIndex: 'seq', className: styles.figure, width: 70 },
    {
      key: 'time',
      title: t('audit.time'),
      width: 180,
      render: (_, row) => <span className={styles.figure}>{timeText(row.createdAt, language)}</span>,
    },
    {
      key: 'actor',
      title: t('audit.actor'),
      width: 190,
      render: (_, row) => (
        <span className={styles.stack}>
          {oneLine(row.actorName ?? auditActorLabel(t, row))}
          {oneLine(auditActorLabel(t, row), styles.muted)}
        </span>
      ),
    },
    {
      key: 'action',
      title: t('audit.action'),
      width: 200,
      render: (_, row) => (
        <span className={styles.stack} data-testid="audit-action">
          {oneLine(auditActionLabel(t, row.action))}
          {oneLine(row.action, `${styles.muted} ${styles.code}`)}
        </span>
      ),
    },
    {
      key: 'subject',
      title: t('audit.subject'),
      width: 170,
      render: (_, row) => {
        const label = auditSubjectLabel(t, row);
        return label === null ? emptyValue : <span data-testid="audit-subject">{oneLine(label)}</span>;
      },
    },
    { key: 'ip', title: t('audit.ip'), width: 120, render: (_, row) => oneLine(row.ip ?? emptyValue, styles.code) },
    { key: 'reason', title: t('audit.reason'), width: 220, render: (_, row) => row.reason ?? emptyValue },
  ];
  return (
    <Table<AuditRowView>
      rowKey="seq"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={isLoading}
      scroll={{ x: 1150 }}
      tableLayout="fixed"
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
