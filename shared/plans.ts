/** The one plan catalogue (docs/decisions/0006-plans-and-credits.md), read by the pricing page, the portal and the server. */

export type PlanId = 'free' | 'pro' | 'premium';

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  leadCredits: number;
  featuredListing: boolean;
  features: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    leadCredits: 2,
    featuredListing: false,
    features: ['Listing in the directory', '2 leads per month', 'Buy extra leads one at a time'],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 4500,
    leadCredits: 9,
    featuredListing: false,
    features: [
      'Listing in the directory',
      '9 leads per month ($5 per lead)',
      'Email notice of every new lead',
      'Buy extra leads one at a time',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    priceCents: 10000,
    leadCredits: 20,
    featuredListing: true,
    features: [
      'Featured homepage placement',
      '20 leads per month ($5 per lead)',
      'Email notice of every new lead',
      'Buy extra leads one at a time',
    ],
  },
];

export const PLAN_IDS = ['free', 'pro', 'premium'] as const;

export function planById(id: string): Plan {
  return PLANS.find((p) => p.id === id) ?? PLANS[0]!;
}

/** Subscription status as the payment provider reports it, or 'none' on Free. */
export const SUBSCRIPTION_STATUSES = [
  'none',
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  none: 'No subscription (Free plan)',
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

export const LOW_CREDIT_RATIO = 0.8;

export interface CreditSummary {
  total: number;
  used: number;
  left: number;
  low: boolean;
}

export function creditSummary(planId: string, used: number): CreditSummary {
  const total = planById(planId).leadCredits;
  const clamped = Math.max(0, used);
  return { total, used: clamped, left: Math.max(0, total - clamped), low: clamped >= LOW_CREDIT_RATIO * total };
}
