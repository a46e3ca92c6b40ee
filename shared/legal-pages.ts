/**
 * /privacy and /terms (docs/decisions/0114-homeowner-privacy.md): markdown the platform
 * administrator edits on the admin's Legal pages screen, one text for every county, with these
 * placeholders filled in per site. Until edited, the default texts below are shown.
 */
export const LEGAL_PAGE_SLUGS = ['privacy', 'terms'] as const;
/** The longest text a legal page may have. */
export const LEGAL_PAGE_MAX = 100_000;
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];

export const LEGAL_PAGE_TITLES: Record<LegalPageSlug, string> = { privacy: 'Privacy Policy', terms: 'Terms of Use' };

/** What a placeholder stands for on one county's site. */
export interface LegalPageWords {
  /** 'Sullivan County Contractors' */
  siteTitle: string;
  /** 'Sullivan County, PA' */
  county: string;
  supportEmail: string;
  /** LEAD_RETENTION_DAYS */
  retentionDays: number;
}

export const LEGAL_PLACEHOLDERS = ['{site}', '{county}', '{email}', '{retentionDays}'] as const;

/** The text with each placeholder replaced by the county's words; anything else is left as written. */
export function fillLegalPage(markdown: string, words: LegalPageWords): string {
  const values: Record<(typeof LEGAL_PLACEHOLDERS)[number], string> = {
    '{site}': words.siteTitle,
    '{county}': words.county,
    '{email}': words.supportEmail,
    '{retentionDays}': String(words.retentionDays),
  };
  return markdown.replace(/\{(site|county|email|retentionDays)\}/g, (p) => values[p as keyof typeof values]);
}

const PRIVACY = `{site} is a directory where homeowners in {county} find building contractors and ask them for quotes. This page says what we keep about you, why, for how long and who sees it.

## Homeowners asking for a quote

When you send a quote request we keep your **name, email address and phone number** (your contact details), the service you need, the town, your budget and what you wrote about the project.

- The contractor you asked gets your contact details **only once the lead is delivered to them and paid for** (by card, or from their monthly plan). Before that they see the service, the town, the budget and a summary of the project without contact details.
- Our administrators see your request to pass it on. An administrator of a county sees only that county's requests.
- We email you a confirmation with a link to **withdraw your request**. Once withdrawn it is offered to no one. A contractor who already paid for it keeps what was delivered to them; otherwise your contact details are erased at once.
- Some time after the contractor took your lead we ask whether they contacted you and invite a review. A review shows your first name and the month, never your email or phone.
- Your contact details and the project description are **erased {retentionDays} days after your request is closed**: won or lost as the contractor records it, or withdrawn. A request nobody acted on is erased {retentionDays} days after its last change. What stays has no contact details: the service, the town, the price and the payments, for our accounts.

## Contractors

We keep what your listing shows (business name, contact details, services, towns, licence and insurance details you give us), your sign-in email and a hash of your password (never the password itself), your plan, the leads you received and what you paid. Your listing is public once approved; the rest is seen by you and our administrators. We keep it while you are listed, and payment records as long as the law asks us to keep accounts.

## Card payments

Card payments and plans are handled by **Stripe**. Your card number goes to Stripe, never to us; we keep what Stripe tells us about a payment (the amount, when, and whether it succeeded).

## Cookies

We use **one cookie**, the session cookie, and only when you sign in (contractors and administrators) or send a form that needs it. It is essential: it keeps you signed in and is deleted when the session ends. We use no advertising or tracking cookies and no analytics scripts.

## Emails

We send only the emails that belong to what you did: the confirmation of your request, lead notices and receipts to contractors, and the newsletter if you subscribed (every newsletter email has an unsubscribe link).

## Questions

Write to {email} to ask what we keep about you, to correct it or to have it erased.
`;

const TERMS = `These terms apply to {site}, a directory of building contractors serving {county}.

## For homeowners

- Asking for a quote is free. We pass your request to the contractor you chose; we do not do the work ourselves and we are not party to your agreement with a contractor.
- Check a contractor's registration and insurance before you hire them. The directory shows what contractors told us and what we checked, and links to the state's public lookup.
- You can withdraw a quote request with the link in its confirmation email. What we keep about you and for how long is in our [Privacy Policy](/privacy).
- Reviews must be about your own project and honest. We hide reviews that are abusive, show someone's personal details or are not about the contractor.

## For contractors

- A listing is published once an administrator approves it; we may hide a listing whose details we cannot confirm.
- Leads are sold one at a time or taken from a monthly plan. A lead is delivered to one contractor only. The contact details of a lead are shown once it is paid for or taken from a plan credit. A bad lead can be claimed under the lead guarantee shown in the portal.
- Card payments and plans are handled by Stripe. A plan renews every month until cancelled.
- Use a homeowner's contact details only to answer their request, and not after they ask you to stop.

## General

We may change these terms; the version on this page is the one that applies. Questions: {email}.
`;

export const DEFAULT_LEGAL_PAGES: Record<LegalPageSlug, string> = { privacy: PRIVACY, terms: TERMS };
