import type { ApiKey, WithdrawAddress } from '@coffer/contract';
import { Button, Popconfirm, Table, type ButtonProps, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ShortValue } from '../../../shared/ui/short-value';
import { BoundIps, RightTags, WithdrawalBinding } from './api-key-parts';
import table from '../../../shared/ui/records-table.module.css';
import styles from './apikeys.module.css';

/** The customer's keys (spec §3): note, access key, rights, bound IPs, withdrawal binding, dates; view, edit, delete. */
export function ApiKeyTable({
  keys,
  book,
  busyKey,
  onView,
  onEdit,
  onDelete,
}: {
  keys: ApiKey[];
  book?: WithdrawAddress[];
  /** The key whose pre-request is on its way. */
  busyKey: string | null;
  onView: (key: ApiKey) => void;
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}) {
  const { t } = useTranslation('apikeys');
  const language = useLanguage();
  const columns: TableColumnsType<ApiKey> = [
    {
      key: 'label',
      title: `${t('list.label')} / ${t('list.accessKey')}`,
      render: (_value, key) => (
        <span className={styles.ips}>
          <span className={styles.label}>{key.label}</span>
          <ShortValue value={key.accessKey} keep={6} />
        </span>
      ),
    },
    { key: 'rights', title: t('list.rights'), render: (_value, key) => <RightTags rights={key.rights} /> },
    { key: 'ips', title: t('list.ips'), render: (_value, key) => <BoundIps ips={key.ips} /> },
    { key: 'withdrawal', title: t('list.withdrawal'), render: (_value, key) => <WithdrawalBinding apiKey={key} book={book} /> },
    {
      key: 'dates',
      title: t('list.dates'),
      render: (_value, key) => (
        <span className={styles.ips}>
          <span className={table.nowrap}>{formatDate(key.createdAt, language)}</span>
          <span className={`${table.nowrap} ${styles.muted}`}>
            {key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('list.neverUsed')}
          </span>
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_value, key) => (
        <span className={`${styles.actions} ${styles.actionsStacked}`}>
          <Button size="small" type="link" onClick={() => onView(key)} data-testid={`apikey-view-${key.accessKey}`}>
            {t('list.view')}
          </Button>
          <Button
            size="small"
            type="link"
            onClick={() => onEdit(key)}
            disabled={busyKey !== null}
            data-testid={`apikey-edit-${key.accessKey}`}
          >
            {t('list.edit')}
          </Button>
          <Popconfirm
            title={t('delete.title')}
            description={t('delete.text', { label: key.label })}
            okText={t('delete.confirm')}
            cancelText={t('delete.cancel')}
            okButtonProps={{ danger: true, ...({ 'data-testid': 'apikey-delete-confirm' } as ButtonProps) }}
            onConfirm={() => onDelete(key)}
          >
            <Button
              size="small"
              type="link"
              danger
              loading={busyKey === key.accessKey}
              disabled={busyKey !== null && busyKey !== key.accessKey}
              data-testid={`apikey-delete-${key.accessKey}`}
            >
              {t('list.delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];
  return (
    <Table<ApiKey>
      rowKey="accessKey"
      columns={columns}
      dataSource={keys}
      pagination={false}
      size="middle"
      scroll={{ x: 'max-content' }}
      data-testid="apikey-table"
    />
  );
}
