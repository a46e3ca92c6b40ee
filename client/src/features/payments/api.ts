import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans';
import type {
  CreateSubscriptionResponse,
  DemoPaymentResult,
  PaymentIntentResponse,
  PaymentSuccessResponse,
  VerifySubscriptionResponse,
} from '@shared/schemas/payments';
import { featuredKey } from '@/features/directory';
import { invalidatePortal } from '@/features/portal';
import { apiRequest } from '@/lib/api';

/** Lead purchase and plan subscription calls (spec section 7, docs/decisions/0007-payment-provider.md). */

export const PRICING_PATH = '/contractor-pricing';
export const PAYMENT_SUCCESS_PATH = '/payment-success';
export const LEADS_SECTION_PATH = '/contractor?section=leads';
export const CONTRACTOR_LOGIN_PATH = '/contractor/login';
export const DEMO_CHECKOUT_PATH = '/demo-checkout';
export const SUBSCRIPTION_SUCCESS_PATH = '/subscription-success';

/**
 * For an address of one of this site's own pages (`path`), the path and query to open it on the
 * origin the visitor is using; null for anything else (Stripe's pages).
 */
export function ownPagePath(url: string, path: string): string | null {
  try {
    const u = new URL(url, window.location.origin);
    if (u.pathname !== path || (u.protocol !== 'http:' && u.protocol !== 'https:')) return null;
    return `${u.pathname}${u.search}`;
  } catch {
    return null;
  }
}

export const createPaymentIntent = (body: { leadId: number; contractorId: number }) =>
  apiRequest<PaymentIntentResponse>('POST', '/api/stripe/create-payment-intent', body);

export const reportPaymentSuccess = (paymentIntentId: string) =>
  apiRequest<PaymentSuccessResponse>('POST', '/api/stripe/payment-success', { paymentIntentId });

export const createSubscription = (planId: PlanId) =>
  apiRequest<CreateSubscriptionResponse>('POST', '/api/stripe/create-subscription', { planId });

export const verifySubscription = (sessionId: string) =>
  apiRequest<VerifySubscriptionResponse>('POST', '/api/stripe/verify-subscription', { sessionId });

/** Demo provider only: stands in for the card form (no card is charged). */
export const confirmDemoPayment = (paymentIntentId: string, outcome: 'succeed' | 'decline') =>
  apiRequest<DemoPaymentResult>('POST', `/api/demo-payments/${encodeURIComponent(paymentIntentId)}/confirm`, {
    outcome,
  });

/** Demo provider only: stands in for the hosted checkout page. */
export const completeDemoCheckout = (sessionId: string) =>
  apiRequest<{ redirectUrl: string }>('POST', `/api/demo-payments/checkout/${encodeURIComponent(sessionId)}/complete`);

/** A paid lead or a new plan changes what the portal and the featured list show. */
export function invalidateAfterPayment(queryClient: QueryClient) {
  return Promise.all([invalidatePortal(queryClient), queryClient.invalidateQueries({ queryKey: featuredKey })]);
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}

/** Tells the server a payment went through; the server checks with the provider before unlocking the lead. */
export function useReportPaymentSuccess() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reportPaymentSuccess, onSuccess: () => invalidateAfterPayment(queryClient) });
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}

export function useVerifySubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifySubscription, onSuccess: () => invalidateAfterPayment(queryClient) });
}

export function useCompleteDemoCheckout() {
  return useMutation({ mutationFn: completeDemoCheckout });
}
