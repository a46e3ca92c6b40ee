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
  /** The live delivery, once delivered. */
  delivery: { id: number; contractorId: number; contractorName: string; price: string; paymentState: PaymentState } | null;
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
}
