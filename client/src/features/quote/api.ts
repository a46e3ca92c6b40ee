import type { QuoteForm } from '@shared/schemas/leads';
import { apiRequest } from '@/lib/api';

/**
 * A plain request rather than useMutation: the form keeps its own pending state, nothing is
 * cached, and the quote page's JavaScript budget need not carry the mutation machinery.
 */
export const sendQuote = (contractorId: number, values: QuoteForm & Record<string, unknown>) => apiRequest<{ id: number }>('POST', '/api/leads', { ...values, contractorId });
