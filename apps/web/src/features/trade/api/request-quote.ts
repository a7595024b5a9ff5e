import type { Quote, QuoteRequest } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** What the page keeps of a quote: the server's answer and when it arrived on this clock. */
export interface ReceivedQuote {
  quote: Quote;
  /**
   * Local time the quote stops being payable: arrival + validity. Counting from arrival
   * instead of `expiresAt` keeps the countdown right when this computer's clock is off.
   */
  deadline: number;
}

export async function requestQuote(request: QuoteRequest): Promise<ReceivedQuote> {
  const quote = await call(tradeEndpoints.quote, { body: request });
  return { quote, deadline: Date.now() + quote.validitySeconds * 1000 };
}

/** Asks for a firm, signed quote; the HTTP client shows any refusal (circuit breaker, amount…). */
export function useRequestQuote() {
  return useMutation({ mutationFn: requestQuote });
}
