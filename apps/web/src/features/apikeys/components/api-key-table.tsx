import type { ApiKey } from '@coffer/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiKeyActions, useApiKeyFields, type ApiKeyListProps } from './api-key-fields';
import table from '../../../shared/ui/records-table.module.css';
import styles from './apikeys.module.css';

/** The customer's keys (spec §3): note, access key, rights, bound IPs, withdrawal binding, dates; view, edit, delete. */
export function ApiKeyTable({ keys, book, ...actions }: ApiKeyListProps) {
  const { t } = useTranslation('apikeys');
  const fields = useApiKeyFields(book);
  const columns: TableColumnsType<ApiKey> = [
    {
      key: 'label',
      title: `${t('list.label')} / ${fields.accessKey.label}`,
      render: (_value, key) => (
        <span className={styles.ips}>
          <span className={styles.label}>{key.label}</span>
          {fields.accessKey.render(key)}
        </span>
      ),
    },
    ...[fields.rights, fields.ips, fields.withdrawal].map((field) => ({
      key: field.name,
      title: field.label,
      render: (_value: unknown, key: ApiKey) => field.render(key),
    })),
    {
      key: 'dates',
      title: t('list.dates'),
      render: (_value, key) => (
        <span className={styles.ips}>
          <span className={table.nowrap}>{fields.created.render(key)}</span>
          <span className={`${table.nowrap} ${styles.muted}`}>{fields.lastUsed.render(key)}</span>
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_value, key) => (
        <span className={`${styles.actions} ${styles.actionsStacked}`}>
          <ApiKeyActions apiKey={key} buttonType="link" {...actions} />
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
