import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/error-text';
import { isRetryable } from '../../../shared/http/retryable';

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

/**
 * A read of a console screen that failed (a list, a balance, a report): the envelope message in
 * the user's language, with a retry where another try can help; the fallback texts are the
 * `common.*` keys of `namespace`; nothing while the login prompt is open.
 */
export function CustodyReadError({
  error,
  onRetry,
  testId,
  namespace,
}: {
  error: unknown;
  onRetry: () => void;
  testId: string;
  namespace: 'custodyOrg' | 'custodyMoney' | 'custodyOrders';
}) {
  const { t } = useTranslation(namespace);
  const message = errorText(error, t('common.loadFailed'));
  if (message === null) return null;
  if (!isRetryable(error)) return <Result status="info" title={message} data-testid={testId} />;
  return (
    <Result
      status="warning"
      title={t('common.loadFailedTitle')}
      subTitle={message}
      data-testid={testId}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
