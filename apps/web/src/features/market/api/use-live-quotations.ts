import type { QuotationList, QuotationSocketMessage, QuoteCurrency } from '@coffer/contract';
import { marketPaths } from '@coffer/contract/market-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openReconnectingSocket } from '../../../shared/live/reconnecting-socket';
import { quotationsQueryKey } from './get-quotations';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

function socketUrl(quote: QuoteCurrency): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${marketPaths.quotationsSocket}?quote=${quote}`;
}

/**
 * Keeps the board of `quote` live: each board the server pushes replaces the cached one
 * (favourites stay as they were). Reconnects with growing pauses when the socket drops.
 */
export function useLiveQuotations(quote: QuoteCurrency): LiveStatus {
  const queryClient = useQueryClient();
  // Keyed by quote, so switching quote reads as 'connecting' until the new socket opens.
  const [state, setState] = useState<{ quote: QuoteCurrency; status: LiveStatus } | null>(null);

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return undefined;
    return openReconnectingSocket<QuotationSocketMessage>({
      url: socketUrl(quote),
      onLive: () => setState({ quote, status: 'live' }),
      onMessage: (message) => {
        if (message.type !== 'board' || message.board.quote !== quote) return;
        queryClient.setQueryData<QuotationList>(quotationsQueryKey(quote), (previous) =>
          previous && previous.seq > message.board.seq ? previous : { ...message.board, favourites: previous?.favourites ?? [] },
        );
      },
      onClose: () => {
        setState({ quote, status: 'reconnecting' });
        return 'reconnect';
      },
    });
  }, [quote, queryClient]);

  return state?.quote === quote ? state.status : 'connecting';
}
