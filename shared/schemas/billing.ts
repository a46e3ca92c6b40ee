import { z } from 'zod';
import type { PlanId, SubscriptionStatus } from '../plans';
import type { ContractorStats } from './contractor-stats';
import type { PortalSubscription } from './portal';

/** Self-service billing (docs/decisions/0113-self-service-billing.md): the provider's customer portal, the demo's billing page, payment history. */

/** POST /api/contractor/billing-portal: where the browser goes to manage the plan. */
export interface BillingPortalResponse {
  url: string;
}

/** GET /api/demo-payments/billing/:sessionId: the demo billing page's subscription. */
export interface DemoBillingState {
  returnUrl: string;
  plan: PlanId;
  planName: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  /** The last four digits of the demo card on file; null until one is entered. */
  cardLast4: string | null;
}

/** The demo billing page's card form: only the last four digits are kept. */
export const demoCardSchema = z.object({
  cardNumber: z
    .string({ error: 'Enter a card number' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a card number of 12 to 19 digits')),
});

/** POST /api/demo-payments/billing/:sessionId: one change, as Stripe's portal offers them. */
export const demoBillingChangeSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('cancel') }),
    z.object({ action: z.literal('resume') }),
    z.object({ action: z.literal('switch'), planId: z.enum(['pro', 'premium'], { error: 'Choose Pro or Premium' }) }),
    demoCardSchema.extend({ action: z.literal('card') }),
  ],
  { error: 'Choose cancel, resume, switch or card' },
);
export type DemoBillingChange = z.input<typeof demoBillingChangeSchema>;

export const BILLING_ENTRY_KINDS = ['lead_payment', 'plan_payment', 'credit', 'refund'] as const;
export type BillingEntryKind = (typeof BILLING_ENTRY_KINDS)[number];

/** One line of the payment history: a payment, a lead credit used or a refund. */
export interface BillingEntry {
  /** 'lead-12', 'plan-3', 'credit-12', 'refund-5': the receipt's address names it. */
  id: string;
  kind: BillingEntryKind;
  date: string;
  description: string;
  /** Money moved, as '25.00' ('0.00' for a lead credit; a refund is money given back). */
  amount: string;
  method: 'card' | 'credit' | 'offline';
  /** succeeded, or a refund's pending or failed. */
  status: string;
  leadId: number | null;
  /** Where the receipt is: our receipt page, or the redirect to the provider's receipt. */
  receiptPath: string;
}

/** The printable receipt page's content (GET /api/contractor/payments/:entryId). */
export interface BillingReceipt {
  entry: BillingEntry;
  contractorName: string;
}

/** GET /api/admin/exports/payments.csv and leads.csv: optional contractor and dates (from inclusive, to exclusive). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-01')
  .transform((s) => new Date(`${s}T00:00:00Z`))
  .refine((d) => !Number.isNaN(d.getTime()), 'Use a date like 2026-11-01');
export const billingExportQuerySchema = z.object({
  contractorId: z.coerce
    .number({ error: 'Invalid contractor id' })
    .int('Invalid contractor id')
    .positive('Invalid contractor id')
    .max(2_147_483_647, 'Invalid contractor id')
    .optional(),
  from: day.optional(),
  to: day.optional(),
});

/** GET /api/admin/contractors/:id/billing: the specification's "Contractors" tab (subscription status, lead credits, payment history, performance). */
export interface AdminContractorBilling {
  contractorId: number;
  name: string;
  subscription: PortalSubscription;
  history: BillingEntry[];
  stats: ContractorStats;
}

export const billingEntryIdSchema = z.object({
  entryId: z.string().regex(/^(lead|plan|credit|refund)-\d{1,10}$/, 'Unknown payment'),
});
