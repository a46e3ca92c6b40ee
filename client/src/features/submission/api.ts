import { useMutation } from '@tanstack/react-query';
import { region } from '@shared/region';
import type { Submission } from '@shared/schemas/submission';
import { certificationsFor, SUBMISSION_DEFAULTS, type SubmissionResult } from '@shared/submission-defaults';
import { formatLocation } from '@shared/taxonomy';
import { apiRequest } from '@/lib/api';

/**
 * The spec's payload: the form plus the listing fields derived from it. The server recomputes
 * every derived field and ignores the status ones (docs/decisions/0010-bad-input.md); they are sent as the
 * spec says.
 */
function payload(values: Submission) {
  return {
    ...values,
    state: region.state,
    location: formatLocation(values.city, region.state),
    ...SUBMISSION_DEFAULTS,
    certifications: certificationsFor(values.licenseNumber),
    rating: 0,
    reviewCount: 0,
    approvalStatus: 'pending',
    isVisible: false,
  };
}

export function useSubmitBusiness() {
  return useMutation({
    mutationFn: (values: Submission) => apiRequest<SubmissionResult>('POST', '/api/contractors/submit', payload(values)),
  });
}
