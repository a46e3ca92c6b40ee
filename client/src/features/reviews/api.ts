import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HireAnswer, ReviewInvitation, ReviewsPage } from '@shared/reviews';
import { apiRequest } from '@/lib/api';

export { invitationKey, readReviewsPage, REVIEW_POLICY_PATH, reviewsHref, reviewsKey } from './keys';
import { invitationKey, reviewsKey } from './keys';

export const useReviews = (contractorId: number, page: number) =>
  useQuery<ReviewsPage>({ queryKey: reviewsKey(contractorId, page), placeholderData: keepPreviousData });

/** Read again once the page is up: a page kept by a cache may say 'open' for a link answered since. */
export const useInvitation = (token: string) =>
  useQuery<ReviewInvitation>({ queryKey: invitationKey(token), retry: false, staleTime: 0 });

/** The follow-up email's one-click answer to "Did you hire them?" (docs/decisions/0128-request-page-and-replies.md). */
export const answerHire = (token: string, answer: HireAnswer) =>
  apiRequest<void>('POST', '/api/reviews/hire-answer', { token, answer });
