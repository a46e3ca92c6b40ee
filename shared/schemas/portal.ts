import { z } from 'zod';
import type { CreditSummary, PlanId, SubscriptionStatus } from '../plans';
import type { PaymentState } from './deliveries';
import type { PortalClaim, RefundDto } from './lead-claims';
import type { LeadReplyDto } from './lead-replies';
import type { LeadStatus } from './lead-status';

/** GET /api/contractor/profile: the signed-in contractor's own listing and plan. */
export interface PortalProfile {
  id: number;
  name: string;
  /** The sign-in email. */
  email: string;
  phone: string | null;
  location: string;
  description: string;
  services: string[];
  rating: number;
  reviewCount: number;
  verified: boolean;
  licenseNumber: string | null;
  isVisible: boolean;
  subscriptionPlan: PlanId;
  subscriptionStatus: SubscriptionStatus;
  monthlyLeadsUsed: number;
  credits: CreditSummary;
  /** Credits that do not expire (a credit given back for a bad lead), used after the plan's (docs/decisions/0047-bonus-credits.md). */
  bonusCredits: number;
}

/** GET /api/contractor/leads: one delivery as its contractor sees it. */
export interface PortalLead {
  deliveryId: number;
  leadId: number;
  serviceNeeded: string;
  location: string;
  budgetRange: string | null;
  projectDetails: string;
  price: string;
  paymentState: PaymentState;
  status: LeadStatus;
  deliveredAt: string;
  /** Only once the lead is paid for or taken from a plan credit (docs/decisions/0003-leads-and-deliveries.md), and until it is erased. */
  customer: { name: string; email: string; phone: string } | null;
  /** When the homeowner withdrew the request: a contractor who paid keeps what was delivered (docs/decisions/0114-homeowner-privacy.md). */
  withdrawnAt: string | null;
  /** When the homeowner's contact details were erased under the retention policy (docs/decisions/0114-homeowner-privacy.md). */
  erasedAt: string | null;
  /** The contractor's claim that the lead was bad, once made (docs/decisions/0046-lead-guarantee.md). */
  claim: PortalClaim | null;
  /** What was given back for it, if anything. */
  refund: RefundDto | null;
  /** Until when it may be claimed as bad; null when it cannot be (not paid, already claimed, won, or too late). */
  claimUntil: string | null;
  /** Its replies to the homeowner and call marks, oldest first (docs/decisions/0128-request-page-and-replies.md). */
  replies: LeadReplyDto[];
}

/** GET /api/contractor/subscription */
export interface PortalSubscription {
  plan: PlanId;
  planName: string;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  creditsPeriodStart: string;
  credits: CreditSummary;
  /** Credits that do not expire, used after the plan's. */
  bonusCredits: number;
  featured: boolean;
  /** A customer at the payment provider: Manage billing opens its portal (docs/decisions/0113-self-service-billing.md). */
  canManageBilling: boolean;
}

/** PATCH /api/contractor/leads/:deliveryId/status */
export const leadStatusUpdateSchema = z.object({
  status: z.enum(['contacted', 'won', 'lost'], { error: 'Status must be contacted, won or lost' }),
});

export const deliveryIdParamSchema = z.object({
  deliveryId: z.coerce
    .number({ error: 'Unknown lead' })
    .int('Unknown lead')
    .positive('Unknown lead')
    .max(2_147_483_647, 'Unknown lead'),
});
