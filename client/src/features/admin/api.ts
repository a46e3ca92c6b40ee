import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LeadStatus } from '@shared/schemas/lead-status';
import type {
  AdminCheck,
  AdminContractor,
  AdminContractorList,
  ApprovalStatus,
  OutboxList,
  OutboxMessage,
  OutboxStatus,
} from '@shared/schemas/admin';
import type { AdminLeadList, AdminStats } from '@shared/schemas/admin-leads';
import type { DashboardFigures } from '@shared/schemas/county-figures';
import type { AdminLoginAnswer } from '@shared/schemas/admin-two-factor';
import type { ContractorStats } from '@shared/schemas/contractor-stats';
import type { DeliveryDto } from '@shared/schemas/deliveries';
import type { AdminLeadClaim, AdminLeadClaimList, CancelledDelivery, ClaimStatus } from '@shared/schemas/lead-claims';
import type { PricingRuleDto } from '@shared/schemas/pricing-rules';
import type { AdminCountyAnswer } from '@shared/schemas/region';
import type { RuleType } from '@shared/pricing';
import { apiRequest, getQueryFn, type ApiKey } from '@/lib/api';

/**
 * Invalidation in the hooks is not awaited: a mutate() call's own callbacks (its notices) run
 * only while the component is mounted, and a refetch may unmount it (a delivered lead's
 * dropdown), so they must run before the refetch lands.
 *
 * Every GET the admin pages read is a query key `[path, params?]` (the default query function
 * fetches it); every change is a mutation that invalidates the keys it affects.
 */

// ---- Keys

export const sessionKey: ApiKey = ['/api/admin/check'];
export const statsKey: ApiKey = ['/api/admin/stats'];
export const figuresKey: ApiKey = ['/api/admin/figures'];
export const rulesKey: ApiKey = ['/api/pricing-rules'];

export type ContractorFilter = 'all' | ApprovalStatus;

export function contractorsKey(status: ContractorFilter, search = ''): ApiKey {
  const params: Record<string, string> = { status };
  if (search.trim()) params.search = search.trim();
  return ['/api/admin/contractors', params];
}
export const approvedContractorsKey = contractorsKey('approved');

export function leadsKey({
  status = 'all',
  page = 1,
  pageSize = 25,
}: { status?: 'all' | LeadStatus; page?: number; pageSize?: number } = {}): ApiKey {
  const params: Record<string, string> = { page: String(page), pageSize: String(pageSize) };
  if (status !== 'all') params.status = status;
  return ['/api/leads', params];
}

export const contractorDeliveriesKey = (contractorId: number): ApiKey => [
  `/api/contractors/${contractorId}/lead-deliveries`,
];
export const contractorStatsKey = (contractorId: number): ApiKey => [`/api/admin/contractors/${contractorId}/stats`];

export type OutboxFilter = 'all' | OutboxStatus;

export function outboxKey(page: number, pageSize: number, status: OutboxFilter = 'all'): ApiKey {
  const params: Record<string, string> = { page: String(page), pageSize: String(pageSize) };
  if (status !== 'all') params.status = status;
  return ['/api/admin/outbox', params];
}
export const outboxMessageKey = (id: number): ApiKey => [`/api/admin/outbox/${id}`];

/** Marks stale every query whose path is one of `paths` or lies below one (`/api/contractors` covers `/api/contractors/4/lead-deliveries`). */
export function invalidatePaths(queryClient: QueryClient, ...paths: string[]) {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const path = q.queryKey[0];
      return typeof path === 'string' && paths.some((p) => path === p || path.startsWith(`${p}/`));
    },
  });
}

// ---- Session

export type AdminSession =
  | { state: 'loading' }
  | { state: 'error' }
  /** codeStep: the password was right and the code is still to come (docs/decisions/0109-admin-two-factor.md). */
  | { state: 'anonymous'; codeStep: boolean }
  | {
      state: 'authenticated';
      /** Two-factor sign-in is required and not set up: nothing but its page until it is. */
      mustEnrol: boolean;
      username: string | null;
      /** docs/decisions/0103-county-administrators.md */
      role: NonNullable<AdminCheck['role']>;
      counties: NonNullable<AdminCheck['counties']>;
      countyId: number | null;
    };

