import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../http/error-text';
import { isRetryable } from '../http/retryable';
import frameStyles from './page-frame.module.css';

/**
 * The error state of a screen part: the envelope message (already in the user's language,
 * from the HTTP client) and a retry where another try can help; the fallback texts are the
 * `states.*` keys of `namespace`. A refusal that will not change (a coin that is not
 * supported) is shown as what it is, without a retry.
 */
export function QueryErrorState({
  error,
  onRetry,
  compact = false,
  namespace,
}: {
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
  namespace: 'trade' | 'wallet' | 'market';
}) {
  const { t } = useTranslation(namespace);
  const message = errorText(error, t('states.loadFailed')) ?? t('states.loadFailed');
  const className = compact ? frameStyles.compactResult : undefined;
  if (!isRetryable(error)) {
    return <Result status="info" className={className} title={message} data-testid="query-refused" />;
  }
  return (
    <Result
      status="warning"
      className={className}
      title={t('states.loadFailedTitle')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      }
    />
  );
}
