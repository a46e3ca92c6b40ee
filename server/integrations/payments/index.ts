import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { createDemoProvider } from './demo';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

export type { PaymentProvider } from './provider';

/**
 * Stripe when both Stripe keys are set, else the local demo provider
 * (docs/decisions/0045-demo-provider.md); the configuration refuses production without keys unless
 * PAYMENTS=demo.
 */
export function createPaymentProvider(env: Env, db: Db): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      prices: { pro: env.STRIPE_PRICE_PRO ?? null, premium: env.STRIPE_PRICE_PREMIUM ?? null },
      apiUrl: env.STRIPE_API_URL,
    });
  }
  return createDemoProvider(db);
}

/** What the browser is told about payments with every page (never secrets). */
export interface PaymentsClientConfig {
  provider: 'stripe' | 'demo';
  publishableKey: string | null;
  /** Production on demo payments (PAYMENTS=demo): every payment screen says no real payment is taken. */
  demoInProduction: boolean;
}

export function paymentsClientConfig(env: Env, provider: PaymentProvider): PaymentsClientConfig {
  return {
    provider: provider.kind,
    publishableKey: provider.publishableKey,
    demoInProduction: provider.kind === 'demo' && env.NODE_ENV === 'production',
  };
}
