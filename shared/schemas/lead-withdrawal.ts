import { z } from 'zod';

/** A homeowner's withdraw link (docs/decisions/0114-homeowner-privacy.md): what it answers (its page is formPages.withdraw). */
export const WITHDRAW_LINK_INVALID = 'This withdraw link is not valid. Check that you copied the whole link from the email.';
export const ALREADY_WITHDRAWN = 'This quote request was already withdrawn.';
export const WITHDRAWN_LEAD = 'The homeowner withdrew this quote request';

/** POST /api/leads/withdraw and the page's web form: the emailed link's token. */
export const withdrawSchema = z.object({
  token: z.string({ error: WITHDRAW_LINK_INVALID }).trim().min(20, WITHDRAW_LINK_INVALID).max(200, WITHDRAW_LINK_INVALID),
});
export type WithdrawRequest = z.infer<typeof withdrawSchema>;

export interface WithdrawAnswer {
  /** Whether the contact details were erased at once (nobody had paid for them). */
  erased: boolean;
}
