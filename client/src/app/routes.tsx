import type { ComponentType, ReactNode } from 'react';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { RouteInput } from '@/lib/route-input';
import type { AdminPageName } from './admin-pages';
import { lazyPage, type LazyPage } from './lazy-page';

export interface PageRoute {
  path: string;
  page: LazyPage<RouteInput>;
  /** Public pages are rendered on the server (docs/decisions/0011-server-rendered-pages.md); admin and portal pages are not, but for the pages whose forms post without JavaScript (sign-in, emailed links). */
  ssr: boolean;
  layout: 'public' | 'admin' | 'portal';
}

const page = (loader: () => Promise<{ default: ComponentType<RouteInput> }>) => lazyPage<RouteInput>(loader);

const HomePage = page(() => import('@/features/home/HomePage'));
const ServiceTownPage = page(() => import('@/features/directory/ServiceTownPage'));

/** The admin frame (nav, session guard); loaded with the first admin page, never in public bundles. */
export const AdminLayout = lazyPage<{ children: ReactNode }>(() => import('@/features/admin/AdminLayout'));
/** An admin screen, by its name in admin-pages.ts: one import of that module here, not one per screen in every page's JavaScript. */
const adminPage = (name: AdminPageName) =>
  page(() =>
    Promise.all([import('./admin-pages').then((m) => m.adminPages[name]()), AdminLayout.load()]).then(([m]) => m),
  );

/** The contractor portal's frame; loaded with the portal pages only. */
export const PortalLayout = lazyPage<{ children: ReactNode }>(() => import('@/features/portal/PortalLayout'));
const portalPage = (loader: () => Promise<{ default: ComponentType<RouteInput> }>) =>
  page(() => Promise.all([loader(), PortalLayout.load()]).then(([m]) => m));
const AdminDashboard = adminPage('DashboardPage');
const AdminLogin = adminPage('LoginPage');

export const notFoundPage = page(() => import('@/features/not-found/NotFoundPage'));

