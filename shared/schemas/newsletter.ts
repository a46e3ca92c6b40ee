import { z } from 'zod';
import { HONEYPOT_FIELD } from '../forms';

export const newsletterSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address')),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type NewsletterSignup = z.output<typeof newsletterSchema>;

export const unsubscribeSchema = z.object({
  token: z
    .string({ error: 'This unsubscribe link is not valid' })
    .trim()
    .min(1, 'This unsubscribe link is not valid')
    .max(200, 'This unsubscribe link is not valid'),
});
