import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRetryable } from '../../../shared/http/retryable';

/** The list could not be loaded: the envelope message in the user's language, with a retry where it can help. */
export function ApiKeysLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('apikeys');
  const message = error instanceof Error && error.message && error.message !== 'redirect401' ? error.message : undefined;
  return (
    <Result
      status="warning"
      title={t('page.loadFailed')}
      subTitle={message}
      data-testid="apikey-load-error"
      extra={
        isRetryable(error) ? (
          <Button type="primary" onClick={onRetry}>
            {t('page.retry')}
          </Button>
        ) : null
      }
    />
  );
}
