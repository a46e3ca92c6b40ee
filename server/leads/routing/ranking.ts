/**
 * The order other contractors are offered in when the chosen one cannot take a lead
 * (docs/decisions/0117-lead-routing.md): verified credentials first, then the rating (a rating
 * counts once it rests on at least one review), then the reply record (the share of its leads of
 * the last 90 days it moved on from 'delivered'), then more reviews, then the longest listed.
 * Paused contractors and those the lead would take past their cap never get here.
 */
export interface Candidate {
  id: number;
  name: string;
  verified: boolean;
  rating: number;
  reviewCount: number;
  /** Leads of the last 90 days, and how many of them it moved to contacted, won or lost. */
  recentLeads: number;
  repliedLeads: number;
}

export const MAX_ALTERNATIVES = 3;

/** Its reply record, 0..1; one without leads yet is neither helped nor hurt (one half). */
export const replyRate = (c: Pick<Candidate, 'recentLeads' | 'repliedLeads'>) =>
  c.recentLeads === 0 ? 0.5 : c.repliedLeads / c.recentLeads;

export function rankCandidates(candidates: readonly Candidate[]): Candidate[] {
  const rated = (c: Candidate) => (c.reviewCount > 0 ? c.rating : 0);
  return [...candidates]
    .sort(
      (a, b) =>
        Number(b.verified) - Number(a.verified) ||
        rated(b) - rated(a) ||
        replyRate(b) - replyRate(a) ||
        b.reviewCount - a.reviewCount ||
        a.id - b.id,
    )
    .slice(0, MAX_ALTERNATIVES);
}
