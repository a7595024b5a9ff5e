import type { AutoSwapSetting, AutoSwapSettingBody } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** Creates or changes the setting of one source coin (one setting per source coin). */
export function saveAutoSwapSetting(body: AutoSwapSettingBody): Promise<AutoSwapSetting> {
  return call(tradeEndpoints.saveAutoSwapSetting, { body });
}

export function useSaveAutoSwapSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoSwapSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['trade', 'auto-swap', 'settings'] }),
  });
}
