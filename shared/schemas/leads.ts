import { z } from 'zod';
import { HONEYPOT_FIELD } from '../forms';
import type { Region } from '../region';
import { resolveService } from '../taxonomy';

const isQuoteService = (v: string, region: Region) =>
  region.quoteServices.some((o) => o.label === v || o.value === v) || resolveService(v, region) !== null;

/**
 * A quote request as the dialog sends it; the messages are the spec's. Its service and budget lists
 * are the county's (`region`: the server's, or the browser's from the page;
 * docs/decisions/0102-region-in-boot-data.md).
 */
export const quoteFormSchemaFor = (region: Region) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(2, 'Name must be at least 2 characters')
      .max(100, 'Name must be at most 100 characters'),
    email: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
    phone: z.string().trim().min(10, 'Please enter a valid phone number').max(30, 'Please enter a valid phone number'),
    serviceNeeded: z
      .string()
      .min(1, 'Please select a service')
      .max(100, 'Please select a service')
      .refine((v) => isQuoteService(v, region), 'Please select a service'),
    location: z
      .string()
      .trim()
      .min(2, 'Please enter your location')
      .max(120, 'Location must be at most 120 characters'),
    projectDetails: z
      .string()
      .trim()
      .min(10, 'Please provide more details about your project')
      .max(5000, 'Project details must be at most 5000 characters'),
    // '' is the form's 'no budget given'; one enum, so a wrong value gets this message, not a union's 'Invalid input'.
    budgetRange: z.enum(['', ...region.budgetOptions], { error: 'Please choose a budget from the list' }).optional(),
  });

export type QuoteForm = z.input<ReturnType<typeof quoteFormSchemaFor>>;

export const quoteRequestSchemaFor = (region: Region) =>
  quoteFormSchemaFor(region).extend({
    contractorId: z.coerce
      .number({ error: 'Please choose a contractor' })
      .int('Please choose a contractor')
      .positive('Please choose a contractor')
      .max(2_147_483_647, 'Please choose a contractor'),
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  });

export type QuoteRequest = z.output<ReturnType<typeof quoteRequestSchemaFor>>;
