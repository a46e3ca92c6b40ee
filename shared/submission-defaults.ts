/** The listing details every new business starts with (spec: submission defaults). */
export const SUBMISSION_DEFAULTS = {
  priceRange: '$$',
  availability: 'Available',
  responseTime: 'Within 24 hours',
} as const;

/** The business submission's limits (shared/schemas/submission.ts checks them; the form's inputs hold no more). */
export const SUBMISSION_LIMITS = {
  name: 120,
  description: 2000,
  phone: 30,
  address: 200,
  city: 100,
  insuranceInfo: 500,
  yearsInBusiness: 150,
  /** Input length of a ZIP code, '12345-6789'; the schema checks its form. */
  zip: 10,
} as const;

export const certificationsFor = (licenseNumber: string | undefined) =>
  licenseNumber ? [`Licensed: ${licenseNumber}`] : [];

export interface SubmissionResult {
  id: number;
  message: string;
  /** Lets the certificate of insurance be uploaded for this submission for an hour (docs/decisions/0031-credentials-stored.md). */
  certificateUploadToken?: string;
}
