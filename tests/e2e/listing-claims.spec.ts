import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportAnswer } from '../../shared/contractor-import';
import type { ContractorPage } from '../../shared/schemas/directory';
import { signInAdmin } from './fixtures/admin';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { emailedPath } from './fixtures/outbox';
import { expect, test, type APIRequestContext, type TestInfo } from './fixtures/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, open } from './helpers';

/**
 * An imported business claims its listing (docs/decisions/0131-listing-claims.md): the
 * administrator imports one business of the county's registry with an email address and approves
 * it; a homeowner finds it marked unclaimed and asks it for a quote; its owner claims it with the
 * code emailed to the listing's address, chooses a password and finds the request in the portal.
 * The desktop and phone projects share one database: each run imports its own copy of the sample's
 * first row, with its own name, registration number, phone number and email address.
 */

const SAMPLE = path.resolve(import.meta.dirname, '../../docs/samples/contractor-registry-sample.csv');

const stampOf = (testInfo: TestInfo) =>
  `${Date.now().toString(36)}${testInfo.project.name === 'desktop' ? 'd' : 'p'}${testInfo.workerIndex}`;

interface Imported {
  id: number;
  name: string;
  email: string;
  phone: string;
  licence: string;
}

/**
 * The sample's first row (a roofer of Dushore) as a file of one business with an email address
 * (without `contact`, with neither phone nor email),
 * imported into Sullivan County and approved through the admin API (`admin` signed in). Its phone is
 * a valid NANP number outside the 555 exchange the seed uses, unique to the run.
 */
