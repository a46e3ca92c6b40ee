import type { AdminLead } from '@shared/schemas/admin-leads';

/** Why a lead is offered to no one (docs/decisions/0114-homeowner-privacy.md), or null. */
export const offeredToNoOne = (lead: AdminLead) =>
  lead.withdrawnAt ? 'Withdrawn by the homeowner' : lead.erasedAt ? 'Contact details erased' : null;

/**
 * Whether a lead still waits for delivery: new, with no live delivery, offered to someone, and
 * not released or rejected by the routing (docs/decisions/0117-lead-routing.md), which the server
 * would refuse to deliver.
 */
export const awaitsDelivery = (lead: AdminLead) =>
  lead.status === 'new' &&
  !lead.delivery &&
  !offeredToNoOne(lead) &&
  (lead.routing === 'pending' || lead.routing === 'held');
