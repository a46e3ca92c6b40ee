import { useQuery } from '@tanstack/react-query';
import type { HomeownerAnswer, RequestPageAnswer } from '@shared/schemas/request-page';
import { apiRequest } from '@/lib/api';
import { requestKey } from './request-key';

/** A request's own page (docs/decisions/0128-request-page-and-replies.md): what became of it, and the homeowner's answers. */

/** Read again once the page is up: a page kept by the browser may miss a reply sent since. */
export const useRequestPage = (token: string) =>
  useQuery<RequestPageAnswer>({ queryKey: requestKey(token), retry: false, staleTime: 0 });

export const answerRequest = (token: string, answer: HomeownerAnswer) =>
  apiRequest<void>('POST', `/api/requests/${encodeURIComponent(token)}/answer`, { answer });

export const sendFromRequest = (token: string, alternativeId: number) =>
  apiRequest<{ leadId: number; message: string }>(
    'POST',
    `/api/requests/${encodeURIComponent(token)}/alternatives/${alternativeId}`,
  );
