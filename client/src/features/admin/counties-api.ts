import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCounty, CountySummary } from '@shared/schemas/region';
import { apiRequest } from '@/lib/api';
import { invalidatePaths } from './api';

/** The deployment's counties (docs/decisions/0098-counties-are-data.md). */
export const useCounties = () => useQuery<{ counties: CountySummary[] }>({ queryKey: ['/api/admin/counties'] });

export function useAddCounty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCounty) => apiRequest<CountySummary>('POST', '/api/admin/counties', body),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/counties'),
  });
}
