/**
 * Administrator roles (docs/decisions/0103-county-administrators.md): a platform administrator
 * sees every county and manages the accounts; a county administrator sees only the counties
 * assigned to it. Without zod, so the table, the schemas and the Administrators page share them
 * and the page's forms still load their schemas on demand.
 */
export const ADMIN_ROLES = ['platform', 'county'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  platform: 'Platform administrator',
  county: 'County administrator',
};
