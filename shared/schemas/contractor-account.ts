import { z } from 'zod';
import { INVALID_LINK_MESSAGE, PASSWORD_MAX } from '../contractor-auth';
import { email, newPassword } from './contractor-auth';

/**
 * A contractor's account looking after itself (docs/decisions/0108-contractor-password-reset.md):
 * the forgotten password, and in the portal the password, the sign-in email and every session.
 */

export { INVALID_LINK_MESSAGE, RESET_REQUESTED_MESSAGE } from '../contractor-auth';

const token = z
  .string({ error: INVALID_LINK_MESSAGE })
  .trim()
  .min(1, INVALID_LINK_MESSAGE)
  .max(128, INVALID_LINK_MESSAGE);
const currentPassword = z
  .string({ error: 'Please enter your current password' })
  .min(1, 'Please enter your current password')
  .max(PASSWORD_MAX, 'Password is too long');
const confirmPassword = z.string();
const sameTwice = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** POST /api/contractor/forgot-password, and the page's form without JavaScript. */
export const passwordResetRequestSchema = z.object({ email });

/** POST /api/contractor/reset-password: the emailed link's token and the new password. */
export const passwordResetSchema = z.object({ token, password: newPassword });
/** The reset form in the browser and without JavaScript: the same, with the confirmation. */
export const passwordResetFormSchema = passwordResetSchema.extend({ confirmPassword }).refine(sameTwice, MISMATCH);

/** POST /api/contractor/password: the portal's change of password. */
export const passwordChangeSchema = z.object({ currentPassword, password: newPassword });
export const passwordChangeFormSchema = passwordChangeSchema.extend({ confirmPassword }).refine(sameTwice, MISMATCH);

/** POST /api/contractor/email: a new sign-in email, confirmed by a link sent to it. */
export const emailChangeSchema = z.object({ email, currentPassword });

/** POST /api/contractor/confirm-email: the link sent to the new address. */
export const emailConfirmSchema = z.object({ token });

export type PasswordResetRequest = z.output<typeof passwordResetRequestSchema>;
export type PasswordReset = z.output<typeof passwordResetSchema>;
export type PasswordChange = z.output<typeof passwordChangeSchema>;
export type EmailChange = z.output<typeof emailChangeSchema>;
export type EmailConfirm = z.output<typeof emailConfirmSchema>;
