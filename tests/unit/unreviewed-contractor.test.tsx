import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { region } from '@shared/region';
import { Router } from 'wouter';
import type { AdminContractor, AdminContractorList } from '@shared/schemas/admin';
import type { ContractorPage, PublicContractor } from '@shared/schemas/directory';
import { RegionContext } from '@/lib/region';
import { renderPage, type RenderOptions } from '@/entry-server';
import { contractorsKey } from '@/features/admin/api';
import ContractorsPage from '@/features/admin/ContractorsPage';
import { createQueryClient } from '@/lib/query-client';
import { directoryData } from '../support/render-data';

/**
 * A contractor without a published review has no rating (docs/decisions/0094-no-rating-without-a-review.md): its card and the
 * administrator's list say 'No reviews yet' instead of '0.0 (0 reviews)', while a rated one keeps
 * its stars, rating and count. The profile, its description and its markup: tests/api/page-structured-data.test.ts.
 */

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

const contractor = (id: number, name: string, rating: number, reviewCount: number): PublicContractor => ({
  id,
  name,
  location: 'Laporte, PA',
  description: 'Porches and decks.',
  services: ['Decks & Porches'],
  rating,
  reviewCount,
  verified: true,
  licenseNumber: 'PA123456',
  featured: false,
  logo: null,
  pausedUntil: null,
  replies: null,
  unclaimed: false,
});

/** Each contractor card of the markup, by the contractor it shows. */
function cards(html: string): Map<string, string> {
  const parts = html.split('data-testid="contractor-card"').slice(1);
  return new Map(
    parts.map((p) => [/<h3[^>]*>[\s\S]*?<a[^>]*>([^<]*)<\/a>/.exec(p)![1]!, p.slice(0, p.indexOf('View Profile'))]),
  );
}

describe("an unreviewed contractor's card", () => {
  it("says 'No reviews yet', with no stars, rating or count; a rated one keeps them", async () => {
    const page: ContractorPage = {
      contractors: [contractor(1, 'Rated Ridge Builders', 4.5, 10), contractor(2, 'Brand New Builders', 0, 0)],
      total: 2,
      totalAll: 2,
      unverifiedMatches: 0,
      page: 1,
      pageSize: 12,
    };
    const opts: RenderOptions = {
      config: { siteUrl: 'http://localhost:3000', payments: { provider: 'demo', publishableKey: null } },
      region,
      resolve: directoryData(async () => page).resolve,
    };
    const { html } = await renderPage('/browse', template, opts);
    const shown = cards(html);
    expect([...shown.keys()]).toEqual(['Rated Ridge Builders', 'Brand New Builders']);

    const unrated = shown.get('Brand New Builders')!;
    expect(unrated).toContain('No reviews yet');
    expect(unrated).not.toContain('0.0');
    expect(unrated).not.toContain('0 reviews');
    expect(unrated).not.toContain('Rated ');

    const rated = shown.get('Rated Ridge Builders')!;
    expect(rated).toContain('aria-label="Rated 4.5 out of 5"');
    expect(rated).toContain('>4.5<');
    expect(rated).toContain('(10 reviews)');
    expect(rated).not.toContain('No reviews yet');
  });
});

describe("the administrator's contractor list", () => {
  const row = (id: number, name: string, rating: number, reviewCount: number): AdminContractor => ({
    id,
    name,
    licenseNumber: 'PA123456',
    location: 'Laporte, PA',
    services: ['general-contracting'],
    rating,
    reviewCount,
    approvalStatus: 'approved',
    rejectionReason: null,
    isVisible: true,
    insuranceInfo: null,
    verified: false,
    verifiedAt: null,
    verifiedBy: null,
    registrationVerified: false,
    registrationExpiresOn: null,
    insuranceVerified: false,
    insuranceExpiresOn: null,
    insurer: null,
    insurancePolicyNumber: null,
    lapsed: false,
    email: `c${id}@example.com`,
    phone: '(570) 555-0100',
    createdAt: '2026-01-05T12:00:00.000Z',
    account: null,
    subscriptionPlan: 'free',
    subscriptionStatus: 'active',
    creditsUsed: 0,
    creditsTotal: 0,
    deliveries: 0,
    paidTotal: '0.00',
  });

  it("says 'No reviews yet' in the Rating column of an unreviewed contractor", () => {
    const queryClient = createQueryClient();
    const list: AdminContractorList = {
      contractors: [row(1, 'Rated Ridge Builders', 4.5, 10), row(2, 'Brand New Builders', 0, 0)],
      counts: { all: 2, pending: 0, approved: 2, rejected: 0 },
    };
    queryClient.setQueryData(contractorsKey('all'), list);
    const html = renderToString(
      <RegionContext.Provider value={region}>
        <QueryClientProvider client={queryClient}>
          <Router ssrPath="/admin/contractors">
            <ContractorsPage />
          </Router>
        </QueryClientProvider>
      </RegionContext.Provider>,
    );
    const rows = new Map(
      html
        .split('data-testid="admin-contractor-row"')
        .slice(1)
        .map((r) => [
          /<p class="font-semibold">([^<]*)<\/p>/.exec(r)![1]!,
          /data-label="Rating"[\s\S]*?<\/td>/.exec(r)![0],
        ]),
    );
    expect([...rows.keys()]).toEqual(['Rated Ridge Builders', 'Brand New Builders']);
    expect(rows.get('Brand New Builders')).toContain('No reviews yet');
    expect(rows.get('Brand New Builders')).not.toContain('0.0');
    expect(rows.get('Rated Ridge Builders')).toContain('4.5');
    expect(rows.get('Rated Ridge Builders')).toContain('(10 reviews)');
  });
});
