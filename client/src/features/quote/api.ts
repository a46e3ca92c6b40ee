import { useMutation } from '@tanstack/react-query';
import type { QuoteForm } from '@shared/schemas/leads';
import { apiRequest } from '@/lib/api';

export function useSendQuote(contractorId: number) {
  return useMutation({
    mutationFn: (values: QuoteForm & Record<string, unknown>) => apiRequest<{ id: number }>('POST', '/api/leads', { ...values, contractorId }),
  });
}
