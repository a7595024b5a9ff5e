import type { ApiKey, WithdrawAddress } from '@coffer/contract';
import { Alert, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { BoundIps, RightTags, WithdrawalBinding } from './api-key-parts';
import styles from './apikeys.module.css';

function Copyable({ value, testId }: { value: string; testId: string }) {
  return (
    <Typography.Text copyable className={`${styles.mono} ${styles.breakAll} ${styles.preWrap}`} data-testid={testId}>
      {value}
    </Typography.Text>
  );
}

/** Every field of a key (spec §3); there is no secret to show. */
export function ApiKeyDetails({ apiKey, book, onClose }: { apiKey: ApiKey | null; book?: WithdrawAddress[]; onClose: () => void }) {
  const { t } = useTranslation('apikeys');
  const language = useLanguage();
  return (
    <Drawer open={apiKey !== null} onClose={onClose} title={apiKey?.label} size="large" destroyOnHidden>
      {apiKey ? (
        <div data-testid="apikey-details">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'label', label: t('details.label'), children: apiKey.label },
              {
                key: 'accessKey',
                label: t('details.accessKey'),
                children: <Copyable value={apiKey.accessKey} testId="apikey-details-access-key" />,
              },
              {
                key: 'publicKey',
                label: t('details.publicKey'),
                children: <Copyable value={apiKey.publicKey} testId="apikey-details-public-key" />,
              },
              {
                key: 'platformPublicKey',
                label: t('details.platformPublicKey'),
                children: <Copyable value={apiKey.platformPublicKey} testId="apikey-details-platform-key" />,
              },
              { key: 'rights', label: t('details.rights'), children: <RightTags rights={apiKey.rights} /> },
              { key: 'ips', label: t('details.ips'), children: <BoundIps ips={apiKey.ips} /> },
              ...(apiKey.rights.includes('withdraw')
                ? [
                    {
                      key: 'withdraw',
                      label: t('details.withdrawAddresses'),
                      children: <WithdrawalBinding apiKey={apiKey} book={book} isFull />,
                    },
                  ]
                : []),
              { key: 'created', label: t('details.created'), children: formatDateTime(apiKey.createdAt, language) },
              { key: 'updated', label: t('details.updated'), children: formatDateTime(apiKey.updatedAt, language) },
              {
                key: 'lastUsed',
                label: t('details.lastUsed'),
                children: apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt, language) : t('list.neverUsed'),
              },
            ]}
          />
          <Alert type="info" showIcon className={styles.alert} title={t('details.noSecret')} />
        </div>
      ) : null}
    </Drawer>
  );
}
