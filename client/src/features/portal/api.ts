import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { signInPages } from '@shared/sign-in-next';
import type { BillingPortalResponse } from '@shared/schemas/billing';
import type { ContractorLogin, ContractorSetup } from '@shared/schemas/contractor-auth';
import type { ContractorStats } from '@shared/schemas/contractor-stats';
import type { LeadClaimInput } from '@shared/schemas/lead-claims';
import type { LeadReplyDto, LeadReplyInput } from '@shared/schemas/lead-replies';
import type { PortalLead, PortalProfile, PortalSubscription } from '@shared/schemas/portal';
import { apiRequest, getQueryFn, type ApiKey } from '@/lib/api';

/** Every GET of the contractor portal is a query key `[path]` under /api/contractor/. */

export const LOGIN_PATH = signInPages.contractorLogin.path;
export const PORTAL_PATH = signInPages.contractorLogin.done;

export const profileKey: ApiKey = ['/api/contractor/profile'];
export const subscriptionKey: ApiKey = ['/api/contractor/subscription'];
export const leadsKey: ApiKey = ['/api/contractor/leads'];
export const statsKey: ApiKey = ['/api/contractor/stats'];

/** The portal's own keys; not the public '/api/contractors/...' ones. */
const isPortalKey = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith('/api/contractor/');

export function invalidatePortal(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (q) => isPortalKey(q.queryKey) });
}

// ---- Reads

/** The signed-in contractor; null when there is no contractor session (401). */
export function useProfile() {
  return useQuery<PortalProfile | null>({
    queryKey: profileKey,
    queryFn: getQueryFn<PortalProfile>({ on401: 'returnNull' }),
  });
}

export const useSubscription = () => useQuery<PortalSubscription>({ queryKey: subscriptionKey });

export const useLeads = () => useQuery<PortalLead[]>({ queryKey: leadsKey });

export const useStats = () => useQuery<ContractorStats>({ queryKey: statsKey });

// ---- Session

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractorLogin) => apiRequest<{ message: string }>('POST', '/api/contractor/login', body),
    // Whatever was cached belonged to no session (or another one).
    onSuccess: () => invalidatePortal(queryClient),
  });
}

export function useSetup() {
  return useMutation({
    mutationFn: (body: ContractorSetup) => apiRequest<{ message: string }>('POST', '/api/contractor/setup', body),
  });
}

export const logout = () => apiRequest<unknown>('POST', '/api/contractor/logout');

// ---- Changes

/** Reports a paid or credited lead as bad (docs/decisions/0046-lead-guarantee.md); the answer is the lead with its claim. */
export function useClaimLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deliveryId, claim }: { deliveryId: number; claim: LeadClaimInput }) =>
      apiRequest<PortalLead>('POST', `/api/contractor/leads/${deliveryId}/claim`, claim),
    onSuccess: (lead) => {
      queryClient.setQueryData<PortalLead[]>(leadsKey, (list) =>
        list?.map((l) => (l.deliveryId === lead.deliveryId ? lead : l)),
      );
    },
    // 404 or 409: the list on screen is out of date, so read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}

/**
 * Answers the homeowner of a paid or credited lead (docs/decisions/0128-request-page-and-replies.md):
 * a written reply, emailed to them, or a mark that it called them. The lead may move to contacted,
 * so the list and the stats are read again.
 */
export function useAnswerLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deliveryId, reply }: { deliveryId: number; reply: LeadReplyInput | 'called' }) =>
      reply === 'called'
        ? apiRequest<LeadReplyDto>('POST', `/api/contractor/leads/${deliveryId}/called`)
        : apiRequest<LeadReplyDto>('POST', `/api/contractor/leads/${deliveryId}/replies`, reply),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: leadsKey });
      void queryClient.invalidateQueries({ queryKey: statsKey });
    },
  });
}

export type ContractorStatus = 'contacted' | 'won' | 'lost';

export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deliveryId, status }: { deliveryId: number; status: ContractorStatus }) =>
      apiRequest<PortalLead>('PATCH', `/api/contractor/leads/${deliveryId}/status`, { status }),
    onSuccess: (lead) => {
      queryClient.setQueryData<PortalLead[]>(leadsKey, (list) =>
        list?.map((l) => (l.deliveryId === lead.deliveryId ? lead : l)),
      );
      // Contacted and won move the dashboard's figures.
      void queryClient.invalidateQueries({ queryKey: statsKey });
    },
    // 404 or 409: the list on screen is out of date, so read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}

/**
 * Declines a lead awaiting payment (docs/decisions/0117-lead-routing.md): released, nothing charged,
 * and the homeowner offered other contractors. The released lead leaves the list and this month's
 * card spend, so the portal is read again; after a 409 (paid meanwhile, or already released) too.
 */
export function useDeclineLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => apiRequest<unknown>('POST', `/api/contractor/leads/${deliveryId}/decline`),
    onSettled: () => invalidatePortal(queryClient),
  });
}

/** "Manage billing": a session of the payment provider's customer portal, or the demo's billing page (docs/decisions/0113-self-service-billing.md). */
export function useOpenBillingPortal() {
  return useMutation({ mutationFn: () => apiRequest<BillingPortalResponse>('POST', '/api/contractor/billing-portal') });
}
