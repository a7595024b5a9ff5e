import { QueryErrorState as SharedQueryErrorState } from '../../../shared/ui/query-error-state';

/** The error state of a wallet screen part, with the wallet fallback texts. */
export function QueryErrorState(props: { error: unknown; onRetry: () => void; compact?: boolean }) {
  return <SharedQueryErrorState {...props} namespace="wallet" />;
}
