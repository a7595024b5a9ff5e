import type { ApiKey, WithdrawAddress } from '@coffer/contract';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ShortValue } from '../../../shared/ui/short-value';
import { BoundIps, RightTags, WithdrawalBinding } from './api-key-parts';
import styles from './apikeys.module.css';

/** The keys on a narrow screen: one block each, the same fields and actions as the table. */
export function ApiKeyCards({
  keys,
  book,
  busyKey,
  onView,
  onEdit,
  onDelete,
}: {
  keys: ApiKey[];
  book?: WithdrawAddress[];
  busyKey: string | null;
  onView: (key: ApiKey) => void;
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}) {
  const { t } = useTranslation('apikeys');
  const language = useLanguage();
  return (
    <div className={styles.cards} data-testid="apikey-cards">
      {keys.map((key) => (
        <section key={key.accessKey} className={styles.card}>
          <h3 className={styles.cardTitle}>{key.label}</h3>
          <dl className={styles.cardFields}>
            {[
              { key: 'accessKey', label: t('list.accessKey'), children: <ShortValue value={key.accessKey} keep={6} /> },
              { key: 'rights', label: t('list.rights'), children: <RightTags rights={key.rights} /> },
              { key: 'ips', label: t('list.ips'), children: <BoundIps ips={key.ips} /> },
              ...(key.rights.includes('withdraw')
                ? [{ key: 'withdrawal', label: t('list.withdrawal'), children: <WithdrawalBinding apiKey={key} book={book} /> }]
                : []),
              { key: 'created', label: t('list.created'), children: formatDateTime(key.createdAt, language) },
              {
                key: 'lastUsed',
                label: t('list.lastUsed'),
                children: key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('list.neverUsed'),
              },
            ].map((field) => (
              <div key={field.key} className={styles.cardField}>
                <dt>{field.label}</dt>
                <dd>{field.children}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.buttons}>
            <Button size="small" onClick={() => onView(key)}>
              {t('list.view')}
            </Button>
            <Button size="small" onClick={() => onEdit(key)} disabled={busyKey !== null}>
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
              <Button size="small" danger loading={busyKey === key.accessKey} disabled={busyKey !== null && busyKey !== key.accessKey}>
                {t('list.delete')}
              </Button>
            </Popconfirm>
          </div>
        </section>
      ))}
    </div>
  );
}
