import type { QuoteForm } from '@shared/schemas/leads';
import type { PublicContractor } from '@shared/schemas/directory';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, type ApiKey } from '@/lib/api';

/**
 * A plain request rather than useMutation: the form keeps its own pending state, nothing is
 * cached, and the quote page's JavaScript budget need not carry the mutation machinery.
 */
export const sendQuote = (contractorId: number, values: QuoteForm & Record<string, unknown>) =>
  apiRequest<{ id: number }>('POST', '/api/leads', { ...values, contractorId });

/** The contractors a paused contractor's quote page offers instead of the form (docs/decisions/0117-lead-routing.md). */
export const othersKey = (id: string): ApiKey => [`/api/contractors/${encodeURIComponent(id)}/others`];
export const useOthers = (id: number) => useQuery<PublicContractor[]>({ queryKey: othersKey(String(id)) });
