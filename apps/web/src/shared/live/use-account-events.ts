import { type AccountSocketMessage, accountEventPaths, accountSocketCloseCodes } from '@coffer/contract/account-events';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openReconnectingSocket } from './reconnecting-socket';

export type AccountEventsStatus = 'off' | 'connecting' | 'live' | 'reconnecting' | 'ended';

/**
 * The queries whose answers move with the customer's balances: balances and the asset summary,
 * the dashboard, bills and transfers (`wallet`), deposit and withdrawal records and the
 * withdrawable amount (`funds`), and trade orders. Not the wallet's recipient lookup, which
 * counts against a quota, nor anything static (coins, chains, addresses).
 */
export const balanceQueryKeys: readonly QueryKey[] = [
  ['wallet', 'assets'],
  ['wallet', 'asset-summary'],
  ['wallet', 'dashboard'],
  ['wallet', 'bills'],
  ['wallet', 'bill-info'],
  ['wallet', 'transfers'],
  ['funds', 'dw-records'],
  ['funds', 'withdrawals'],
  ['funds', 'can-withdraw'],
  ['funds', 'withdraw-limit'],
  ['trade', 'orders'],
  ['trade', 'order'],
];

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${accountEventPaths.accountSocket}`;
}

/** Open pages read their balances and records again; pages not on screen read them when they open. */
export function invalidateBalanceQueries(queryClient: QueryClient): void {
  for (const queryKey of balanceQueryKeys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * While signed in (`sessionId` of the session user), keeps the account socket open so a credit,
 * a trade or a withdrawal shows on every open page without a reload: each `balances` event
 * invalidates the balance queries. Reconnects with growing pauses when the socket drops, and
 * reads everything again after a reconnect (events of the gap are lost). When the server
 * says the session ended (close 4401: logged out, here or elsewhere) it stops quietly — the
 * next call meets the login prompt as any page would — and a new sign-in (another
 * `sessionId`) opens it again.
 */
export function useAccountEvents(sessionId: string | null): AccountEventsStatus {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ sessionId: string; status: AccountEventsStatus } | null>(null);

  useEffect(() => {
    if (!sessionId || typeof WebSocket === 'undefined') return undefined;
    let hasBeenLive = false;
    return openReconnectingSocket<AccountSocketMessage>({
      url: socketUrl(),
      isReadyMessage: (message) => message.type === 'ready',
      onLive: () => {
        if (hasBeenLive) invalidateBalanceQueries(queryClient);
        hasBeenLive = true;
        setState({ sessionId, status: 'live' });
      },
      onMessage: (message) => {
        if (message.type === 'balances') invalidateBalanceQueries(queryClient);
      },
      onClose: (event) => {
        if (event.code === accountSocketCloseCodes.sessionEnded) {
          setState({ sessionId, status: 'ended' });
          return 'stop';
        }
        setState({ sessionId, status: 'reconnecting' });
        return 'reconnect';
      },
    });
  }, [sessionId, queryClient]);

  if (!sessionId) return 'off';
  return state?.sessionId === sessionId ? state.status : 'connecting';
}
