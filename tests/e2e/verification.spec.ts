import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from './fixtures/test';
import { addDays } from '../../shared/credentials';
import { siteDay } from '../../shared/site-calendar';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { open } from './helpers';
import { signInAdmin } from './fixtures/admin';

/**
 * A business that joins through the site must be found by the home page's search
 * (docs/decisions/0018-licensed-and-insured-filter.md). 'Licensed & Insured Only' starts ticked and
 * keeps verified contractors, so the administrator verifies licence and insurance, and until then the
 * search says what the box hides.
 *
 * The desktop and phone projects run at the same time on one database, so each test searches a
 * town of its own for additions, which no seeded contractor offers there.
 */

const SERVICE = { option: 'Home Additions & Expansions', slug: 'additions', checkbox: 'Additions & Extensions' };
const TOWNS = {
  journey: {
    desktop: { city: 'Estella', zip: '18616', label: 'Elkland Township', slug: 'elkland-township' },
    phone: { city: 'Lopez', zip: '18628', label: 'Colley Township', slug: 'colley-township' },
  },
  approveVerified: {
    desktop: { city: 'Mildred', zip: '18632', label: 'Cherry Township', slug: 'cherry-township' },
    phone: { city: 'Dushore', zip: '18614', label: 'Dushore Borough', slug: 'dushore' },
  },
};
type Town = (typeof TOWNS)['journey']['desktop'];

const townFor = (which: keyof typeof TOWNS, testInfo: TestInfo): Town =>
  TOWNS[which][testInfo.project.name === 'phone' ? 'phone' : 'desktop'];
const unique = (testInfo: TestInfo) =>
  `${Date.now()}${testInfo.project.name === 'desktop' ? 'd' : 'p'}${testInfo.workerIndex}`;
const notice = (page: Page) => page.getByTestId('toast');
const rowOf = (page: Page, name: string) => page.getByTestId('admin-contractor-row').filter({ hasText: name });
/** Verifying records until when each credential holds (docs/decisions/0032-credential-verification.md), so the business gives the dates: a year ahead. */
const aYearAhead = () => addDays(siteDay(new Date()), 365);

