import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewInvitation, ReviewsPage } from '@shared/reviews';

export { invitationKey, readReviewsPage, REVIEW_POLICY_PATH, reviewsHref, reviewsKey } from './keys';
import { invitationKey, reviewsKey } from './keys';

export const useReviews = (contractorId: number, page: number) =>
  useQuery<ReviewsPage>({ queryKey: reviewsKey(contractorId, page), placeholderData: keepPreviousData });

/** Read again once the page is up: a page kept by a cache may say 'open' for a link answered since. */
export const useInvitation = (token: string) =>
  useQuery<ReviewInvitation>({ queryKey: invitationKey(token), retry: false, staleTime: 0 });
