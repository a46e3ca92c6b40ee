import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../contractor-auth';
import { ADMIN_PASSWORD_MAX } from './admin';

/**
 * Administrators' two-factor sign-in (docs/decisions/0109-admin-two-factor.md): a code from an
 * authenticator app (6 digits) or, at sign-in, a one-time recovery code (xxxx-xxxx-xxxx-xxxx).
 */

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** POST /api/admin/login/code: the second step; a recovery code is taken here too. */
export const secondStepSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app or a recovery code' })
    .trim()
    .min(1, 'Enter the code from your authenticator app or a recovery code')
    .max(40, 'That code is too long'),
});

/** Confirming the enrolment, new recovery codes, turning it off: a code from the app only. */
export const appCodeSchema = z.object({
  code: z
    .string({ error: CODE_MESSAGE })
    .trim()
    .regex(/^\d{3}[\s-]?\d{3}$/, CODE_MESSAGE),
});

/** POST /api/admin/users/:id/password: the platform administrator sets another account's password. */
const PASSWORD_RULE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const resetAdminPasswordSchema = z.object({
  password: z
    .string({ error: PASSWORD_RULE })
    .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE)
    .max(ADMIN_PASSWORD_MAX, 'Password is too long'),
});

/** GET /api/admin/two-factor */
export interface TwoFactorStatus {
  enabled: boolean;
  /** ADMIN_TWO_FACTOR=required: it cannot be turned off, and an account without it can do nothing else. */
  required: boolean;
  recoveryCodesLeft: number;
}

/** POST /api/admin/two-factor/setup: what the app is given, as a QR code of `uri` or the secret typed. */
export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
}

/** What a password sign-in answers: signed in, or the step still to take. */
export interface AdminLoginAnswer {
  message: string;
  username: string;
  /** 'code': enter a code to finish; 'enrol': signed in, and two-factor sign-in must be set up before anything else. */
  twoFactor?: 'code' | 'enrol';
}

export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
}
