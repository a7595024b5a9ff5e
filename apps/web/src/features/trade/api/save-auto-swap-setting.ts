import type { AutoSwapSetting, AutoSwapSettingBody } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** Creates or changes the setting of one source coin (one setting per source coin). */
export function saveAutoSwapSetting(body: AutoSwapSettingBody): Promise<AutoSwapSetting> {
  return apiData<AutoSwapSetting>(tradePaths.autoSwapSettings, { method: 'PUT', body });
}

export function useSaveAutoSwapSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoSwapSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['trade', 'auto-swap', 'settings'] }),
  });
}
