import type { DevFaucetResult } from '@coffer/contract';
import { depositPaths } from '@coffer/contract/deposit-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** Dev faucet of the local chain: test coins to the customer's own deposit address. */
export function requestDevFaucet(coin: string): Promise<DevFaucetResult> {
  return apiData<DevFaucetResult>(depositPaths.devFaucet, { method: 'POST', body: { coin } });
}

export function useDevFaucet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDevFaucet,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['funds', 'dw-records'] });
    },
  });
}
