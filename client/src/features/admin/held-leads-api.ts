import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminLead } from '@shared/schemas/admin-leads';
import { apiRequest, type ApiKey } from '@/lib/api';
import { invalidatePaths, leadsChanged } from './api';

/**
 * What waits for a person (docs/decisions/0117-lead-routing.md): the held leads, and the
 * administrator's answers to one besides delivering it (which is useDeliverLead's).
 */
export const heldLeadsKey: ApiKey = ['/api/admin/leads/held'];

export const useHeldLeads = () => useQuery<{ leads: AdminLead[] }>({ queryKey: heldLeadsKey });

/** What the administrator does with a held lead besides delivering it: the path's last part. */
export type HeldLeadAnswer = 'send-to-alternatives' | 'reject';

export function useAnswerHeldLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, answer }: { leadId: number; answer: HeldLeadAnswer }) =>
      apiRequest<unknown>('POST', `/api/admin/leads/${leadId}/${answer}`),
    // A 409 means it went on already (delivered, withdrawn): the refreshed lists show how. Sent on, the homeowner's email is in the outbox.
    onSettled: () => void invalidatePaths(queryClient, ...leadsChanged, '/api/admin/outbox'),
  });
}