/** The home page's search form, as a homeowner uses it. */
async function searchFromHome(page: Page, town: Town) {
  await open(page, '/');
  await page.getByRole('combobox', { name: 'Service Type' }).selectOption({ label: SERVICE.option });
  await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: town.label });
  await page.getByRole('button', { name: 'Find Contractors Near Me' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?service=${SERVICE.slug}&location=${town.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Find Contractors in Sullivan County' })).toBeVisible();
  await expect(page.getByLabel('Licensed & Insured Only')).toBeChecked();
}

async function findInAdminList(page: Page, name: string) {
  await open(page, '/admin/contractors');
  await page.getByPlaceholder('Search by name, location or service...').fill(name);
  await expect(page.getByTestId('admin-contractor-row')).toHaveCount(1);
  return rowOf(page, name);
}

test.describe('a business that joins through the site', () => {
  test('submitted, approved, verified: found by the home search, and announced by it before verification', async ({
    page,
  }, testInfo) => {
    // A long journey (15 s here): CI's machine runs about twice as slow as this one.
    test.slow();
    const town = townFor('journey', testInfo);
    const name = `Timberline Additions ${unique(testInfo)}`;
    const licenceNumber = uniqueLicenceNumber();

    // Nobody offers additions in this town yet: the search is empty and hides nothing.
    await searchFromHome(page, town);
    await expect(page.getByRole('heading', { name: 'No contractors found' })).toBeVisible();
    await expect(page.getByTestId('unverified-note')).toHaveCount(0);

    // The owner submits the business through the site's form.
    await open(page, '/submit-business');
    await page.getByLabel('Business Name').fill(name);
    await page.getByLabel('Years in Business').fill('9');
    await page.getByLabel('Business Description').fill('Additions, sunrooms and garages for farmhouses and camps.');
    await page.getByLabel('Email Address').fill(`timberline-${unique(testInfo)}@builders.example`);
    await page.getByLabel('Phone Number').fill('(570) 555-0177');
    await page.getByLabel('Street Address').fill('3 Ridge Road');
    await page.getByLabel('City').fill(town.city);
    await page.getByLabel('ZIP Code').fill(town.zip);
    await page.getByLabel('License Number').fill(licenceNumber);
    await page.getByLabel('Registration Expires (optional)').fill(aYearAhead());
    await page.getByLabel('Insurance Expires (optional)').fill(aYearAhead());
    await page.getByLabel('Insurance Information').fill('General liability $2M, Penn Mutual');
    await page.getByLabel(SERVICE.checkbox).check();
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();

    // The administrator approves it, seeing the licence and insurance given, without verifying yet.
    await signInAdmin(page.request);
    let row = await findInAdminList(page, name);
    await expect(row.getByTestId('verification')).toHaveText('Not verified');
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Contractor' });
    await expect(dialog).toContainText(licenceNumber);
    await expect(dialog).toContainText('General liability $2M, Penn Mutual');
    await expect(dialog.getByRole('checkbox', { name: 'License and insurance verified' })).not.toBeChecked();
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Approve Contractor' }).click();
    await expect(notice(page)).toContainText('Contractor status updated successfully');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Approved');
    await expect(row.getByTestId('verification')).toHaveText('Not verified');

    // Before verification the default search does not show it, but says that it hides it.
    await searchFromHome(page, town);
    await expect(page.getByRole('heading', { name: 'No contractors found' })).toBeVisible();
    const note = page.getByTestId('unverified-note');
    await expect(note).toHaveText(/1 contractor matches, but its license and insurance are not verified yet\./);
    await note.getByRole('button', { name: 'Show unverified contractors' }).click();
    await expect(page.getByLabel('Licensed & Insured Only')).not.toBeChecked();
    await expect(page.getByText('1 contractor(s) found', { exact: true })).toBeVisible();
    const card = page.getByTestId('contractor-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Verified', { exact: true })).toHaveCount(0);
    await expect(note).toHaveCount(0);

    // The administrator verifies licence and insurance from the list; who and when are shown.
    row = await findInAdminList(page, name);
    await row.getByRole('button', { name: `Verify license and insurance of ${name}` }).click();
    await expect(notice(page)).toContainText('Verified');
    await expect(row.getByTestId('verification')).toContainText(/Verified\s*by admin, \w{3} \d{1,2}, \d{4}/);
    await expect(row.getByRole('button', { name: `Withdraw verification of ${name}` })).toBeVisible();

    // Now the home search finds it with the box ticked, with the badge, and hides nothing.
    await searchFromHome(page, town);
    await expect(page.getByText('1 contractor(s) found', { exact: true })).toBeVisible();
    const verifiedCard = page.getByTestId('contractor-card').filter({ hasText: name });
    await expect(verifiedCard.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByTestId('unverified-note')).toHaveCount(0);
    await verifiedCard.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Verified Licensed')).toBeVisible();
  });

  test("approving with 'License and insurance verified' ticked lists it verified; Unverify withdraws it", async ({
    page,
    request,
  }, testInfo) => {
    const town = townFor('approveVerified', testInfo);
    const name = `Sunroom Specialists ${unique(testInfo)}`;
    const res = await request.post('/api/contractors/submit', {
      data: {
        name,
        yearsInBusiness: '4',
        description: 'Sunrooms and porch enclosures.',
        email: `sunroom-${unique(testInfo)}@builders.example`,
        phone: '(570) 555-0166',
        website: '',
        address: '8 Main Street',
        city: town.city,
        zip: town.zip,
        licenseNumber: uniqueLicenceNumber(),
        registrationExpiresOn: aYearAhead(),
        insuranceInfo: 'General liability $1M',
        insuranceExpiresOn: aYearAhead(),
        projectGalleryUrl: '',
        services: [SERVICE.checkbox],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const licensedSearch = `/search?service=${SERVICE.slug}&location=${town.slug}`;

    await signInAdmin(page.request);
    const row = await findInAdminList(page, name);
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Contractor' });
    await dialog.getByRole('checkbox', { name: 'License and insurance verified' }).click();
    await dialog.getByRole('button', { name: 'Approve Contractor' }).click();
    await expect(notice(page)).toContainText('Contractor status updated successfully');
    await expect(row).toContainText('Approved');
    await expect(row.getByTestId('verification')).toContainText(/Verified\s*by admin, /);

    await open(page, licensedSearch);
    await expect(page.getByLabel('Licensed & Insured Only')).toBeChecked();
    await expect(page.getByText('1 contractor(s) found', { exact: true })).toBeVisible();
    await expect(
      page.getByTestId('contractor-card').filter({ hasText: name }).getByText('Verified', { exact: true }),
    ).toBeVisible();

    await findInAdminList(page, name);
    await row.getByRole('button', { name: `Withdraw verification of ${name}` }).click();
    await expect(notice(page)).toContainText('Verification Withdrawn');
    await expect(row.getByTestId('verification')).toHaveText('Not verified');

    await open(page, licensedSearch);
    await expect(page.getByRole('heading', { name: 'No contractors found' })).toBeVisible();
    await expect(page.getByTestId('unverified-note')).toHaveText(
      /1 contractor matches, but its license and insurance are not verified yet\./,
    );
  });
});
