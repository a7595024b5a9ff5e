import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorState } from '../../../shared/ui/query-error-state';

/**
 * A read of a console screen that failed (a list, a balance, a report): the shared error state
 * with the console's texts; nothing while the login prompt is open.
 */
export function CustodyReadError({
  error,
  onRetry,
  testId = 'custody-load-error',
}: {
  error: unknown;
  onRetry: () => void;
  testId?: string;
}) {
  return <QueryErrorState namespace="custody" error={error} onRetry={onRetry} testId={testId} />;
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
  if (failed) return <CustodyReadError error={failed.error} onRetry={() => void failed.refetch()} testId={errorTestId} />;
  if (reads.some((read) => read.data === undefined)) return <>{loading}</>;
  return <>{children(...(reads.map((read) => read.data) as { [K in keyof R]: DataOf<R[K]> }))}</>;
}
