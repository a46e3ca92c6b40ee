import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CountyLeadDelivery } from '@shared/schemas/lead-routing';
import type { AddCounty, CountyListing, CountySummary } from '@shared/schemas/region';
import { apiRequest } from '@/lib/api';
import { invalidatePaths } from './api';

/** The deployment's counties (docs/decisions/0098-counties-are-data.md), each with its launch figures (docs/decisions/0133-launch-figures-and-honest-home.md). */
export const useCounties = () => useQuery<{ counties: CountyListing[] }>({ queryKey: ['/api/admin/counties'] });

export function useAddCounty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCounty) => apiRequest<CountySummary>('POST', '/api/admin/counties', body),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/counties'),
  });
}

/** The platform administrator's setting of a county's lead delivery (docs/decisions/0117-lead-routing.md); one county's answer (/api/admin/counties/:id) shows it too. */
export function useSetCountyLeadDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CountyLeadDelivery & { id: number }) =>
      apiRequest<CountySummary>('PUT', `/api/admin/counties/${id}/lead-delivery`, body),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/counties'),
  });
}
