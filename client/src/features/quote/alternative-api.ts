import { useQuery } from '@tanstack/react-query';
import type { AlternativeAnswer } from '@shared/schemas/lead-alternatives';
import { apiRequest, type ApiKey } from '@/lib/api';

/** A "Send my request to them" link (docs/decisions/0117-lead-routing.md): what it offers, and using it. */
export const alternativeKey = (token: string): ApiKey => [`/api/alternatives/${encodeURIComponent(token)}`];

/** Read again once the page is up: a page kept by the browser may say 'open' for a link used since. */
export const useAlternativeOffer = (token: string) =>
  useQuery<AlternativeAnswer>({ queryKey: alternativeKey(token), retry: false, staleTime: 0 });

export const sendToAlternative = (token: string) =>
  apiRequest<{ leadId: number; message: string }>('POST', `/api/alternatives/${encodeURIComponent(token)}`);
