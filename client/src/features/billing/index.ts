// Payment history as the portal and the admin area show it (docs/decisions/0113-self-service-billing.md).
export { HistoryTable } from './HistoryTable';
export { paymentsKey, usePayments } from './api';
