import { useQuery } from '@tanstack/react-query';
import type { RequestEvent } from '@shared/schemas/request-page';

/** A lead's whole thread (docs/decisions/0128-request-page-and-replies.md), read when the administrator opens it. */
export const useLeadThread = (leadId: number, enabled: boolean) =>
  useQuery<{ events: RequestEvent[] }>({ queryKey: [`/api/admin/leads/${leadId}/thread`], enabled, staleTime: 0 });
