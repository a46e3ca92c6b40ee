import { z } from 'zod';
import type { CreditSummary, PlanId, SubscriptionStatus } from '../plans';
import type { PaymentState } from './deliveries';
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
  /** Only once the lead is paid for or taken from a plan credit (docs/decisions.md §1.3). */
  customer: { name: string; email: string; phone: string } | null;
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
  featured: boolean;
}

/** PATCH /api/contractor/leads/:deliveryId/status */
export const leadStatusUpdateSchema = z.object({
  status: z.enum(['contacted', 'won', 'lost'], { error: 'Status must be contacted, won or lost' }),
});

export const deliveryIdParamSchema = z.object({
  deliveryId: z.coerce.number({ error: 'Unknown lead' }).int('Unknown lead').positive('Unknown lead').max(2_147_483_647, 'Unknown lead'),
});
