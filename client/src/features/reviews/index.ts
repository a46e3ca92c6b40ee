// The reviews feature as other features may use it.
export { invitationKey, readReviewsPage, REVIEW_POLICY_PATH, reviewsKey } from './api';
export { ReviewList } from './components/ReviewList';
export { Stars } from './components/Stars';
export { reviewMonth } from './format';
