import type { ApiKey, WithdrawAddress } from '@coffer/contract';
import { Alert, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useApiKeyFields } from './api-key-fields';
import { WithdrawalBinding } from './api-key-parts';
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
  const fields = useApiKeyFields(book);
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
              { key: 'rights', label: t('details.rights'), children: fields.rights.render(apiKey) },
              { key: 'ips', label: t('details.ips'), children: fields.ips.render(apiKey) },
              ...(apiKey.rights.includes('withdraw')
                ? [
                    {
                      key: 'withdraw',
                      label: t('details.withdrawAddresses'),
                      children: <WithdrawalBinding apiKey={apiKey} book={book} isFull />,
                    },
                  ]
                : []),
              { key: 'created', label: t('details.created'), children: fields.created.render(apiKey) },
              { key: 'updated', label: t('details.updated'), children: formatDateTime(apiKey.updatedAt, language) },
              { key: 'lastUsed', label: t('details.lastUsed'), children: fields.lastUsed.render(apiKey) },
            ]}
          />
          <Alert type="info" showIcon className={styles.alert} title={t('details.noSecret')} />
        </div>
      ) : null}
    </Drawer>
  );
}
