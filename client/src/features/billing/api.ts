import { useQuery } from '@tanstack/react-query';
import type { BillingEntry, BillingReceipt } from '@shared/schemas/billing';
import type { ApiKey } from '@/lib/api';

/** The contractor's own payment history and receipts (under /api/contractor/, so the portal's sign-out and payments refresh them). */

export const paymentsKey: ApiKey = ['/api/contractor/payments'];

export const usePayments = () => useQuery<BillingEntry[]>({ queryKey: paymentsKey });

export const useReceipt = (entryId: string) =>
  useQuery<BillingReceipt>({ queryKey: [`/api/contractor/payments/${encodeURIComponent(entryId)}`], retry: false });
