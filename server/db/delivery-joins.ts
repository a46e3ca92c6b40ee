import { eq } from 'drizzle-orm';
import {
  contractorLeadPreferences,
  contractors,
  leadClaims,
  leadDeliveries,
  leadRefunds,
  leads,
  regions,
} from './schema';

/**
 * The join conditions of the queries that read a delivery with its lead, its contractor, the lead's
 * county, the contractor's lead preferences, or the delivery's claim or refund: `.innerJoin(leads, leadOfDelivery)`. Kept out of
 * schema/, whose every export is a table.
 */
export const leadOfDelivery = eq(leads.id, leadDeliveries.leadId);
export const contractorOfDelivery = eq(contractors.id, leadDeliveries.contractorId);
export const regionOfLead = eq(regions.id, leads.regionId);
export const preferencesOfDelivery = eq(contractorLeadPreferences.contractorId, leadDeliveries.contractorId);
export const claimOfDelivery = eq(leadClaims.deliveryId, leadDeliveries.id);
export const refundOfDelivery = eq(leadRefunds.deliveryId, leadDeliveries.id);
