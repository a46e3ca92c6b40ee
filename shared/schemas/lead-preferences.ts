import { z } from 'zod';
import { toE164 } from '../phone-numbers';

/**
 * A contractor's lead preferences (docs/decisions/0117-lead-routing.md), set in the portal's "Lead
 * preferences" panel: paused until a date, the services and towns it takes requests for (null:
 * everything its listing has), a monthly cap on card-paid leads in dollars (null: none), and text
 * alerts to a mobile number (docs/decisions/0118-text-messages.md).
 */
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date');

export const leadPreferencesSchema = z
  .object({
    pausedUntil: dateText.nullable(),
    services: z.array(z.string().trim().min(1).max(80)).max(100).nullable(),
    townIds: z.array(z.number().int().positive()).max(500).nullable(),
    monthlyCap: z
      .union([z.number(), z.string().trim()])
      .nullable()
      .transform((v, c) => {
        if (v === null || v === '') return null;
        const n = typeof v === 'number' ? v : Number(v.replace(/[$,]/g, ''));
        if (!Number.isFinite(n) || n < 0 || n > 100_000) {
          c.addIssue({ code: 'custom', message: 'Enter a cap between $0 and $100,000, or leave it empty for no cap' });
          return z.NEVER;
        }
        return Math.round(n * 100) / 100;
      }),
    textPhone: z.string().trim().max(30).nullable(),
    textOptIn: z.boolean(),
  })
  .superRefine((v, c) => {
    if (v.services && v.services.length === 0)
      c.addIssue({ code: 'custom', path: ['services'], message: 'Choose at least one service' });
    if (v.townIds && v.townIds.length === 0)
      c.addIssue({ code: 'custom', path: ['townIds'], message: 'Choose at least one town' });
    if (v.textOptIn && !(v.textPhone && toE164(v.textPhone)))
      c.addIssue({ code: 'custom', path: ['textPhone'], message: 'Enter a mobile number for text alerts' });
    else if (v.textPhone && !toE164(v.textPhone))
      c.addIssue({ code: 'custom', path: ['textPhone'], message: 'Enter a US mobile number, e.g. 570-555-0123' });
  });
export type LeadPreferencesInput = z.input<typeof leadPreferencesSchema>;
export type LeadPreferences = z.output<typeof leadPreferencesSchema>;

/** What the portal's panel shows: the saved choices and what its listing offers to choose from. */
export interface LeadPreferencesDto {
  pausedUntil: string | null;
  services: string[] | null;
  townIds: number[] | null;
  monthlyCap: string | null;
  textPhone: string | null;
  textOptIn: boolean;
  /** Card-paid leads this month (UTC calendar month), as a decimal string. */
  cardSpendThisMonth: string;
  serviceOptions: { slug: string; name: string }[];
  townOptions: { id: number; name: string }[];
}
