import { z } from 'zod';
import { WITHDRAW_LINK_INVALID } from '../lead-withdrawal';

export { ALREADY_WITHDRAWN, WITHDRAW_LINK_INVALID, WITHDRAWN_LEAD } from '../lead-withdrawal';

/** POST /api/leads/withdraw and the page's web form: the emailed link's token. */
export const withdrawSchema = z.object({
  token: z
    .string({ error: WITHDRAW_LINK_INVALID })
    .trim()
    .min(20, WITHDRAW_LINK_INVALID)
    .max(200, WITHDRAW_LINK_INVALID),
});
export type WithdrawRequest = z.infer<typeof withdrawSchema>;

export interface WithdrawAnswer {
  /** Whether the contact details were erased at once (nobody had paid for them). */
  erased: boolean;
}
