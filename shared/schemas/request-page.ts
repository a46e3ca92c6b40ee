import type { LeadReplyDto } from './lead-replies';

/**
 * A quote request's own page (docs/decisions/0128-request-page-and-replies.md): the confirmation
 * email's private link, `/requests/{token}`, no sign-in, until the request's details are erased.
 */
export const requestPage = {
  path: (token: string) => `/requests/${encodeURIComponent(token)}`,
  answered: (token: string) => `/requests/${encodeURIComponent(token)}?answered=1`,
  alternative: (token: string, alternativeId: number) =>
    `/requests/${encodeURIComponent(token)}/alternatives/${alternativeId}`,
  sent: (token: string) => `/requests/${encodeURIComponent(token)}?sent=1`,
};

export const REQUEST_LINK_INVALID = 'This link is not valid. Please use the link in your confirmation email.';

export const HOMEOWNER_ANSWERS = ['hired', 'still_looking'] as const;
export type HomeownerAnswer = (typeof HOMEOWNER_ANSWERS)[number];

/** One step of the request's story, newest first on the page. */
export type RequestEvent =
  | { kind: 'sent'; at: string; contractorName: string }
  | { kind: 'delivered'; at: string; contractorName: string; hasDetails: boolean }
  | { kind: 'held'; at: string }
  | { kind: 'not-passed'; at: string }
  | {
      kind: 'released';
      at: string;
      contractorName: string;
      alternatives: {
        id: number;
        contractorId: number;
        contractorName: string;
        state: 'open' | 'used' | 'expired';
      }[];
    }
  | ({ kind: 'reply'; at: string; contractorName: string } & Pick<LeadReplyDto, 'message' | 'estimate' | 'visitDate'>)
  | { kind: 'called'; at: string; contractorName: string }
  /** The administrator's thread only: what the contractor marked the lead. */
  | { kind: 'marked'; at: string; contractorName: string; status: 'contacted' | 'won' | 'lost' }
  /** 'not_contacted': the follow-up email's "They never contacted me". */
  | { kind: 'answer'; at: string; answer: HomeownerAnswer | 'not_contacted' }
  | { kind: 'withdrawn'; at: string };

/** GET /api/requests/:token */
export interface RequestPageAnswer {
  serviceNeeded: string;
  location: string;
  contractorName: string | null;
  contractorId: number | null;
  askedAt: string;
  withdrawn: boolean;
  /** The answers the homeowner may still give. */
  canAnswer: HomeownerAnswer[];
  events: RequestEvent[];
}
