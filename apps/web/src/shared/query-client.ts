import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP client already told the user; a retry would toast the same failure twice.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
  },
});
