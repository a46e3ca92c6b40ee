import type { LeadRow } from '../db/schema';

/**
 * What the homeowner wrote on the quote form, as its lead holds it: the administrator's lists show
 * it, and a released request sent on to another contractor is made again from it.
 */
export function homeownerRequest(l: LeadRow) {
  return {
    name: l.name,
    email: l.email,
    phone: l.phone,
    serviceNeeded: l.serviceNeeded,
    location: l.location,
    projectDetails: l.projectDetails,
  };
}
