import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The error state of a screen part: the envelope message (already in the user's language,
 * from the HTTP client) and a retry.
 */
export function TradeErrorState({ error, onRetry, compact = false }: { error: unknown; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation('trade');
  const message = error instanceof Error && error.message && error.message !== 'redirect401' ? error.message : t('states.loadFailed');
  return (
    <Result
      status="warning"
      className={compact ? 'trade-compact-result' : undefined}
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
