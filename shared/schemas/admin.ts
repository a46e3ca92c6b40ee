import { z } from 'zod';
import type { PlanId, SubscriptionStatus } from '../plans';

export const adminLoginSchema = z.object({
  username: z.string({ error: 'Please enter both username and password' }).trim().min(1, 'Please enter both username and password').max(100, 'Username is too long'),
  password: z.string({ error: 'Please enter both username and password' }).min(1, 'Please enter both username and password').max(200, 'Password is too long'),
});

export interface AdminCheck {
  authenticated: boolean;
  username?: string;
}

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** GET /api/admin/contractors?search=&status= */
export const adminContractorQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search is too long').optional(),
  status: z.enum(['all', ...APPROVAL_STATUSES], { error: 'status must be all, pending, approved or rejected' }).default('all'),
});

/** A contractor as the administrator sees it, with its account and business figures. */
export interface AdminContractor {
  id: number;
  name: string;
  licenseNumber: string | null;
  location: string;
  services: string[];
  rating: number;
  reviewCount: number;
  approvalStatus: ApprovalStatus;
  rejectionReason: string | null;
  isVisible: boolean;
  verified: boolean;
  email: string;
  phone: string;
  createdAt: string;
  /** The sign-in created at approval; null before. */
  account: { email: string; setupComplete: boolean } | null;
  subscriptionPlan: PlanId;
  subscriptionStatus: SubscriptionStatus;
  creditsUsed: number;
  creditsTotal: number;
  deliveries: number;
  /** Sum of paid deliveries, '0.00' style. */
  paidTotal: string;
}

export interface AdminContractorList {
  contractors: AdminContractor[];
  /** Per status, for the tab labels; they follow the search box. */
  counts: Record<'all' | ApprovalStatus, number>;
}

export const approvalSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: "status must be 'approved' or 'rejected'" }),
    rejectionReason: z.string().trim().max(500, 'Rejection reason must be at most 500 characters').nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'rejected' && !v.rejectionReason) ctx.addIssue({ code: 'custom', path: ['rejectionReason'], message: 'A rejection reason is required' });
  });

export const visibilitySchema = z.object({ isVisible: z.boolean({ error: 'isVisible must be true or false' }) });

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large'),
});

/** GET /api/admin/outbox */
export interface OutboxMessage {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000, 'page is too large').default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int('pageSize must be a whole number').min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').default(25),
});

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
