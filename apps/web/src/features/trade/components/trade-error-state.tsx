import { QueryErrorState } from '../../../shared/ui/query-error-state';

/** The error state of a trade screen part, with the trade fallback texts. */
export function TradeErrorState(props: { error: unknown; onRetry: () => void; compact?: boolean }) {
  return <QueryErrorState {...props} namespace="trade" />;
}
