/**
 * A lead is delivered to one contractor only (docs/decisions.md §1.3), and every lead a contractor
 * receives says so: the portal's lead card and the delivery email (§11).
 */
export const LEAD_RECIPIENTS = 1;

export const RECEIVED_BY = `Received by ${LEAD_RECIPIENTS} contractor: only you.`;
