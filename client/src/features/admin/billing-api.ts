import { useQuery } from '@tanstack/react-query';
import type { AdminContractorBilling } from '@shared/schemas/billing';
import type { ApiKey } from '@/lib/api';

/** A contractor's billing in the administrator's scope, and the bookkeeper's exports (docs/decisions/0113-self-service-billing.md). */

export const contractorBillingKey = (contractorId: number): ApiKey => [
  `/api/admin/contractors/${contractorId}/billing`,
];

export const useContractorBilling = (contractorId: number) =>
  useQuery<AdminContractorBilling>({ queryKey: contractorBillingKey(contractorId) });

/** The CSV downloads: every contractor in the scope, or one. */
export const exportPath = (what: 'payments' | 'leads', contractorId?: number) =>
  `/api/admin/exports/${what}.csv${contractorId ? `?contractorId=${contractorId}` : ''}`;
