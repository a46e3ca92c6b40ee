import { z } from 'zod';

/** How a claimant proves the business is theirs by a code (docs/decisions/0131-listing-claims.md). */
export const CLAIM_CODE_CHANNELS = ['phone', 'email'] as const;
export type ClaimCodeChannel = (typeof CLAIM_CODE_CHANNELS)[number];

export const CLAIM_CODE_LENGTH = 6;

/** What the claim page shows of an unclaimed listing: never more than the masked channels. */
export interface ClaimTarget {
  id: number;
  name: string;
  location: string;
  channels: { channel: ClaimCodeChannel; masked: string }[];
}

export const claimCodeRequestSchema = z.object({
  channel: z.enum(CLAIM_CODE_CHANNELS, { error: 'Choose where to send the code: phone or email' }),
});

export const claimVerifySchema = z.object({
  code: z
    .string({ error: 'Enter the code we sent' })
    .trim()
    .regex(new RegExp(`^\\d{${CLAIM_CODE_LENGTH}}$`), `The code is ${CLAIM_CODE_LENGTH} digits`),
  /** The portal account's address: required when the code went by text, the listing's own when by email. */
  email: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.email('Please enter a valid email address').optional()),
});
export type ClaimVerify = z.output<typeof claimVerifySchema>;

/** A verified claim: the portal account's address and a setup code to choose its password with (the first-time setup). */
export interface ClaimVerified {
  email: string;
  setupCode: string;
}

export const CLAIM_CODE_SENT = 'We sent a code. It works for 15 minutes.';