async function importOne(
  admin: APIRequestContext,
  stamp: string,
  { contact = true }: { contact?: boolean } = {},
): Promise<Imported> {
  const [header, first] = (await readFile(SAMPLE, 'utf8')).trim().split(/\r?\n/);
  // The sample has no quoted cells: Business Name, Registration Number, Expiration Date, Type of Work, Phone, Address, City, Zip.
  const cells = first!.split(',');
  const exchange = 200 + Math.floor(Math.random() * 700);
  const business: Imported = {
    id: 0,
    name: `${cells[0]} ${stamp}`,
    email: `claim-${stamp}@registry.example`,
    phone: `570-${exchange === 555 ? 556 : exchange}-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    licence: uniqueLicenceNumber(),
  };
  cells[0] = business.name;
  cells[1] = business.licence;
  cells[4] = contact ? business.phone : '';
  const csv = `${header},Email\r\n${cells.join(',')},${contact ? business.email : ''}\r\n`;
  const res = await admin.post('/api/admin/imports', {
    multipart: {
      county: 'sullivan',
      file: { name: `claim-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const answer = (await res.json()) as ImportAnswer;
  expect(answer.counts.new, JSON.stringify(answer.rows)).toBe(1);
  const approved = await admin.post(`/api/admin/imports/${answer.importId}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return { ...business, id: answer.rows[0]!.listingId! };
}

/** The page of the search for roofers of Dushore, by name, that lists `name`. */
async function searchPageOf(request: APIRequestContext, name: string): Promise<number> {
  for (let at = 1; at < 50; at++) {
    const res = await request.get('/api/contractors/search', {
      params: { service: 'roofing', location: 'dushore', sort: 'name', page: String(at) },
    });
    expect(res.status(), await res.text()).toBe(200);
    const found = (await res.json()) as ContractorPage;
    if (found.contractors.some((c) => c.name === name)) return at;
    if (at * found.pageSize >= found.total) break;
  }
  throw new Error(`${name} is not among the roofers of Dushore`);
}

test('the owner of an imported listing claims it and finds the request sent to it', async ({
  page,
  playwright,
  isMobile,
}, testInfo) => {
  // An import, a quote, a claim with a code from the outbox, a setup and the portal, with axe passes.
  test.slow();
  const stamp = stampOf(testInfo);
  const admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await signInAdmin(admin);
    const business = await importOne(admin, stamp);

    // A homeowner finds it among the search's roofers of Dushore, unverified ones shown: unclaimed, no rating,
    // and the way to claim it. Other tests list roofers there too: its page is found through the API.
    const card = page.getByTestId('contractor-card').filter({ hasText: business.name });
    await expect(async () => {
      const at = await searchPageOf(page.request, business.name);
      await open(
        page,
        `/search?service=roofing&location=dushore&licensed=false&sort=name${at > 1 ? `&page=${at}` : ''}`,
      );
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(card.getByText('Unclaimed', { exact: true })).toBeVisible();
    await expect(card.getByText('No reviews yet')).toHaveCount(0);
    await expect(card.getByRole('link', { name: /Is this your business\? Claim it/ })).toHaveAttribute(
      'href',
      `/claim/${business.id}`,
    );

    // Its profile: the public record's phone and registration number, no made-up hours, reviews or photos.
    await open(page, `/contractor/${business.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
    await expect(main.getByText('Unclaimed', { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: business.phone })).toHaveAttribute(
      'href',
      `tel:${business.phone.replace(/-/g, '')}`,
    );
    await expect(main.getByTestId('registration')).toContainText(business.licence);
    await expect(main.getByText('This listing was added from public records.')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Business Hours' })).toHaveCount(0);
    await expect(main.getByRole('heading', { name: /Reviews/ })).toHaveCount(0);
    await expect(main.getByTestId('reply-record')).toHaveCount(0);
    const claimLink = main.getByRole('link', { name: 'Is this your business? Claim it' });
    await expect(claimLink).toHaveAttribute('href', `/claim/${business.id}`);
    await expectNoAxeViolations(page);
    if (isMobile) await expectNoSidewaysScroll(page);

    // The quote form as for any listing: the request is kept for the business to claim.
    const details = `New gutters along a farmhouse porch, claim run ${stamp}.`;
    await main.getByRole('button', { name: 'Get Free Quote' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Request a Free Quote' });
    await dialog.getByLabel('Your Name').fill('Robin Homeowner');
    await dialog.getByLabel('Email').fill(`robin-${stamp}@home.example`);
    await dialog.getByLabel('Phone').fill('(570) 555-0166');
    await dialog.getByLabel('Service Needed').click();
    await page.getByRole('option', { name: 'Roofing & Siding', exact: true }).click();
    await dialog.getByLabel('Project Location').fill('Dushore, PA');
    await dialog.getByLabel('Project Details').fill(details);
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send Quote Request' }).click();
    const lead = await asked;
    expect(lead.status()).toBe(201);
    const { id: leadId } = (await lead.json()) as { id: number };
    await expect(page.getByTestId('toast')).toContainText('Quote Request Sent!');

    // The owner claims it: the listing's channels are shown masked only.
    await claimLink.click();
    await expect(page).toHaveURL(new RegExp(`/claim/${business.id}$`));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.getByRole('heading', { level: 1, name: `Claim ${business.name}` })).toBeVisible();
    await expect(page.getByText('Dushore, PA')).toBeVisible();
    const [user, domain] = business.email.split('@');
    const byEmail = page.getByRole('radio', { name: `Email a code to ${user![0]}***@${domain}` });
    await expect(page.getByRole('radio', { name: `Text a code to ***-***-${business.phone.slice(-4)}` })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(business.email);
    await expectNoAxeViolations(page);
    if (isMobile) await expectNoSidewaysScroll(page);
    await byEmail.check();
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We sent a code to' })).toBeVisible();

    // A wrong code is refused, in words.
    const code = page.getByLabel('Code', { exact: true });
    await expect(code).toBeFocused();
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify the code' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That code is not right.' })).toBeVisible();

    const { path: sent } = await emailedPath(admin, {
      to: business.email,
      kind: 'listing-claim-code',
      link: /: (\d{6})\./,
    });
    await code.fill(sent);
    await page.getByRole('button', { name: 'Verify the code' }).click();

    // The first-time setup, filled in: only the password is left to choose.
    await expect(page.getByRole('heading', { name: /Choose your password/ })).toBeVisible();
    const setup = page.getByRole('form', { name: 'First-time setup' });
    await expect(setup.getByLabel('Email')).toHaveValue(business.email);
    await expect(setup.getByLabel('Setup Code')).not.toHaveValue('');
    await expect(setup.getByLabel('New Password')).toBeFocused();
    await setup.getByLabel('New Password').fill('claimed-roof-password-7');
    await setup.getByLabel('Confirm Password').fill('claimed-roof-password-7');
    await setup.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeFocused();

    // The sample county delivers by hand in these tests (tests/e2e/fixtures/seed-fixtures.ts): the claim
    // routed the held request, and the administrator hands it to the business now that it has an owner.
    const delivered = await admin.post('/api/lead-deliveries', { data: { leadId, contractorId: business.id } });
    expect(delivered.status(), await delivered.text()).toBe(201);

    await page.getByRole('link', { name: 'Sign in to the portal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Login' })).toBeVisible();
    await page.getByLabel('Email').fill(business.email);
    await page.getByLabel('Password').fill('claimed-roof-password-7');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/contractor$/);
    await open(page, '/contractor?section=leads');
    await expect(page.getByRole('heading', { level: 1, name: 'My Leads' })).toBeVisible();
    await expect(page.getByTestId('lead-card').filter({ hasText: details })).toBeVisible();

    // Claimed: the listing is an ordinary one, no longer claimable.
    await open(page, `/claim/${business.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This listing cannot be claimed' })).toBeVisible();
  } finally {
    await admin.dispose();
  }
});

test('a listing with no phone or email is claimed with a document for an administrator', async ({
  page,
  playwright,
}, testInfo) => {
  const stamp = stampOf(testInfo);
  const admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await signInAdmin(admin);
    const business = await importOne(admin, `${stamp}n`, { contact: false });
    await open(page, `/claim/${business.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Claim ${business.name}` })).toBeVisible();
    await expect(
      page.getByText('This listing has no phone number or email address we can send a code to.'),
    ).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'support@sullivancountycontractors.com' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Send a document' });
    await form.getByLabel('Your name').fill('Pat Owner');
    await form.getByLabel('Email for your portal account').fill(`pat-${stamp}@registry.example`);
    await form.getByRole('button', { name: 'Send the document' }).click();
    // Without the file it says so on its field, and nothing is sent.
    await expect(form.getByText('Choose a file')).toBeVisible();
    await form.getByLabel('Document').setInputFiles({
      name: 'registration.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await form.getByRole('button', { name: 'Send the document' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Document sent' })).toContainText(
      'An administrator will check the document and email you.',
    );
    await expectNoAxeViolations(page);
  } finally {
    await admin.dispose();
  }
});
