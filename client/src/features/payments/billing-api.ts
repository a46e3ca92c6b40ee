import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoBillingChange, DemoBillingState } from '@shared/schemas/billing';
import { invalidatePortal } from '@/features/portal';
import { apiRequest, type ApiKey } from '@/lib/api';

/** The demo provider's billing page (docs/decisions/0113-self-service-billing.md): its subscription, and one change at a time. */

export const DEMO_BILLING_PATH = '/demo-billing';

export const demoBillingKey = (sessionId: string): ApiKey => [
  `/api/demo-payments/billing/${encodeURIComponent(sessionId)}`,
];

export const useDemoBilling = (sessionId: string) =>
  useQuery<DemoBillingState>({ queryKey: demoBillingKey(sessionId), enabled: sessionId.length > 0, retry: false });

export function useChangeDemoBilling(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DemoBillingChange) =>
      apiRequest<DemoBillingState>('POST', `/api/demo-payments/billing/${encodeURIComponent(sessionId)}`, change),
    onSuccess: (state) => {
      queryClient.setQueryData(demoBillingKey(sessionId), state);
      // The plan changed: what the portal shows is out of date.
      void invalidatePortal(queryClient);
    },
  });
}
