import type { ApiKey, WithdrawAddress } from '@coffer/contract';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ShortValue } from '../../../shared/ui/short-value';
import { BoundIps, RightTags, WithdrawalBinding } from './api-key-parts';

/** What the table and the cards show of the customer's keys, and what they do with one. */
export interface ApiKeyListProps {
  keys: ApiKey[];
  book?: WithdrawAddress[];
  /** The key whose pre-request is on its way. */
  busyKey: string | null;
  onView: (key: ApiKey) => void;
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

export type ApiKeyFieldName = 'accessKey' | 'rights' | 'ips' | 'withdrawal' | 'created' | 'lastUsed';

export interface ApiKeyField {
  name: ApiKeyFieldName;
  label: string;
  render: (key: ApiKey) => ReactNode;
}

/** One key's fields (spec §3) as every view of the list shows them: the label and the rendering of each. */
export function useApiKeyFields(book?: WithdrawAddress[]): Record<ApiKeyFieldName, ApiKeyField> {
  const { t } = useTranslation('apikeys');
  const language = useLanguage();
  return {
    accessKey: { name: 'accessKey', label: t('list.accessKey'), render: (key) => <ShortValue value={key.accessKey} keep={6} /> },
    rights: { name: 'rights', label: t('list.rights'), render: (key) => <RightTags rights={key.rights} /> },
    ips: { name: 'ips', label: t('list.ips'), render: (key) => <BoundIps ips={key.ips} /> },
    withdrawal: { name: 'withdrawal', label: t('list.withdrawal'), render: (key) => <WithdrawalBinding apiKey={key} book={book} /> },
    created: { name: 'created', label: t('list.created'), render: (key) => formatDateTime(key.createdAt, language) },
    lastUsed: {
      name: 'lastUsed',
      label: t('list.lastUsed'),
      render: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('list.neverUsed')),
    },
  };
}

/** View, edit and delete (after its confirmation) of one key; edit and delete wait while a pre-request is on its way. */
export function ApiKeyActions({
  apiKey,
  busyKey,
  onView,
  onEdit,
  onDelete,
  buttonType,
}: Pick<ApiKeyListProps, 'busyKey' | 'onView' | 'onEdit' | 'onDelete'> & { apiKey: ApiKey; buttonType?: ButtonProps['type'] }) {
  const { t } = useTranslation('apikeys');
  const { accessKey } = apiKey;
  return (
    <>
      <Button size="small" type={buttonType} onClick={() => onView(apiKey)} data-testid={`apikey-view-${accessKey}`}>
        {t('list.view')}
      </Button>
      <Button
        size="small"
        type={buttonType}
        onClick={() => onEdit(apiKey)}
        disabled={busyKey !== null}
        data-testid={`apikey-edit-${accessKey}`}
      >
        {t('list.edit')}
      </Button>
      <Popconfirm
        title={t('delete.title')}
        description={t('delete.text', { label: apiKey.label })}
        okText={t('delete.confirm')}
        cancelText={t('delete.cancel')}
        okButtonProps={{ danger: true, ...({ 'data-testid': 'apikey-delete-confirm' } as ButtonProps) }}
        onConfirm={() => onDelete(apiKey)}
      >
        <Button
          size="small"
          type={buttonType}
          danger
          loading={busyKey === accessKey}
          disabled={busyKey !== null && busyKey !== accessKey}
          data-testid={`apikey-delete-${accessKey}`}
        >
          {t('list.delete')}
        </Button>
      </Popconfirm>
    </>
  );
}
