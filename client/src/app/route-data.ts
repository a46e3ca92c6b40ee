import { blogListKey, blogPostKey } from '@/features/blog/api';
import {
  browseKey,
  contractorKey,
  readBrowseState,
  readSearchCriteria,
  readSearchFilters,
  searchKey,
} from '@/features/directory/api';
import { featuredKey } from '@/features/directory/featured';
import { siteFiguresKey } from '@/features/home/site-figures-key';
import { galleryKey, readGalleryFilters } from '@/features/directory/gallery';
import { readServicePageNumber, serviceCoverageKey, servicePageKey } from '@/features/directory/service-page-keys';
import { leadPricesKey } from '@/features/payments/lead-prices-key';
import { othersKey } from '@/features/quote/api';
import { alternativeKey } from '@/features/quote/alternative-api';
import { requestKey } from '@/features/quote/request-key';
import { legalPageKey } from '@/features/privacy/legal-keys';
import { invitationKey, readReviewsPage, reviewsKey } from '@/features/reviews/keys';
import type { Region } from '@shared/region';
import type { ApiKey } from '@/lib/api';
import type { RouteInput } from '@/lib/route-input';

/**
 * What the server reads before rendering a page, and how caches may keep it, by the route's path
 * in routes.tsx. Only the server renderer imports this: the browser gets its data with the page
 * (the boot state), so none of these keys and address readers go into every page's JavaScript
 * (the public JS budget, docs/decisions/0064-bundle-cutting.md).
 */
export interface RouteData {
  /** The GETs the page reads on first render, answered by the server before rendering; `region` is the request's county. */
  data?: (input: RouteInput, region: Region) => ApiKey[];
  /**
   * GETs read too, for a part of the page that can say it failed (a profile's reviews): while the
   * database is unreachable the rest of the page is still answered
   * (docs/decisions/0066-stale-if-error.md).
   */
  secondaryData?: (input: RouteInput, region: Region) => ApiKey[];
  /** How caches may keep the server's page (default 'short'). */
  cache?: PageCache;
}

/**
 * 'short': shared caches (a CDN) may answer it for a minute; 'revalidate': a page that counts its
 * views (profiles, blog posts), which every visit must reach the server for, so caches keep it only
 * to revalidate (a 304 when unchanged); 'private': a page whose address carries an emailed link's
 * token, or a sign-in page, for the browser's cache only and never kept by the server's page memo
 * (docs/decisions/0108-contractor-password-reset.md, docs/decisions/0124-sign-in-without-javascript.md). See docs/decisions/0070-cache-headers.md.
 */
export type PageCache = 'short' | 'revalidate' | 'private';

const servicePage = ({ params, search }: RouteInput) => [
  servicePageKey(params.service ?? '', params.town ?? null, readServicePageNumber(search)),
];

export const routeData: Readonly<Record<string, RouteData>> = {
  // The stats band's figures (docs/decisions/0133-launch-figures-and-honest-home.md): a part of the page that is left out when they fail.
  '/': { data: () => [featuredKey, serviceCoverageKey], secondaryData: () => [siteFiguresKey] },
  '/search': {
    data: ({ search }, region) => [
      searchKey(readSearchCriteria(search, region), readSearchFilters(search)),
      serviceCoverageKey,
    ],
  },
  '/browse': { data: ({ search }, region) => [browseKey(readBrowseState(search, region))] },
  // The profile with its page of reviews (`?page=`, docs/decisions/0054-reviews-on-the-profile.md).
  '/contractor/:id': {
    data: ({ params }) => [contractorKey(params.id ?? '')],
    secondaryData: ({ params, search }) => [reviewsKey(params.id ?? '', readReviewsPage(search))],
    cache: 'revalidate',
  },
  '/contractors/:service': { data: servicePage },
  '/contractors/:service/:town': { data: servicePage },
  // A paused contractor's page offers others in place of the form (docs/decisions/0117-lead-routing.md).
  '/contractor/:id/quote': { data: ({ params }) => [contractorKey(params.id ?? ''), othersKey(params.id ?? '')] },
  '/gallery': { data: ({ search }, region) => [galleryKey(readGalleryFilters(search, region))] },
  '/blog': { data: () => [blogListKey] },
  '/blog/:slug': { data: ({ params }) => [blogPostKey(params.slug ?? '')], cache: 'revalidate' },
  // Answered or expired since: every visit asks the server.
  '/review/:token': { data: ({ params }) => [invitationKey(params.token ?? '')], cache: 'revalidate' },
  '/contractor-pricing': { data: () => [leadPricesKey] },
  // The sign-in pages (docs/decisions/0124-sign-in-without-javascript.md): the browser's cache only, and never the page memo.
  '/contractor/login': { cache: 'private' },
  '/admin/login': { cache: 'private' },
  '/admin/login/code': { cache: 'private' },
  '/contractor/reset-password': { cache: 'private' },
  '/contractor/confirm-email': { cache: 'private' },
  '/withdraw': { cache: 'private' },
  // Single use: every visit asks the server, and the token in the address is kept by no shared cache.
  '/alternatives/:token': { data: ({ params }) => [alternativeKey(params.token ?? '')], cache: 'private' },
  '/requests/:token': { data: ({ params }) => [requestKey(params.token ?? '')], cache: 'private' },
  '/privacy': { data: () => [legalPageKey('privacy')] },
  '/terms': { data: () => [legalPageKey('terms')] },
};
