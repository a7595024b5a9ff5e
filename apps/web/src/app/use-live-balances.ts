import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { sessionUserQuery } from '../shared/api/session-user';
import { useAccountEvents } from '../shared/live/use-account-events';

/**
 * Live balances on every page while signed in (the root layout calls it). The session comes
 * from the cached session user — the loaders of signed-in pages ask for it, signing in
 * refreshes it and logging out clears the cache — and is never fetched here, so a signed-out
 * visitor opens no socket and makes no call.
 */
export function useLiveBalances(): void {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const sessionId = useSyncExternalStore(subscribe, () => queryClient.getQueryData(sessionUserQuery.queryKey)?.sessionId ?? null);
  useAccountEvents(sessionId);
}
