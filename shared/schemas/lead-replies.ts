import { z } from 'zod';
import { formatMoney } from '../money';

/**
 * A contractor's reply to a paid or credited lead, from the portal
 * (docs/decisions/0128-request-page-and-replies.md): a message, an optional estimate (a dollar
 * range, or "after a visit") and an optional proposed visit date. Or a mark that it called them.
 */
export const LEAD_REPLY_KINDS = ['reply', 'called'] as const;
export type LeadReplyKind = (typeof LEAD_REPLY_KINDS)[number];

export const ESTIMATE_KINDS = ['none', 'range', 'visit'] as const;
const MAX_DOLLARS = 10_000_000;
const RANGE_MESSAGE = 'Enter whole dollars, e.g. 4,500';

/** A whole-dollar amount typed as '4,500' or '$4500' (or a number), or empty. */
const dollars = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((v, c) => {
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v.replace(/[$,\s]/g, ''));
    if (!Number.isInteger(n) || n < 0 || n > MAX_DOLLARS) {
      c.addIssue({ code: 'custom', message: RANGE_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

export const leadReplySchema = z
  .object({
    message: z
      .string({ error: 'Write a message to the homeowner' })
      .trim()
      .min(1, 'Write a message to the homeowner')
      .max(2000, 'Keep the message under 2,000 characters'),
    estimate: z.enum(ESTIMATE_KINDS, { error: 'Choose how you estimate' }).default('none'),
    estimateLow: dollars,
    estimateHigh: dollars,
    visitDate: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a date'),
  })
  .superRefine((v, c) => {
    if (v.estimate !== 'range') return;
    if (v.estimateLow === null)
      c.addIssue({ code: 'custom', path: ['estimateLow'], message: 'Enter the lowest figure' });
    if (v.estimateHigh === null)
      c.addIssue({ code: 'custom', path: ['estimateHigh'], message: 'Enter the highest figure' });
    if (v.estimateLow !== null && v.estimateHigh !== null && v.estimateLow > v.estimateHigh)
      c.addIssue({ code: 'custom', path: ['estimateHigh'], message: 'The highest figure is below the lowest' });
  });
export type LeadReplyInput = z.input<typeof leadReplySchema>;
export type LeadReply = z.output<typeof leadReplySchema>;

/** A reply or call mark as the contractor, the homeowner and the administrator see it. */
export interface LeadReplyDto {
  id: number;
  kind: LeadReplyKind;
  /** Null for a call mark; '' once the lead's details were erased. */
  message: string | null;
  /** "$4,000 – $6,500", "After a visit", or null. */
  estimate: string | null;
  visitDate: string | null;
  createdAt: string;
}

/** The estimate in words, from what is stored (cents). */
export function estimateText(r: { low: number | null; high: number | null; afterVisit: boolean }): string | null {
  if (r.afterVisit) return 'After a visit';
  if (r.low === null || r.high === null) return null;
  const money = (cents: number) => formatMoney(cents, { dropZeroCents: true });
  return r.low === r.high ? money(r.low) : `${money(r.low)} – ${money(r.high)}`;
}
