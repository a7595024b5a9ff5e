import { tradePaths } from '@coffer/contract/trade-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export async function deleteAutoSwapSetting(sourceCoin: string): Promise<void> {
  await apiData<null>(tradePaths.autoSwapSetting.replace(':sourceCoin', encodeURIComponent(sourceCoin)), { method: 'DELETE' });
}

export function useDeleteAutoSwapSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutoSwapSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['trade', 'auto-swap', 'settings'] }),
  });
}
