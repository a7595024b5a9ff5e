import { marketPaths } from '@coffer/contract/market-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** POST adds, DELETE removes; both answer the caller's favourites. */
export function setFavourite(coin: string, isFavourite: boolean, successText?: string): Promise<{ coins: string[] }> {
  return apiData<{ coins: string[] }>(marketPaths.favourite.replace(':coin', encodeURIComponent(coin)), {
    method: isFavourite ? 'POST' : 'DELETE',
    ...(successText ? { successText } : {}),
  });
}

export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coin, isFavourite, successText }: { coin: string; isFavourite: boolean; successText?: string }) =>
      setFavourite(coin, isFavourite, successText),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['market'] }),
  });
}
