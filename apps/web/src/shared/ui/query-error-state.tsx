import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import frameStyles from './page-frame.module.css';

/**
 * The error state of a screen part: the envelope message (already in the user's language,
 * from the HTTP client) and a retry; the fallback texts are the `states.*` keys of `namespace`.
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
  namespace: 'trade' | 'wallet';
}) {
  const { t } = useTranslation(namespace);
  const message = error instanceof Error && error.message && error.message !== 'redirect401' ? error.message : t('states.loadFailed');
  return (
    <Result
      status="warning"
      className={compact ? frameStyles.compactResult : undefined}
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
