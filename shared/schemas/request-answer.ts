import { z } from 'zod';
import { HOMEOWNER_ANSWERS, REQUEST_LINK_INVALID } from './request-page';

/**
 * What a request's page posts (docs/decisions/0128-request-page-and-replies.md). Apart from
 * request-page.ts so the page's own JavaScript does not carry zod.
 */

/** What the page's answer buttons post, with or without JavaScript. */
export const homeownerAnswerSchema = z.object({
  answer: z.enum(HOMEOWNER_ANSWERS, { error: 'Choose an answer' }),
});

/** The page's address token. */
export const requestTokenSchema = z.object({
  token: z.string().trim().min(20, REQUEST_LINK_INVALID).max(200, REQUEST_LINK_INVALID),
});

/** An alternative offered on the page, by its id: the request's token is the permission. */
export const requestAlternativeSchema = requestTokenSchema.extend({
  alternativeId: z.coerce.number({ error: REQUEST_LINK_INVALID }).int().positive().max(2_147_483_647),
});
