import { z } from 'zod';
import type { PlanId, SubscriptionStatus } from '../plans';

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/stripe/create-payment-intent */
export const createPaymentIntentSchema = z.object({
  leadId: id('Lead ID and Contractor ID are required.'),
  contractorId: id('Lead ID and Contractor ID are required.'),
});

/** What the buy-lead page shows before payment: the customer's first name only. */
export interface LeadPurchaseDetails {
  customerName: string;
  serviceNeeded: string;
  location: string;
  /** '25.00' */
  price: string;
}

export interface PaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  leadDetails: LeadPurchaseDetails;
  provider: 'stripe' | 'demo';
}

/** POST /api/stripe/payment-success */
export const paymentSuccessSchema = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .trim()
    .min(1, 'paymentIntentId is required')
    .max(255, 'paymentIntentId is too long'),
});

export interface PaymentSuccessResponse {
  status: 'paid';
  leadId: number;
  contractorId: number;
}

/** POST /api/stripe/create-subscription */
export const createSubscriptionSchema = z.object({
  planId: z.enum(['free', 'pro', 'premium'], { error: 'Choose a plan: free, pro or premium' }),
});

export interface CreateSubscriptionResponse {
  subscriptionUrl: string;
}

/** POST /api/stripe/verify-subscription */
export const verifySubscriptionSchema = z.object({
  sessionId: z
    .string({ error: 'sessionId is required' })
    .trim()
    .min(1, 'sessionId is required')
    .max(255, 'sessionId is too long'),
});

export interface VerifySubscriptionResponse {
  plan: PlanId;
  planName: string;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
}

/** The demo provider's own confirmation endpoints (no card is charged). */
export const demoOutcomeSchema = z.object({
  outcome: z.enum(['succeed', 'decline'], { error: "outcome must be 'succeed' or 'decline'" }),
});

export interface DemoPaymentResult {
  status: 'succeeded' | 'requires_payment_method';
  /** The decline message, as a card provider would give it. */
  message?: string;
}
