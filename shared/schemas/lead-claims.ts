import { z } from 'zod';
import { pageParam, pageSizeParam } from './list-query';
import type { PaymentState } from './deliveries';
import type { LeadStatus } from './lead-status';

/**
 * The lead guarantee (docs/decisions/0046-lead-guarantee.md): a contractor may claim a paid or
 * credited lead as bad within 14 days of its delivery; an administrator approves or denies the
 * claim, and an approved claim gives back what was paid (a card payment to the card, a plan credit
 * as a credit that does not expire).
 */

export const CLAIM_WINDOW_DAYS = 14;

/** The last moment a delivery may be claimed: 14 days (of 24 hours) after it was delivered. */
export const claimDeadline = (deliveredAt: Date): Date =>
  new Date(deliveredAt.getTime() + CLAIM_WINDOW_DAYS * 24 * 60 * 60 * 1000);

export const CLAIM_REASONS = [
  'wrong_number',
  'not_real',
  'outside_area',
  'duplicate',
  'other',
  'contact_disputed',
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

export const CLAIM_REASON_LABELS: Record<ClaimReason, string> = {
  wrong_number: 'Wrong or disconnected number',
  not_real: 'Not a real request',
  outside_area: 'Outside my service area',
  duplicate: 'Duplicate',
  other: 'Other',
  contact_disputed: 'The homeowner says I never contacted them, but I did',
};

/**
 * A claim that contests the reply record rather than the lead (docs/decisions/0128-request-page-and-replies.md):
 * approved, the homeowner's "They never contacted me" is set aside in the record; nothing is refunded.
 */
export const RECORD_CLAIM_REASON = 'contact_disputed' satisfies ClaimReason;

export const CLAIM_STATUSES = ['open', 'approved', 'denied'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: 'Under review',
  approved: 'Approved',
  denied: 'Denied',
};

/** How money goes back: to the card, as a credit, or (paid outside the site) by the administrator. */
export const REFUND_METHODS = ['card', 'credit', 'offline'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why money went back: an approved claim, or a delivery the administrator cancelled. */
export const REFUND_CAUSES = ['claim', 'cancellation'] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

export const CLAIM_DETAILS_MAX = 1000;
export const CLAIM_NOTE_MAX = 1000;

/** POST /api/contractor/leads/:deliveryId/claim */
export const leadClaimSchema = z
  .object({
    reason: z.enum(CLAIM_REASONS, { error: 'Choose a reason' }),
    details: z
      .string({ error: 'Details must be text' })
      .trim()
      .max(CLAIM_DETAILS_MAX, `Details can be at most ${CLAIM_DETAILS_MAX} characters`)
      .optional()
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && v.details.length === 0)
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'Say what was wrong with this lead' });
    if (v.reason === 'contact_disputed' && v.details.length === 0)
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'Say when and how you contacted them' });
  });
export type LeadClaimInput = z.input<typeof leadClaimSchema>;

const NOTE_REQUIRED = 'Say why the claim is denied';
const noteField = (missing: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : 'The note must be text') })
    .trim()
    .max(CLAIM_NOTE_MAX, `The note can be at most ${CLAIM_NOTE_MAX} characters`);

/** POST /api/admin/lead-claims/:id/approve: a note is optional. */
export const approveClaimSchema = z.object({ note: noteField('').optional().default('') });

/** POST /api/admin/lead-claims/:id/deny: the contractor is told why. */
export const denyClaimSchema = z.object({ note: noteField(NOTE_REQUIRED).min(1, NOTE_REQUIRED) });

/** GET /api/admin/lead-claims */
export const claimListQuerySchema = z.object({
  status: z
    .enum(['all', ...CLAIM_STATUSES], { error: 'status must be all, open, approved or denied' })
    .optional()
    .default('open'),
  page: pageParam(100_000),
  pageSize: pageSizeParam(20),
});

/** Money given back for a delivery; at most one per delivery. */
export interface RefundDto {
  method: RefundMethod;
  cause: RefundCause;
  status: RefundStatus;
  /** '25.00': what was paid, or what the credit stood for. */
  amount: string;
  refundedAt: string | null;
  /** Why the provider could not refund, when it could not. */
  failureReason: string | null;
}

/** A claim as its contractor sees it on the lead. */
export interface PortalClaim {
  id: number;
  reason: ClaimReason;
  details: string;
  status: ClaimStatus;
  createdAt: string;
  decidedAt: string | null;
  /** The administrator's note, once decided. */
  note: string | null;
}

/**
 * The homeowner's follow-up for the claimed delivery (did the contractor contact you, did you hire
 * them; docs/decisions/0057-review-data-for-other-features.md): whether the email went out yet and,
 * once answered, the answers.
 */
export interface HomeownerFollowUp {
  /** sent: the email went out; skipped: it will not (the lead was cancelled, say); pending: not due yet. */
  request: 'pending' | 'sent' | 'skipped';
  sentAt: string | null;
  answeredAt: string | null;
  contacted: boolean | null;
  hired: boolean | null;
  rating: number | null;
}

export interface AdminLeadClaim {
  id: number;
  status: ClaimStatus;
  reason: ClaimReason;
  details: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  note: string | null;
  contractor: { id: number; name: string };
  lead: {
    id: number;
    name: string;
    email: string;
    phone: string;
    serviceNeeded: string;
    location: string;
    projectDetails: string;
    status: LeadStatus;
    createdAt: string;
  };
  delivery: {
    id: number;
    price: string;
    paymentState: PaymentState;
    deliveredAt: string;
    paidAt: string | null;
    creditedAt: string | null;
    paidByCard: boolean;
  };
  refund: RefundDto | null;
  followUp: HomeownerFollowUp | null;
}

export interface AdminLeadClaimList {
  claims: AdminLeadClaim[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<ClaimStatus, number>;
}

/** POST /api/lead-deliveries/:id/cancel */
export interface CancelledDelivery {
  id: number;
  leadId: number;
  paymentState: 'cancelled';
  refund: RefundDto | null;
}
