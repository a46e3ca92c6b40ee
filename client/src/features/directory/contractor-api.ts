import { useQuery } from '@tanstack/react-query';
import type { ContractorProfile } from '@shared/schemas/directory';
import type { ApiKey } from '@/lib/api';

/** A contractor's profile (its key is built here only, as the server renders it: see api.ts). */
export const contractorKey = (id: string): ApiKey => [`/api/contractors/${encodeURIComponent(id)}`];

export function useContractor(id: string) {
  return useQuery<ContractorProfile>({ queryKey: contractorKey(id) });
}
