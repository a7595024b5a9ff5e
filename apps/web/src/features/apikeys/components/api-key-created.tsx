import type { ApiKey } from '@coffer/contract';
import { Alert, Button, Modal, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './apikeys.module.css';

/** After creation: the access key and the platform public key to copy; Coffer holds no secret. */
export function ApiKeyCreated({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t } = useTranslation('apikeys');
  return (
    <Modal open={apiKey !== null} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      {apiKey ? (
        <div data-testid="apikey-created">
          <Result status="success" title={t('created.title')} subTitle={t('created.intro')} className={styles.result} />
          <dl className={styles.created}>
            <dt>{t('created.accessKey')}</dt>
            <dd>
              <Typography.Text copyable className={`${styles.mono} ${styles.breakAll}`} data-testid="apikey-created-access-key">
                {apiKey.accessKey}
              </Typography.Text>
            </dd>
            <dt>{t('created.platformPublicKey')}</dt>
            <dd>
              <Typography.Text copyable className={`${styles.mono} ${styles.breakAll}`} data-testid="apikey-created-platform-key">
                {apiKey.platformPublicKey}
              </Typography.Text>
              <p className={styles.hint}>{t('created.platformPublicKeyHelp')}</p>
            </dd>
          </dl>
          <Alert type="warning" showIcon className={styles.alert} title={t('created.noSecret')} />
          <div className={styles.buttons}>
            <Button type="primary" onClick={onClose} data-testid="apikey-created-done">
              {t('created.done')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
