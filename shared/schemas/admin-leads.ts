import type { LeadRouting } from './lead-routing';
import { z } from 'zod';
import { pageParam, pageSizeParam } from './list-query';
import type { PaymentState } from './deliveries';
import { LEAD_STATUSES, type LeadStatus } from './lead-status';

/** GET /api/leads (admin): newest first, paged, optionally one status. */
export const adminLeadQuerySchema = z.object({
  status: z.enum(['all', ...LEAD_STATUSES], { error: 'Unknown status' }).default('all'),
  page: pageParam(100_000),
  pageSize: pageSizeParam(25),
});

export interface AdminLead {
  id: number;
  name: string;
  email: string;
  phone: string;
  serviceNeeded: string;
  location: string;
  projectDetails: string;
  budgetRange: string | null;
  leadPrice: string;
  status: LeadStatus;
  createdAt: string;
  requestedContractor: { id: number; name: string } | null;
  /** When the homeowner withdrew it, and when its contact details were erased (docs/decisions/0114-homeowner-privacy.md): neither is offered for delivery. */
  withdrawnAt: string | null;
  erasedAt: string | null;
  /** How it went (docs/decisions/0117-lead-routing.md): its routing, why it was held or released, and one line for the list. */
  routing: LeadRouting;
  routingReason: string | null;
  howItWent: string;
  /** The live delivery, once delivered; deliveredBy: 'system', an administrator's username, or null from before it was recorded. */
  delivery: {
    id: number;
    contractorId: number;
    contractorName: string;
    price: string;
    paymentState: PaymentState;
    deliveredBy: string | null;
  } | null;
}

export interface AdminLeadList {
  leads: AdminLead[];
  total: number;
  page: number;
  pageSize: number;
  /** Counts over all leads, for the stat cards. */
  counts: Record<'total' | LeadStatus, number>;
}

/** GET /api/admin/stats: the dashboard's four cards. */
export interface AdminStats {
  totalLeads: number;
  newLeads: number;
  /** Sum of lead prices ('1234.00'), shown as total potential. */
  revenuePotential: string;
  activePricingRules: number;
  /** Median minutes from quote request to delivery, over this month's deliveries (UTC month); null when there are none. */
  medianMinutesToDelivery: number | null;
  /** Median minutes from the contractor having the details to its first reply or call mark, over this month's first ones; null when there are none. */
  medianMinutesToReply: number | null;
  /** Of the homeowners who answered this month whether the contractor contacted them ("Yes, I hired them" or "They never contacted me"), how many yes; null when none did. */
  contactedThisMonth: { yes: number; of: number } | null;
}