/** Every page; the first match wins, anything else is the 404 page. */
export const routes: PageRoute[] = [
  { path: '/', page: HomePage, ssr: true, layout: 'public' },
  {
    path: '/search',
    page: page(() => import('@/features/directory/SearchPage')),
    ssr: true,
    layout: 'public',
  },
  { path: '/browse', page: page(() => import('@/features/directory/BrowsePage')), ssr: true, layout: 'public' },
  // Contractor portal (docs/decisions/0011-server-rendered-pages.md): browser only, noindex; before /contractor/:id so 'login' is not read as a profile id.
  // Its sign-in page is server rendered, so its form posts without JavaScript (docs/decisions/0124-sign-in-without-javascript.md).
  {
    path: '/contractor/login',
    page: portalPage(() => import('@/features/portal/ContractorLoginPage')),
    ssr: true,
    layout: 'portal',
  },
  { path: '/contractor', page: portalPage(() => import('@/features/portal/PortalPage')), ssr: false, layout: 'portal' },
  // The pages a contractor's account emails link to (docs/decisions/0108-contractor-password-reset.md): server rendered, so their forms post without JavaScript; noindex.
  {
    path: '/contractor/forgot-password',
    page: portalPage(() => import('@/features/portal/ForgotPasswordPage')),
    ssr: true,
    layout: 'portal',
  },
  {
    path: '/contractor/reset-password',
    page: portalPage(() => import('@/features/portal/ResetPasswordPage')),
    ssr: true,
    layout: 'portal',
  },
  {
    path: '/contractor/confirm-email',
    page: portalPage(() => import('@/features/portal/ConfirmEmailPage')),
    ssr: true,
    layout: 'portal',
  },
  // Our printable receipt of a payment, credit or refund (docs/decisions/0113-self-service-billing.md).
  {
    path: '/contractor/receipts/:id',
    page: portalPage(() => import('@/features/billing/ReceiptPage')),
    ssr: false,
    layout: 'portal',
  },
  // Before /contractor/:id so the sign-in page is not read as a profile id.
  {
    path: '/contractor/:id',
    page: page(() => import('@/features/directory/ContractorPage')),
    ssr: true,
    layout: 'public',
  },
  // A service in the county or in one town (docs/decisions/0030-service-pages.md): a 404 where no listed contractor offers it.
  { path: '/contractors/:service', page: ServiceTownPage, ssr: true, layout: 'public' },
  {
    path: '/contractors/:service/:town',
    page: ServiceTownPage,
    ssr: true,
    layout: 'public',
  },
  // The quote form without JavaScript (docs/decisions/0023-forms-without-javascript.md): noindex; with JavaScript 'Get Free Quote' opens the dialog instead.
  {
    path: '/contractor/:id/quote',
    page: page(() => import('@/features/quote/QuotePage')),
    ssr: true,
    layout: 'public',
  },
  // Approved project photos of the county's contractors (docs/decisions/0112-photos-on-the-public-site.md).
  { path: '/gallery', page: page(() => import('@/features/directory/GalleryPage')), ssr: true, layout: 'public' },
  { path: '/blog', page: page(() => import('@/features/blog/BlogListPage')), ssr: true, layout: 'public' },
  { path: '/blog/:slug', page: page(() => import('@/features/blog/BlogPostPage')), ssr: true, layout: 'public' },
  // Verified reviews (docs/decisions/0051-review-links.md, docs/decisions/0056-review-policy.md): the follow-up email's link (noindex) and the policy every review list links to.
  {
    path: '/review/:token',
    page: page(() => import('@/features/reviews/ReviewPage')),
    ssr: true,
    layout: 'public',
  },
  // A released request's "Send my request to them" link (docs/decisions/0117-lead-routing.md), noindex.
  {
    path: '/alternatives/:token',
    page: page(() => import('@/features/quote/AlternativePage')),
    ssr: true,
    layout: 'public',
  },
  // A request's own page (docs/decisions/0128-request-page-and-replies.md): the confirmation email's private link, noindex.
  {
    path: '/requests/:token',
    page: page(() => import('@/features/quote/RequestPage')),
    ssr: true,
    layout: 'public',
  },
  // An unclaimed listing's owner claims it (docs/decisions/0131-listing-claims.md), noindex: the server renders its placeholder, the browser reads the listing.
  { path: '/claim/:id', page: page(() => import('@/features/claims/ClaimPage')), ssr: true, layout: 'public' },
  // Privacy (docs/decisions/0114-homeowner-privacy.md): the confirmation email's withdraw link (noindex).
  { path: '/withdraw', page: page(() => import('@/features/privacy/WithdrawPage')), ssr: true, layout: 'public' },
  { path: '/privacy', page: page(() => import('@/features/privacy/PrivacyPage')), ssr: true, layout: 'public' },
  { path: '/terms', page: page(() => import('@/features/privacy/TermsPage')), ssr: true, layout: 'public' },
  {
    path: '/review-policy',
    page: page(() => import('@/features/reviews/ReviewPolicyPage')),
    ssr: true,
    layout: 'public',
  },
  {
    path: '/submit-business',
    page: page(() => import('@/features/submission/SubmitBusinessPage')),
    ssr: true,
    layout: 'public',
  },
  {
    path: '/newsletter/unsubscribe',
    page: page(() => import('@/features/newsletter/UnsubscribePage')),
    ssr: false,
    layout: 'public',
  },
  // Plans and payments: the plan comparison is public and server rendered; the payment screens
  // are browser only (noindex), and only /buy-lead ever loads Stripe code.
  {
    path: '/contractor-pricing',
    page: page(() => import('@/features/payments/ContractorPricingPage')),
    ssr: true,
    layout: 'public',
  },
  { path: '/buy-lead', page: page(() => import('@/features/payments/BuyLeadPage')), ssr: false, layout: 'public' },
  {
    path: '/payment-success',
    page: page(() => import('@/features/payments/PaymentSuccessPage')),
    ssr: false,
    layout: 'public',
  },
  {
    path: '/subscription-success',
    page: page(() => import('@/features/payments/SubscriptionSuccessPage')),
    ssr: false,
    layout: 'public',
  },
  {
    path: '/demo-checkout',
    page: page(() => import('@/features/payments/DemoCheckoutPage')),
    ssr: false,
    layout: 'public',
  },
  {
    path: '/demo-billing',
    page: page(() => import('@/features/payments/DemoBillingPage')),
    ssr: false,
    layout: 'public',
  },
  // Admin (docs/decisions/0011-server-rendered-pages.md): rendered in the browser only, code-split, noindex; but the sign-in's
  // pages (the password, and the code step a post without JavaScript leads to) are server rendered (docs/decisions/0124-sign-in-without-javascript.md).
  { path: '/admin/login', page: AdminLogin, ssr: true, layout: 'admin' },
  { path: '/admin/login/code', page: AdminLogin, ssr: true, layout: 'admin' },
  { path: '/admin', page: AdminDashboard, ssr: false, layout: 'admin' },
  { path: '/admin/dashboard', page: AdminDashboard, ssr: false, layout: 'admin' },
  {
    path: '/admin/contractors',
    page: adminPage('ContractorsPage'),
    ssr: false,
    layout: 'admin',
  },
  // A county's contractor list from a file (docs/decisions/0130-contractor-import.md).
  { path: '/admin/imports', page: adminPage('ImportsPage'), ssr: false, layout: 'admin' },
  // Businesses' claims of the unclaimed listings (docs/decisions/0131-listing-claims.md).
  { path: '/admin/listing-claims', page: adminPage('ListingClaimsPage'), ssr: false, layout: 'admin' },
  {
    path: '/admin/contractors/:id/stats',
    page: adminPage('ContractorStatsPage'),
    ssr: false,
    layout: 'admin',
  },
  {
    path: '/admin/contractors/:id/billing',
    page: adminPage('ContractorBillingPage'),
    ssr: false,
    layout: 'admin',
  },
  {
    path: '/admin/contractors/:id/credentials',
    page: adminPage('CredentialsPage'),
    ssr: false,
    layout: 'admin',
  },
  { path: '/admin/leads', page: adminPage('LeadsPage'), ssr: false, layout: 'admin' },
  { path: '/admin/claims', page: adminPage('ClaimsPage'), ssr: false, layout: 'admin' },
  {
    path: '/admin/reviews',
    page: adminPage('ReviewsPage'),
    ssr: false,
    layout: 'admin',
  },
  {
    path: '/admin/listing-changes',
    page: adminPage('ListingChangesPage'),
    ssr: false,
    layout: 'admin',
  },
  { path: '/admin/photos', page: adminPage('PhotosPage'), ssr: false, layout: 'admin' },
  {
    path: '/admin/pricing',
    page: adminPage('PricingPage'),
    ssr: false,
    layout: 'admin',
  },
  { path: '/admin/outbox', page: adminPage('OutboxPage'), ssr: false, layout: 'admin' },
  {
    path: '/admin/counties',
    page: adminPage('CountiesPage'),
    ssr: false,
    layout: 'admin',
  },
  {
    path: '/admin/users',
    page: adminPage('AdminUsersPage'),
    ssr: false,
    layout: 'admin',
  },
  {
    path: '/admin/legal-pages',
    page: adminPage('LegalPagesPage'),
    ssr: false,
    layout: 'admin',
  },
  {
    path: '/admin/two-factor',
    page: adminPage('TwoFactorPage'),
    ssr: false,
    layout: 'admin',
  },
];

export function findRoute(pathname: string): { route: PageRoute | null; params: Record<string, string | undefined> } {
  for (const route of routes) {
    const [ok, params] = matchRoute(parse, route.path, pathname);
    if (ok) return { route, params: params as Record<string, string | undefined> };
  }
  return { route: null, params: {} };
}
