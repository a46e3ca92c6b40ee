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

/** A claim as the administrator's list shows it. */
export interface AdminListingClaim {
  id: number;
  contractorId: number;
  businessName: string;
  channel: 'phone' | 'email' | 'document';
  status: 'open' | 'verified' | 'approved' | 'rejected' | 'expired' | 'undone';
  accountEmail: string | null;
  claimantName: string | null;
  codesSent: number;
  failedAttempts: number;
  note: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** An administrator's reason (rejecting a document claim, undoing one). */
export const claimNoteSchema = z.object({
  note: z.string().trim().max(500, 'At most 500 characters').optional().default(''),
});

/** A document claim's fields, sent with the file. */
export const documentClaimSchema = z.object({
  name: z.string({ error: 'Enter your name' }).trim().min(1, 'Enter your name').max(120, 'At most 120 characters'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
