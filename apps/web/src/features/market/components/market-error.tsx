import { QueryErrorState } from '../../../shared/ui/query-error-state';

/** The error state of a market screen: the envelope message in the user's language, and a retry where another try can help. */
export function MarketErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <QueryErrorState error={error} onRetry={onRetry} namespace="market" />;
}
