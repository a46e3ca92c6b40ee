/** The page of a homeowner's "Send my request to them" link (docs/decisions/0117-lead-routing.md). */
export interface AlternativeAnswer {
  state: 'open' | 'used' | 'expired';
  contractorId: number;
  contractorName: string;
  serviceNeeded: string;
  location: string;
}

export const alternativeSentMessage = (contractorName: string) =>
  `Your request was sent to ${contractorName}. They will contact you directly.`;

export const ALTERNATIVE_LINK_INVALID = 'This link is not valid. Please use the link in your email.';

/**
 * Where the link's page posts without JavaScript and lands once sent; the token is the page's
 * address, as a review link's. Not in shared/forms.ts, which every public page's JavaScript carries.
 */
export const alternativePage = {
  path: (token: string) => `/alternatives/${encodeURIComponent(token)}`,
  done: (token: string) => `/alternatives/${encodeURIComponent(token)}?sent=1`,
} as const;
