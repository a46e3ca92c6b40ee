import { hideContactDetails } from '../../shared/contact-details';

/**
 * Who may review a contractor (docs/decisions/0050-review-follow-up.md, 16 CFR 465): the homeowner
 * of a lead it was delivered, but not the business itself, its staff or relatives. What the site
 * can see of that is the lead's email: it must not be the listing's email or the portal sign-in's,
 * nor be at the domain of the contractor's own website (staff mail). A free-mail domain the
 * contractor also uses is not its own, so a homeowner on the same provider may review.
 */

export interface ContractorAddresses {
  email: string;
  accountEmail: string | null;
  website: string | null;
}

/** The name a review is shown under: the homeowner's first name, with anything that reads as contact details hidden. */
export const reviewerName = (name: string) => hideContactDetails(name.trim().split(/\s+/)[0] ?? '').slice(0, 60);

const normal = (email: string) => email.trim().toLowerCase();
const domainOf = (email: string) => normal(email).split('@').pop() ?? '';

/** The website's host without a leading www., or null when it has none that reads as a domain. */
export function websiteDomain(website: string | null): string | null {
  if (!website) return null;
  try {
    const host = new URL(/^[a-z][a-z\d+.-]*:/i.test(website) ? website : `https://${website}`).hostname.toLowerCase();
    return host.includes('.') ? host.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}

/** Why this homeowner email may not review this contractor, or null when it may. */
export function ownBusinessReason(homeownerEmail: string, c: ContractorAddresses): string | null {
  const email = normal(homeownerEmail);
  if (email === normal(c.email) || (c.accountEmail && email === normal(c.accountEmail)))
    return "The homeowner's email is the contractor's own";
  const site = websiteDomain(c.website);
  const domain = domainOf(email);
  if (site && (domain === site || domain.endsWith(`.${site}`)))
    return "The homeowner's email is at the contractor's own website domain";
  return null;
}
