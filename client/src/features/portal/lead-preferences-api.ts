import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadPreferences, LeadPreferencesDto } from '@shared/schemas/lead-preferences';
import { apiRequest, type ApiKey } from '@/lib/api';

/** The contractor's lead preferences (docs/decisions/0117-lead-routing.md): its own business, saved without review. */

export const leadPreferencesKey: ApiKey = ['/api/contractor/lead-preferences'];

export const useLeadPreferences = () => useQuery<LeadPreferencesDto>({ queryKey: leadPreferencesKey });

export function useSaveLeadPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: LeadPreferences) =>
      apiRequest<LeadPreferencesDto>('PUT', '/api/contractor/lead-preferences', preferences),
    // The answer is the saved panel (a full list stored as "everything", the number as texts are sent): show it, then read it again.
    onSuccess: (saved) => {
      queryClient.setQueryData(leadPreferencesKey, saved);
      void queryClient.invalidateQueries({ queryKey: leadPreferencesKey });
    },
  });
}
