import { z } from 'zod';

/**
 * What the "Send my request to them" page posts (docs/decisions/0117-lead-routing.md): nothing but
 * its address, whose token is the choice. Apart from lead-alternatives.ts so the page's own
 * JavaScript does not carry zod until the button is used.
 */
export const alternativeChoiceSchema = z.object({});

/** The link's token, from its address. */
export const alternativeTokenSchema = z.object({
  token: z.string().trim().min(20, 'This link is not valid').max(200, 'This link is not valid'),
});
