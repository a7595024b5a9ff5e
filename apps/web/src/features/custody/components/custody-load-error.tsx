import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/error-text';

/** A console read that failed: the envelope message in the user's language and a retry; nothing while the login prompt is open. */
export function CustodyLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('custody');
  const message = errorText(error, t('states.loadFailed'));
  if (message === null) return null;
  return (
    <Result
      status="warning"
      title={t('states.loadFailed')}
      subTitle={message}
      data-testid="custody-load-error"
      extra={
        <Button type="primary" onClick={onRetry} data-testid="custody-retry">
          {t('states.retry')}
        </Button>
      }
    />
  );
}
