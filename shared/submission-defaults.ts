/** The listing details every new business starts with (spec: submission defaults). */
export const SUBMISSION_DEFAULTS = {
  priceRange: '$$',
  availability: 'Available',
  responseTime: 'Within 24 hours',
} as const;

export const certificationsFor = (licenseNumber: string | undefined) => (licenseNumber ? [`Licensed: ${licenseNumber}`] : []);

export interface SubmissionResult {
  id: number;
  message: string;
  /** Lets the certificate of insurance be uploaded for this submission for an hour (docs/decisions/0031-credentials-stored.md). */
  certificateUploadToken?: string;
}
