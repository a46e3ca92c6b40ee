import { z } from 'zod';
import { pageParam, pageSizeParam } from './list-query';
import type { PlanId, SubscriptionStatus } from '../plans';
import { expiryDateSchema } from './credentials';

export const ADMIN_USERNAME_MAX = 100;
export const ADMIN_PASSWORD_MAX = 200;

export const adminLoginSchema = z.object({
  username: z
    .string({ error: 'Please enter both username and password' })
    .trim()
    .min(1, 'Please enter both username and password')
    .max(ADMIN_USERNAME_MAX, 'Username is too long'),
  password: z
    .string({ error: 'Please enter both username and password' })
    .min(1, 'Please enter both username and password')
    .max(ADMIN_PASSWORD_MAX, 'Password is too long'),
});

export interface AdminCheck {
  authenticated: boolean;
  username?: string;
  /** docs/decisions/0103-county-administrators.md */
  role?: 'platform' | 'county';
  /** The counties the administrator may look at (every county for the platform's). */
  counties?: { id: number; slug: string; name: string }[];
  /** The county chosen in the switcher; null: all of them. */
  countyId?: number | null;
  /**
   * docs/decisions/0109-admin-two-factor.md. 'code': the password was right and the code is still to
   * come (not authenticated); 'enrol': signed in, and two-factor sign-in must be set up before anything else.
   */
  twoFactor?: 'code' | 'enrol';
}

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** GET /api/admin/contractors?search=&status= */
export const adminContractorQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search is too long').optional(),
  status: z
    .enum(['all', ...APPROVAL_STATUSES], { error: 'status must be all, pending, approved or rejected' })
    .default('all'),
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
  insuranceInfo: string | null;
  /**
   * The 'Verified Licensed' badge today: both credentials verified by an administrator and neither
   * expired; who and when it was earned (null for verifications made before they were recorded).
   */
  verified: boolean;
  verifiedAt: string | null;
  verifiedBy: string | null;
  /** Each credential (docs/decisions/0032-credential-verification.md); their detail and history: GET /api/admin/contractors/{id}/credentials. */
  registrationVerified: boolean;
  registrationExpiresOn: string | null;
  insuranceVerified: boolean;
  insuranceExpiresOn: string | null;
  insurer: string | null;
  insurancePolicyNumber: string | null;
  /** A verified credential whose expiry date has come: the badge is gone until it is renewed and checked. */
  lapsed: boolean;
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

export const REJECTION_REASON_MAX = 500;

export const approvalSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: "status must be 'approved' or 'rejected'" }),
    rejectionReason: z
      .string()
      .trim()
      .max(REJECTION_REASON_MAX, `Rejection reason must be at most ${REJECTION_REASON_MAX} characters`)
      .nullish(),
    /** The approve step's 'License and insurance verified' box: sets the verification with the approval. */
    verified: z.boolean({ error: 'verified must be true or false' }).optional(),
    /** The expiry dates the administrator checked, recorded with the verification ('' or absent: unchanged). */
    registrationExpiresOn: expiryDateSchema('Registration expiry date').optional(),
    insuranceExpiresOn: expiryDateSchema('Insurance expiry date').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'rejected' && !v.rejectionReason)
      ctx.addIssue({ code: 'custom', path: ['rejectionReason'], message: 'A rejection reason is required' });
  });

export const visibilitySchema = z.object({ isVisible: z.boolean({ error: 'isVisible must be true or false' }) });

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(2_147_483_647, 'id is too large'),
});

/**
 * Where an email stands (docs/decisions/0009-email.md): 'pending' waits for its first or next
 * attempt, 'sent' was accepted by the mail server, 'failed' gave up (the admin can send it again),
 * 'kept' is held here because no mail server is configured.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** An email, or a text message (docs/decisions/0118-text-messages.md): to a phone number, without a subject. */
export type OutboxChannel = 'email' | 'text';

/** GET /api/admin/outbox */
export interface OutboxMessage {
  id: number;
  kind: string;
  channel: OutboxChannel;
  to: string;
  /** '' for a text. */
  subject: string;
  text: string;
  status: OutboxStatus;
  /** Delivery attempts made so far. */
  attempts: number;
  /** Why the latest attempt failed; null once sent. */
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

export const pageQuerySchema = z.object({
  page: pageParam(100_000),
  pageSize: pageSizeParam(25),
});

/** GET /api/admin/outbox?status=failed */
export const outboxQuerySchema = pageQuerySchema.extend({
  status: z.enum(OUTBOX_STATUSES, { error: 'status must be pending, sent, failed or kept' }).optional(),
});

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/outbox: a page of messages, and whether texts are sent at all. */
export interface OutboxList extends Paged<OutboxMessage> {
  /** Production without Twilio's settings: texts are kept in the outbox, never sent (docs/decisions/0118-text-messages.md). */
  textsNotSent: boolean;
}
