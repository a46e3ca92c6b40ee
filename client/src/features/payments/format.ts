/** The notice every demo-provider screen shows (docs/decisions.md §1.6). */
export const DEMO_NOTICE = 'Demo payments: no card is charged';
