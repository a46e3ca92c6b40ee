import { z } from 'zod';
import { HONEYPOT_FIELD } from '../forms';
import type { CredentialRules, Region } from '../region';
import { resolveService } from '../taxonomy';
import { SUBMISSION_LIMITS } from '../submission-defaults';
import { CREDENTIAL_LIMITS } from '../credentials';
import { credentialFields, registrationNumberSchema } from './credentials';

/**
 * A business submission as the form sends it, checked the same way in the browser and on the
 * server. Anything else in the body (state, approvalStatus, rating, ...) is dropped: those are
 * the server's to decide (docs/decisions/0010-bad-input.md). The registration number's form and
 * the services are the county's (the server's, or the browser's from the page;
 * docs/decisions/0102-region-in-boot-data.md).
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** '' means not given. People type 'www.example.com', so a missing scheme is read as https. */
export const optionalUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(500, message)
    .transform((v) => (v && !/^[a-z][a-z\d+.-]*:/i.test(v) ? `https://${v}` : v))
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: message })]))
    .optional();

const YEARS_NOT_A_NUMBER = 'Years in business must be a number';

// The form sends what was typed (a string); other clients may send a number.
const yearsInBusiness = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .min(1, 'Years in business is required')
        .regex(/^\d+(\.\d+)?$/, YEARS_NOT_A_NUMBER),
    ],
    {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'Years in business is required' : YEARS_NOT_A_NUMBER,
    },
  )
  .pipe(
    z.coerce
      .number<string | number>({ error: YEARS_NOT_A_NUMBER })
      .int('Years in business must be a whole number')
      .min(0, 'Years in business cannot be negative')
      .max(SUBMISSION_LIMITS.yearsInBusiness, `Years in business must be at most ${SUBMISSION_LIMITS.yearsInBusiness}`),
  );

export const isSubmissionService = (name: string, region: Region) => (resolveService(name, region)?.length ?? 0) > 0;

/** What the visitor fills in; the services rule is the client's own (see submissionSchemaFor). */
export const submissionFormSchemaFor = (registration: CredentialRules['registration']) =>
  z.object({
    name: text('Business name', SUBMISSION_LIMITS.name),
    yearsInBusiness,
    description: text('Business description', SUBMISSION_LIMITS.description),
    email: z
      .string({ error: 'Email address is required' })
      .trim()
      .min(1, 'Email address is required')
      .max(254, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address')),
    phone: text('Phone number', SUBMISSION_LIMITS.phone).refine(
      (v) => v.replace(/\D/g, '').length >= 10,
      'Please enter a valid phone number',
    ),
    website: optionalUrl('Please enter a valid website address'),
    address: text('Street address', SUBMISSION_LIMITS.address),
    city: text('City', SUBMISSION_LIMITS.city),
    zip: z
      .string({ error: 'ZIP code is required' })
      .trim()
      .min(1, 'ZIP code is required')
      .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code'),
    // The region's registration number (docs/decisions/0031-credentials-stored.md): required here, as the spec lists it.
    licenseNumber: text('License number', CREDENTIAL_LIMITS.registrationNumber)
      .pipe(registrationNumberSchema(registration))
      .pipe(z.string()),
    insuranceInfo: text('Insurance information', SUBMISSION_LIMITS.insuranceInfo),
    ...credentialFields,
    projectGalleryUrl: optionalUrl('Please enter a valid project gallery address'),
    services: z.array(z.string().max(100), { error: 'Please select at least one service you provide' }).max(50),
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  });

/** The API's rule: at least one service, each a known one of the county. */
export const submissionSchemaFor = (region: Region) =>
  submissionFormSchemaFor(region.credentials.registration).extend({
    services: z
      .array(z.string().max(100), { error: 'Please select at least one service you provide' })
      .min(1, 'Please select at least one service you provide')
      .max(50, 'Please choose services from the list')
      // One message on the field itself rather than one per list position.
      .refine(
        (names) => names.every((name) => isSubmissionService(name, region)),
        'Please choose services from the list',
      ),
  });

export type SubmissionForm = z.input<ReturnType<typeof submissionFormSchemaFor>>;
export type Submission = z.output<ReturnType<typeof submissionSchemaFor>>;

export { certificationsFor, SUBMISSION_DEFAULTS, type SubmissionResult } from '../submission-defaults';
