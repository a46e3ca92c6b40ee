/** Where the contractor may write with questions about a payment or plan (docs/decisions.md). */
export const SUPPORT_EMAIL = 'support@sullivancountycontractors.com';

/** The notice every demo-provider screen shows (docs/decisions.md §1.6). */
export const DEMO_NOTICE = 'Demo payments: no card is charged';
