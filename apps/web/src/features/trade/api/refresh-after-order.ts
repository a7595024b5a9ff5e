import { useQueryClient } from '@tanstack/react-query';

/** Orders, balances and bills all move when an order is paid or cancelled (or fails to be). */
export function useRefreshAfterOrderChange(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['trade'] });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}
