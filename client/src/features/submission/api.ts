import { useMutation } from '@tanstack/react-query';
import type { Submission } from '@shared/schemas/submission';
import { certificationsFor, SUBMISSION_DEFAULTS, type SubmissionResult } from '@shared/submission-defaults';
import { formatLocation } from '@shared/taxonomy';
import { useRegion } from '@/lib/region';
import { apiRequest } from '@/lib/api';

/**
 * The spec's payload: the form plus the listing fields derived from it. The server recomputes
 * every derived field and ignores the status ones (docs/decisions/0010-bad-input.md); they are sent as the
 * spec says. `state` is the county's (useRegion()).
 */
function payload(values: Submission, state: string) {
  return {
    ...values,
    state,
    location: formatLocation(values.city, state),
    ...SUBMISSION_DEFAULTS,
    certifications: certificationsFor(values.licenseNumber),
    rating: 0,
    reviewCount: 0,
    approvalStatus: 'pending',
    isVisible: false,
  };
}

export function useSubmitBusiness() {
  const { state } = useRegion();
  return useMutation({
    mutationFn: (values: Submission) =>
      apiRequest<SubmissionResult>('POST', '/api/contractors/submit', payload(values, state)),
  });
}
