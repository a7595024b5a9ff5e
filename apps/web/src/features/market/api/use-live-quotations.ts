import type { QuotationList, QuotationSocketMessage, QuoteCurrency } from '@coffer/contract';
import { marketPaths } from '@coffer/contract/market-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { quotationsQueryKey } from './get-quotations';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

const reconnectDelaysMs = [500, 1_000, 2_000, 5_000, 10_000];

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
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let isClosed = false;

    const connect = () => {
      socket = new WebSocket(socketUrl(quote));
      socket.onopen = () => {
        attempt = 0;
        setState({ quote, status: 'live' });
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        let message: QuotationSocketMessage;
        try {
          message = JSON.parse(event.data) as QuotationSocketMessage;
        } catch {
          return;
        }
        if (message.type !== 'board' || message.board.quote !== quote) return;
        queryClient.setQueryData<QuotationList>(quotationsQueryKey(quote), (previous) =>
          previous && previous.seq > message.board.seq ? previous : { ...message.board, favourites: previous?.favourites ?? [] },
        );
      };
      socket.onclose = () => {
        if (isClosed) return;
        setState({ quote, status: 'reconnecting' });
        const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 10_000;
        attempt += 1;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      isClosed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    };
  }, [quote, queryClient]);

  return state?.quote === quote ? state.status : 'connecting';
}
