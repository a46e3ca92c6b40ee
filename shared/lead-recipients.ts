/**
 * A lead is delivered to one contractor only (docs/decisions/0003-leads-and-deliveries.md), and
 * every lead a contractor receives says so: the portal's lead card and the delivery email.
 */
export const LEAD_RECIPIENTS = 1;

export const RECEIVED_BY = `Received by ${LEAD_RECIPIENTS} contractor: only you.`;
