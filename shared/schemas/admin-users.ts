import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MIN_LENGTH } from '../contractor-auth';
import { ADMIN_PASSWORD_MAX, ADMIN_USERNAME_MAX } from './admin';

import { ADMIN_ROLES, type AdminRole } from '../admin-roles';

/** Administrator accounts (docs/decisions/0103-county-administrators.md); the roles are in shared/admin-roles.ts. */
export { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from '../admin-roles';

/** A county as the admin area names it. */
export interface AdminCounty {
  id: number;
  slug: string;
  name: string;
}

/** GET /api/admin/users: one account. */
export interface AdminAccount {
  id: number;
  username: string;
  role: AdminRole;
  /** Where a county administrator gets its counties' mail (docs/decisions/0106-county-emails-and-jobs.md); null: none. */
  email: string | null;
  counties: AdminCounty[];
  disabled: boolean;
  /** It signs in with an authenticator app (docs/decisions/0109-admin-two-factor.md). */
  twoFactor: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface AdminAccountList {
  accounts: AdminAccount[];
  /** Every county, to assign. */
  counties: AdminCounty[];
}

const PASSWORD_RULE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
const COUNTIES_RULE = 'A county administrator needs at least one county';
const regionIds = z
  .array(
    z
      .number({ error: 'Choose counties from the list' })
      .int('Choose counties from the list')
      .positive('Choose counties from the list'),
    { error: 'Choose counties from the list' },
  )
  .max(100, 'Too many counties');

const EMAIL_RULE = 'Please enter a valid email address';
/** An account's address for mail: '' or null clears it. */
const email = z
  .string({ error: EMAIL_RULE })
  .trim()
  .max(EMAIL_MAX, EMAIL_RULE)
  .pipe(z.union([z.literal(''), z.email(EMAIL_RULE)]))
  .nullable()
  .transform((v) => v || null);

/** POST /api/admin/users */
export const createAdminSchema = z
  .object({
    username: z
      .string({ error: 'Please enter a username' })
      .trim()
      .min(3, 'Username must be at least 3 characters')
      .max(ADMIN_USERNAME_MAX, 'Username is too long')
      .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only'),
    password: z
      .string({ error: PASSWORD_RULE })
      .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE)
      .max(ADMIN_PASSWORD_MAX, 'Password is too long'),
    role: z.enum(ADMIN_ROLES, { error: 'Choose a role' }),
    email: email.default(null),
    regionIds: regionIds.default([]),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'county' && v.regionIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['regionIds'], message: COUNTIES_RULE });
  });
export type CreateAdminInput = z.output<typeof createAdminSchema>;

/** PATCH /api/admin/users/:id: any of the role, the email address, the counties, disabled. */
export const updateAdminSchema = z
  .object({
    role: z.enum(ADMIN_ROLES, { error: 'Choose a role' }).optional(),
    email: email.optional(),
    regionIds: regionIds.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .strict();
export type UpdateAdminInput = z.output<typeof updateAdminSchema>;

/** PUT /api/admin/scope: the county the administrator looks at (the switcher); null for all of its counties. */
export const adminScopeSchema = z.object({
  countyId: z.number({ error: 'Choose a county' }).int('Choose a county').positive('Choose a county').nullable(),
});

export { COUNTIES_RULE };
