import type { DevFaucetResult } from '@coffer/contract';
import { depositEndpoints } from '@coffer/contract/deposit-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** Dev faucet of the local chain: test coins to the customer's own deposit address. */
export function requestDevFaucet(coin: string): Promise<DevFaucetResult> {
  return call(depositEndpoints.devFaucet, { body: { coin } });
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
