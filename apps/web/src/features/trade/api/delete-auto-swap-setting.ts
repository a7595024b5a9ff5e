import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export async function deleteAutoSwapSetting(sourceCoin: string): Promise<void> {
  await call(tradeEndpoints.removeAutoSwapSetting, { params: { sourceCoin } });
}

export function useDeleteAutoSwapSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutoSwapSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['trade', 'auto-swap', 'settings'] }),
  });
}