/** The administrator's session as GET /api/admin/check reports it; a 401 reads as signed out. */
export function useAdminSession(): AdminSession & { refetch: () => void } {
  const query = useQuery<AdminCheck | null>({
    queryKey: sessionKey,
    queryFn: getQueryFn<AdminCheck>({ on401: 'returnNull' }),
  });
  const refetch = () => void query.refetch();
  if (query.isPending) return { state: 'loading', refetch };
  if (query.isError) return { state: 'error', refetch };
  if (query.data?.authenticated) {
    const d = query.data;
    return {
      state: 'authenticated',
      mustEnrol: d.twoFactor === 'enrol',
      username: d.username ?? null,
      role: d.role ?? 'county',
      counties: d.counties ?? [],
      countyId: d.countyId ?? null,
      refetch,
    };
  }
  return { state: 'anonymous', codeStep: query.data?.twoFactor === 'code', refetch };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) =>
      apiRequest<AdminLoginAnswer>('POST', '/api/admin/login', body),
    onSuccess: (data) => {
      // Known at once, so the guard does not send the new session back to the login page; the role and counties follow.
      const known: AdminCheck =
        data.twoFactor === 'code'
          ? { authenticated: false, twoFactor: 'code' }
          : { authenticated: true, username: data.username, twoFactor: data.twoFactor };
      queryClient.setQueryData<AdminCheck>(sessionKey, known);
      void queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export const logout = () => apiRequest<unknown>('POST', '/api/admin/logout');

// ---- Reads

export const useStats = () => useQuery<AdminStats>({ queryKey: statsKey });
export const useFigures = () => useQuery<DashboardFigures>({ queryKey: figuresKey });

export const useLeads = (key: ApiKey) => useQuery<AdminLeadList>({ queryKey: key, placeholderData: keepPreviousData });

export const useContractors = (key: ApiKey) =>
  useQuery<AdminContractorList>({ queryKey: key, placeholderData: keepPreviousData });

export const useApprovedContractors = () => useQuery<AdminContractorList>({ queryKey: approvedContractorsKey });

/** Approved contractors as choices, and their names by id (for contractor rules). */
export function useContractorNames() {
  const list = useApprovedContractors().data?.contractors;
  return useMemo(() => {
    const contractors = (list ?? []).map((c) => ({ id: c.id, name: c.name }));
    return { contractors, names: new Map(contractors.map((c) => [c.id, c.name])), loaded: list !== undefined };
  }, [list]);
}

export const usePricingRules = () => useQuery<PricingRuleDto[]>({ queryKey: rulesKey });

export const adminCountyKey = (id: number): ApiKey => [`/api/admin/counties/${id}`];

/** A county's towns (by id) and services, for what names them (docs/decisions/0107-pricing-per-county.md); nothing is asked without a county. */
export function useAdminCounty(id: number | null) {
  return useQuery<AdminCountyAnswer>({ queryKey: adminCountyKey(id ?? 0), enabled: id !== null });
}

/**
 * The county the administrator works in: the one chosen in the switcher, else its only county,
 * else the site's own (the host's) when it may see it; null when none of these says.
 */
export function workingCounty(session: AdminSession, siteSlug: string): number | null {
  if (session.state !== 'authenticated') return null;
  if (session.countyId !== null) return session.countyId;
  if (session.role === 'county' && session.counties.length === 1) return session.counties[0]!.id;
  return session.counties.find((c) => c.slug === siteSlug)?.id ?? null;
}

export const useContractorStats = (contractorId: number) =>
  useQuery<ContractorStats>({ queryKey: contractorStatsKey(contractorId) });

export function useContractorDeliveries(contractorId: number | null) {
  return useQuery<DeliveryDto[]>({
    queryKey: contractorDeliveriesKey(contractorId ?? 0),
    enabled: contractorId !== null,
  });
}

export const useOutbox = (page: number, pageSize: number, status: OutboxFilter = 'all') =>
  useQuery<OutboxList>({ queryKey: outboxKey(page, pageSize, status), placeholderData: keepPreviousData });

/** One message; while it waits for an attempt it is asked again every few seconds, so an open dialog shows it go out. */
export function useOutboxMessage(id: number | null, fromList?: OutboxMessage) {
  return useQuery<OutboxMessage>({
    queryKey: outboxMessageKey(id ?? 0),
    enabled: id !== null,
    placeholderData: fromList,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2_000 : false),
  });
}

/** Queues a failed message for a new round of attempts. */
export function useResendOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<OutboxMessage>('POST', `/api/admin/outbox/${id}/resend`),
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/outbox'),
  });
}

// ---- Contractors

/** After a contractor changes: the admin lists and the public directory (whose keys start with /api/contractors). */
const contractorsChanged = (queryClient: QueryClient) =>
  invalidatePaths(queryClient, '/api/admin/contractors', '/api/contractors');

/** The expiry dates checked in the approve step, recorded with its verification (docs/decisions/0019-verifying-contractors.md). */
export interface CheckedDates {
  registrationExpiresOn?: string;
  insuranceExpiresOn?: string;
}

