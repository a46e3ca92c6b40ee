/**
 * What a homeowner's withdraw link answers (docs/decisions/0114-homeowner-privacy.md; its page is
 * formPages.withdraw). Apart from the schema, so the page has them without loading zod.
 */
export const WITHDRAW_LINK_INVALID =
  'This withdraw link is not valid. Check that you copied the whole link from the email.';
export const ALREADY_WITHDRAWN = 'This quote request was already withdrawn.';
export const WITHDRAWN_LEAD = 'The homeowner withdrew this quote request';
