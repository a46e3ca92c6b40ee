/** The notice every demo-provider screen shows (docs/decisions/0007-payment-provider.md). */
export const DEMO_NOTICE = 'Demo payments: no card is charged';
