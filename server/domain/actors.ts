/** The signed-in administrator making a decision, recorded with it (approvals, claims, reviews, credentials). */
export interface AdminActor {
  adminUserId: number;
  username: string;
}

/**
 * What an administrator's request may see and change (docs/decisions/0103-county-administrators.md),
 * built by the admin guard from the account as it is now (server/http/auth.ts) and handed to every
 * service that reads or changes a county's data.
 */
export interface AdminScope extends AdminActor {
  /** 'platform': every county, the platform's defaults and mail, the accounts; 'county': its counties only. */
  role: 'platform' | 'county';
  /** The counties this request sees: null is every county (a platform administrator with no county chosen). */
  regionIds: readonly number[] | null;
}
