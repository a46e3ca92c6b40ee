import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN_LENGTH, SETUP_TOKEN_LENGTH } from '../contractor-auth';

export const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .pipe(z.email('Please enter a valid email address').max(EMAIL_MAX, 'Please enter a valid email address'));

/** POST /api/contractor/login */
export const contractorLoginSchema = z.object({
  email,
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(PASSWORD_MAX, 'Password is too long'),
});

const PASSWORD_RULE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
// The server also refuses the most common passwords (server/accounts/password-policy.ts).
export const newPassword = z
  .string({ error: PASSWORD_RULE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** POST /api/contractor/setup: the code from the welcome email and the new password. */
export const contractorSetupSchema = z.object({
  email,
  token: z
    .string({ error: 'Please enter the setup code from your welcome email' })
    .trim()
    .toUpperCase()
    .length(SETUP_TOKEN_LENGTH, `Setup code must be ${SETUP_TOKEN_LENGTH} characters`),
  password: newPassword,
});

/** The setup form in the browser: the same fields plus the confirmation, checked there only. */
export const setupFormSchema = contractorSetupSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export type ContractorLogin = z.output<typeof contractorLoginSchema>;
export type ContractorSetup = z.output<typeof contractorSetupSchema>;

/** The portal sign-in page's `?next=`: where to go on after it, checked by afterSignIn (shared/forms.ts); anything else is no address. */
export const signInNextQuerySchema = z.object({ next: z.string().max(2000).optional().catch(undefined) });
