import type { ImportAnswer } from '../../shared/contractor-import';
import { signInAdmin } from './fixtures/admin';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from './fixtures/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, open } from './helpers';

/**
 * Administrators decide the claims by document of imported listings
 * (docs/decisions/0131-listing-claims.md): two businesses are imported without a phone or an email
 * (so a document is the only way to claim them) and approved, and each is claimed with a document
 * through the API; on the Listing claims page the administrator approves the first, rejects the
 * second with a reason, and undoes the first. The desktop and phone projects share one database,
 * so each run imports its own businesses, with its own names, registration numbers and claimants.
 */

const stampOf = (testInfo: TestInfo) =>
  `${Date.now().toString(36)}${testInfo.project.name === 'desktop' ? 'd' : 'p'}${testInfo.workerIndex}`;

/** A PDF as a browser sends a document: the server reads its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Listing {
  id: number;
  name: string;
}

/**
 * Roofers of Dushore, one a row, with no phone and no email, imported into Sullivan County and
 * approved through the admin API (`admin` signed in): listed as unclaimed.
 */
async function importListings(admin: APIRequestContext, stamp: string, names: string[]): Promise<Listing[]> {
  const rows = names.map((name) => `${name},${uniqueLicenceNumber()},Roofing,,Dushore`);
  const csv = ['Business Name,Registration Number,Type of Work,Phone,City', ...rows].join('\r\n') + '\r\n';
  const res = await admin.post('/api/admin/imports', {
    multipart: {
      county: 'sullivan',
      file: { name: `listing-claims-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const answer = (await res.json()) as ImportAnswer;
  expect(answer.counts.new, JSON.stringify(answer.rows)).toBe(names.length);
  const approved = await admin.post(`/api/admin/imports/${answer.importId}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return answer.rows.map((r, i) => ({ id: r.listingId!, name: names[i]! }));
}

/** A visitor claims a listing with a document, as the claim page sends it. */
async function claimByDocument(
  visitor: APIRequestContext,
  listing: Listing,
  claimant: { name: string; email: string },
) {
  const res = await visitor.post(`/api/claims/${listing.id}/document`, {
    multipart: {
      name: claimant.name,
      email: claimant.email,
      document: { name: 'registration.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(res.status(), await res.text()).toBe(202);
}

/** The admin navigation's link, through the menu sheet on a phone. */
async function openFromNav(page: Page, isMobile: boolean, name: string) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }).click();
  }
}

test('the administrator approves, rejects and undoes claims of imported listings', async ({
  page,
  playwright,
  isMobile,
}, testInfo) => {
  // An import, two claims, three decisions and an axe pass: more than the default 30 s on a phone under load.
  test.slow();
  const stamp = stampOf(testInfo);
  const baseURL = testInfo.project.use.baseURL;
  const admin = await playwright.request.newContext({ baseURL });
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    await signInAdmin(admin);
    const [approving, rejecting] = await importListings(admin, stamp, [
      `Ridge Top Roofing ${stamp}`,
      `Loyalsock Slate Roofing ${stamp}`,
    ]);
    const pat = { name: `Pat Owner ${stamp}`, email: `pat-${stamp}@owner.example` };
    const sam = { name: `Sam Claimant ${stamp}`, email: `sam-${stamp}@owner.example` };
    await claimByDocument(visitor, approving!, pat);
    await claimByDocument(visitor, rejecting!, sam);

    await signInAdmin(page.request);
    await open(page, '/admin/contractors');
    await openFromNav(page, isMobile, 'Listing claims');
    await expect(page).toHaveURL(/\/admin\/listing-claims$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Listing claims' })).toBeVisible();
    // The lead claims keep their own link beside this one.
    if (!isMobile)
      await expect(
        page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Claims', exact: true }),
      ).toHaveAttribute('href', '/admin/claims');

    // Both wait for a decision: the business, how it was claimed, by whom, and the document.
    const waiting = page.getByRole('tab', { name: /^Waiting for a decision/ });
    const all = page.getByRole('tab', { name: 'All', exact: true });
    await expect(waiting).toHaveAttribute('aria-selected', 'true');
    const rows = page.getByTestId('listing-claim');
    const first = rows.filter({ hasText: approving!.name });
    const second = rows.filter({ hasText: rejecting!.name });
    await expect(first).toHaveCount(1);
    await expect(second).toHaveCount(1);
    await expect(first.getByRole('link', { name: approving!.name, exact: true })).toHaveAttribute(
      'href',
      `/contractor/${approving!.id}`,
    );
    await expect(first).toContainText('Document');
    await expect(first).toContainText(pat.name);
    await expect(first).toContainText(pat.email);
    await expect(first.getByTestId('listing-claim-status')).toHaveText('Waiting for a decision');
    await expect(first.getByRole('link', { name: `View the document of ${approving!.name}` })).toHaveAttribute(
      'href',
      `/admin/contractors/${approving!.id}/credentials`,
    );
    await expectNoAxeViolations(page);
    if (isMobile) await expectNoSidewaysScroll(page);

    // Approved: the server's answer is said, and the claim leaves the waiting list.
    const status = page.getByTestId('listing-claims-status');
    await first.getByRole('button', { name: `Approve the claim of ${approving!.name}` }).click();
    await expect(status).toHaveText(`Claim approved: a setup code was emailed to the claimant (${approving!.name}).`);
    await expect(first).toHaveCount(0);
    await expect(second).toHaveCount(1);

    // Rejected with a reason, which the dialog asks for.
    await second.getByRole('button', { name: `Reject the claim of ${rejecting!.name}` }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject claim' });
    const rejectButton = rejectDialog.getByRole('button', { name: 'Reject Claim' });
    await expect(rejectButton).toBeDisabled();
    const reason = `The certificate names another business (${stamp}).`;
    await rejectDialog.getByLabel('Reason').fill(reason);
    await rejectButton.click();
    await expect(rejectDialog).toHaveCount(0);
    await expect(status).toHaveText(`Claim rejected (${rejecting!.name}).`);
    await expect(second).toHaveCount(0);

    // Every claim: the first approved by the administrator, the second rejected with its reason.
    await all.click();
    await expect(all).toHaveAttribute('aria-selected', 'true');
    await expect(first.getByTestId('listing-claim-status')).toHaveText('Approved');
    await expect(first).toContainText(/Approved .* by admin/);
    await expect(second.getByTestId('listing-claim-status')).toHaveText('Rejected');
    await expect(second).toContainText(`Reason: ${reason}`);
    await expect(second.getByRole('button')).toHaveCount(0);
    if (isMobile) await expectNoSidewaysScroll(page);

    // Undone after a confirmation: the account goes and the listing can be claimed again.
    await first.getByRole('button', { name: `Undo the claim of ${approving!.name}` }).click();
    const undoDialog = page.getByRole('dialog', { name: 'Undo claim' });
    await expect(undoDialog).toContainText(pat.email);
    await undoDialog.getByRole('button', { name: 'Undo Claim' }).click();
    await expect(undoDialog).toHaveCount(0);
    await expect(status).toHaveText(`Claim undone: the listing is unclaimed again (${approving!.name}).`);
    await expect(first.getByTestId('listing-claim-status')).toHaveText('Undone');
    await expect(first.getByRole('button')).toHaveCount(0);
    expect((await visitor.get(`/api/claims/${approving!.id}`)).status()).toBe(200);
  } finally {
    await admin.dispose();
    await visitor.dispose();
  }
});
