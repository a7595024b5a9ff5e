import { marketEndpoints } from '@coffer/contract/market-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** POST adds, DELETE removes; both answer the caller's favourites. */
export function setFavourite(coin: string, isFavourite: boolean, successText?: string): Promise<{ coins: string[] }> {
  const endpoint = isFavourite ? marketEndpoints.addFavourite : marketEndpoints.removeFavourite;
  return call(endpoint, { params: { coin } }, successText ? { successText } : {});
}

export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coin, isFavourite, successText }: { coin: string; isFavourite: boolean; successText?: string }) =>
      setFavourite(coin, isFavourite, successText),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['market'] }),
  });
}