export function useSetApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      status,
      rejectionReason,
      verified,
      dates,
    }: {
      id: number;
      status: 'approved' | 'rejected';
      rejectionReason?: string;
      verified?: boolean;
      dates?: CheckedDates;
    }) =>
      apiRequest<AdminContractor>(
        'PATCH',
        `/api/admin/contractors/${id}/approval`,
        status === 'rejected' ? { status, rejectionReason } : { status, verified, ...(verified ? dates : {}) },
      ),
    onSettled: () => void contractorsChanged(queryClient),
  });
}

/** Records (or withdraws) the administrator's check of a contractor's licence and insurance. */
export function useSetVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verified }: { id: number; verified: boolean }) =>
      apiRequest<AdminContractor>('POST', `/api/admin/contractors/${id}/${verified ? 'verify' : 'unverify'}`),
    onSettled: () => void contractorsChanged(queryClient),
  });
}

export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isVisible }: { id: number; isVisible: boolean }) =>
      apiRequest<AdminContractor>('PATCH', `/api/admin/contractors/${id}/visibility`, { isVisible }),
    onSettled: () => void contractorsChanged(queryClient),
  });
}

export function useSendSetupCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('POST', `/api/admin/contractors/${id}/setup-code`),
    onSuccess: () => void invalidatePaths(queryClient, '/api/admin/contractors', '/api/admin/outbox'),
  });
}

// ---- Leads

/** What a change to a lead shows in: the lead list, the held leads at its top (docs/decisions/0117-lead-routing.md) and the dashboard's figures. */
export const leadsChanged = ['/api/leads', '/api/admin/leads', '/api/admin/stats'] as const;

export function useDeliverLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { leadId: number; contractorId: number }) =>
      apiRequest<DeliveryDto>('POST', '/api/lead-deliveries', body),
    // A 409 means someone else delivered it first: the refreshed list shows to whom.
    onSettled: (_data, _error, body) => {
      void invalidatePaths(queryClient, ...leadsChanged, '/api/admin/contractors', '/api/admin/outbox');
      void queryClient.invalidateQueries({ queryKey: contractorDeliveriesKey(body.contractorId) });
    },
  });
}

// ---- Pricing rules

export interface PricingRuleInput {
  ruleType: RuleType;
  ruleValue: string | null;
  /** A location rule's town; its county is the town's. */
  townId?: number | null;
  /** The county; null: a platform default; left out: the administrator's county (docs/decisions/0103-county-administrators.md). */
  regionId?: number | null;
  leadPrice: string;
  priority: number;
  isActive: boolean;
}

/** The quick-add rule from the dashboard (spec: a global rule at 25.00, priority 1). */
export const QUICK_ADD_RULE: PricingRuleInput = {
  ruleType: 'global',
  ruleValue: null,
  leadPrice: '25.00',
  priority: 1,
  isActive: true,
};

const rulesChanged = (queryClient: QueryClient) =>
  invalidatePaths(queryClient, '/api/pricing-rules', '/api/admin/stats');

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: PricingRuleInput) => apiRequest<PricingRuleDto>('POST', '/api/pricing-rules', rule),
    onSuccess: () => void rulesChanged(queryClient),
  });
}

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: number } & (PricingRuleInput | { isActive: boolean })) =>
      apiRequest<PricingRuleDto>('PATCH', `/api/pricing-rules/${id}`, patch),
    onSettled: () => void rulesChanged(queryClient),
  });
}

// ---- Lead claims and cancellations (docs/decisions/0046-lead-guarantee.md, docs/decisions/0049-cancelled-deliveries.md)

export type ClaimFilter = 'all' | ClaimStatus;

export const claimsKey = (status: ClaimFilter, page: number, pageSize: number): ApiKey => [
  '/api/admin/lead-claims',
  { status, page: String(page), pageSize: String(pageSize) },
];

export const useClaims = (key: ApiKey) =>
  useQuery<AdminLeadClaimList>({ queryKey: key, placeholderData: keepPreviousData });

/** Approves (what was paid comes back) or denies a claim; the contractor is emailed either way. */
export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'approve' | 'deny'; note: string }) =>
      apiRequest<AdminLeadClaim>('POST', `/api/admin/lead-claims/${id}/${decision}`, { note }),
    // A 409 means another administrator decided first: the refreshed list shows how.
    onSettled: () => void invalidatePaths(queryClient, '/api/admin/lead-claims', '/api/admin/outbox'),
  });
}

/** Takes a delivery back; what was paid for it is refunded and the lead is new again, held for an administrator. */
export function useCancelDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      apiRequest<CancelledDelivery>('POST', `/api/lead-deliveries/${deliveryId}/cancel`),
    onSettled: () =>
      void invalidatePaths(
        queryClient,
        ...leadsChanged,
        '/api/contractors',
        '/api/admin/contractors',
        '/api/admin/outbox',
        '/api/admin/lead-claims',
      ),
  });
}
