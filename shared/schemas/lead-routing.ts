import { z } from 'zod';

/**
 * How a quote request reaches a contractor (docs/decisions/0117-lead-routing.md). A county delivers
 * automatically (once the checks pass) or by hand; every lead records how it went.
 */
export const LEAD_DELIVERY_MODES = ['automatic', 'manual'] as const;
export type LeadDeliveryMode = (typeof LEAD_DELIVERY_MODES)[number];

export const LEAD_ROUTINGS = ['pending', 'held', 'delivered', 'released', 'rejected'] as const;
export type LeadRouting = (typeof LEAD_ROUTINGS)[number];

/** Why a lead waits for an administrator. */
export const HELD_REASONS = ['manual', 'duplicate', 'spam', 'no_contractor', 'cancelled', 'unclaimed'] as const;
/** Why the chosen contractor did not get it (nothing charged; the homeowner is offered others). */
export const RELEASE_REASONS = [
  'paused',
  'over_cap',
  'not_taken',
  'declined',
  'unpaid',
  'not_listed',
  'unclaimed',
] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
export type ReleaseReason = (typeof RELEASE_REASONS)[number];
/** An administrator sent a held lead's homeowner the others instead of delivering it. */
export type ReleaseCause = ReleaseReason | 'offered_others';
export type RoutingReason = HeldReason | ReleaseCause | 'rejected';

export const ROUTING_REASON_LABELS: Record<RoutingReason, string> = {
  manual: 'this county delivers by hand',
  duplicate: 'the same homeowner asked this contractor in the last 7 days',
  spam: 'links or spam in the project details',
  no_contractor: 'no listed contractor was chosen',
  cancelled: 'its delivery was cancelled',
  // Held while the business is invited to claim its listing, released if it does not in time (docs/decisions/0131-listing-claims.md).
  unclaimed: 'the business has not claimed its listing',
  paused: 'the contractor is not taking new requests',
  over_cap: 'it would take the contractor past its monthly spending cap',
  not_taken: 'the contractor does not take that service or town',
  declined: 'the contractor declined it',
  unpaid: 'neither paid nor credited in time',
  not_listed: 'the contractor is no longer listed',
  offered_others: 'an administrator offered the homeowner other contractors',
  rejected: 'rejected by an administrator',
};

/** One line on how a lead went, for the administrator's list: "Delivered automatically", "Held: duplicate ...". */
export function routingSummary(lead: {
  routing: LeadRouting;
  routingReason: string | null;
  deliveredBy: string | null;
}): string {
  const reason = lead.routingReason
    ? (ROUTING_REASON_LABELS[lead.routingReason as RoutingReason] ?? lead.routingReason)
    : null;
  switch (lead.routing) {
    case 'pending':
      return 'Being routed';
    case 'held':
      return reason ? `Held: ${reason}` : 'Held';
    case 'delivered':
      if (lead.deliveredBy === 'system') return 'Delivered automatically';
      return lead.deliveredBy ? `Delivered by ${lead.deliveredBy}` : 'Delivered';
    case 'released':
      return reason ? `Released: ${reason}` : 'Released';
    case 'rejected':
      return 'Rejected by an administrator';
  }
}

/** The platform administrator's setting of a county (PUT /api/admin/counties/:id/lead-delivery). */
export const countyLeadDeliverySchema = z.object({
  leadDelivery: z.enum(LEAD_DELIVERY_MODES),
  releaseAfterHours: z.coerce
    .number()
    .int('Enter whole hours')
    .min(1, 'At least 1 hour')
    .max(720, 'At most 720 hours (30 days)'),
});
export type CountyLeadDelivery = z.infer<typeof countyLeadDeliverySchema>;
