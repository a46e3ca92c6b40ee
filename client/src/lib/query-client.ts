import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** Spec defaults: no retries, no refetch on focus, no polling, data never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        retry: false,
        retryOnMount: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
