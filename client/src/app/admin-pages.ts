/**
 * The admin screens, each loaded on demand through this one module (routes.tsx): the public pages'
 * entry then carries one import for the whole admin area instead of one, with its preload list, per
 * screen (the public JS budget, docs/decisions/0064-bundle-cutting.md).
 */
export const adminPages = {
  DashboardPage: () => import('@/features/admin/DashboardPage'),
  LoginPage: () => import('@/features/admin/LoginPage'),
  ContractorsPage: () => import('@/features/admin/ContractorsPage'),
  ImportsPage: () => import('@/features/admin/ImportsPage'),
  ListingClaimsPage: () => import('@/features/admin/ListingClaimsPage'),
  ContractorStatsPage: () => import('@/features/admin/ContractorStatsPage'),
  ContractorBillingPage: () => import('@/features/admin/ContractorBillingPage'),
  CredentialsPage: () => import('@/features/admin/CredentialsPage'),
  LeadsPage: () => import('@/features/admin/LeadsPage'),
  ClaimsPage: () => import('@/features/admin/ClaimsPage'),
  ReviewsPage: () => import('@/features/admin/ReviewsPage'),
  ListingChangesPage: () => import('@/features/admin/ListingChangesPage'),
  PhotosPage: () => import('@/features/admin/PhotosPage'),
  PricingPage: () => import('@/features/admin/PricingPage'),
  OutboxPage: () => import('@/features/admin/OutboxPage'),
  CountiesPage: () => import('@/features/admin/CountiesPage'),
  AdminUsersPage: () => import('@/features/admin/AdminUsersPage'),
  LegalPagesPage: () => import('@/features/admin/LegalPagesPage'),
  TwoFactorPage: () => import('@/features/admin/TwoFactorPage'),
};

export type AdminPageName = keyof typeof adminPages;
