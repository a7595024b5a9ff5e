import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The error state of a market screen: the envelope message in the user's language and a retry. */
export function MarketErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('market');
  const message = error instanceof Error && error.message && error.message !== 'redirect401' ? error.message : t('states.loadFailed');
  return (
    <Result
      status="warning"
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
