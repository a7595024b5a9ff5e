import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
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

/** A failed console read in the console's own texts: a refusal as it is, anything else with a retry. */
function ConsoleReadError({ error, onRetry, testId = 'custody-load-error' }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation('custody');
  const message = errorText(error, t('states.loadFailed'));
  if (message === null) return null;
  if (!isRetryable(error)) return <Result status="info" title={message} data-testid={testId} />;
  return (
    <Result
      status="warning"
      title={t('states.loadFailed')}
      subTitle={message}
      data-testid={testId}
      extra={
        <Button type="primary" onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('states.retry')}
        </Button>
      }
    />
  );
}

/** A console read as TanStack Query gives it: what `ConsoleRead` looks at. */
type Read = Pick<UseQueryResult, 'data' | 'isError' | 'error' | 'refetch'>;
type DataOf<R> = R extends { data: infer D } ? Exclude<D, undefined> : never;

/**
 * The switch every console screen makes over its reads: the first read that failed with nothing
 * to show gives the read error with its retry; while any read has no data yet, `loading`;
 * then `children` with every read's data, in order.
 */
export function ConsoleRead<const R extends readonly Read[]>({
  reads,
  loading,
  errorTestId,
  children,
}: {
  reads: R;
  loading: ReactNode;
  errorTestId?: string;
  children: (...data: { [K in keyof R]: DataOf<R[K]> }) => ReactNode;
}) {
  const failed = reads.find((read) => read.isError && read.data === undefined);
  if (failed) return <ConsoleReadError error={failed.error} onRetry={() => void failed.refetch()} testId={errorTestId} />;
  if (reads.some((read) => read.data === undefined)) return <>{loading}</>;
  return <>{children(...(reads.map((read) => read.data) as { [K in keyof R]: DataOf<R[K]> }))}</>;
}
