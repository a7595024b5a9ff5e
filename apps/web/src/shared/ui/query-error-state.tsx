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
  testId,
}: {
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
  namespace: 'trade' | 'wallet' | 'market' | 'custody';
  /** Marks the state (either kind) for tests; the retry button gets `${testId}-retry`. */
  testId?: string;
}) {
  const { t } = useTranslation(namespace);
  const message = errorText(error, t('states.loadFailed'));
  // The login prompt speaks for a logged-out session.
  if (message === null) return null;
  const className = compact ? frameStyles.compactResult : undefined;
  if (!isRetryable(error)) {
    return <Result status="info" className={className} title={message} data-testid={testId ?? 'query-refused'} />;
  }
  return (
    <Result
      status="warning"
      className={className}
      title={t('states.loadFailedTitle')}
      subTitle={message}
      data-testid={testId}
      extra={
        <Button type="primary" onClick={onRetry} data-testid={testId ? `${testId}-retry` : undefined}>
          {t('states.retry')}
        </Button>
      }
    />
  );
}
