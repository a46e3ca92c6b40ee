import { addDays, formatDay } from '../../shared/credentials';
import { formatMonth, siteMonth } from '../../shared/site-calendar';
import { expect, test, type Page, type TestInfo } from './fixtures/test';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { holdClock, moveClock, releaseClock } from './fixtures/test-clock';
import { open } from './helpers';
import { signInAdmin } from './fixtures/admin';

/**
 * Credentials in the browser (issue 15, docs/decisions/0032-credential-verification.md): the
 * administrator verifies a contractor's registration and insurance one by one; the profile then
 * says so, with the Verified badge, and 'Licensed & Insured Only' finds it. When the insurance's
 * expiry date comes, the badge and the filter drop it by themselves. The server's clock is moved to
 * that day (never waited for); the test holds the clock, so the other browser project's run waits
 * its turn.
 */

const TOWN = { city: 'Muncy Valley', zip: '17758', slug: 'davidson-township' };
const SEARCH = `/search?service=additions&location=${TOWN.slug}`;

const unique = (testInfo: TestInfo) =>
  `${Date.now()}${testInfo.project.name === 'desktop' ? 'd' : 'p'}${testInfo.workerIndex}`;
const card = (page: Page, name: string) => page.getByTestId('contractor-card').filter({ hasText: name });

async function findInAdminList(page: Page, name: string) {
  await open(page, '/admin/contractors');
  await page.getByPlaceholder('Search by name, location or service...').fill(name);
  const row = page.getByTestId('admin-contractor-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

async function openCredentials(page: Page, name: string) {
  await (await findInAdminList(page, name)).getByRole('link', { name: `Credentials of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Credentials: ${name}` })).toBeVisible();
}

test('the administrator verifies registration and insurance; on the expiry date the badge and the licensed filter drop the contractor', async ({
  page,
}, testInfo) => {
  // Holding the clock can wait for the other project's run of this test.
  test.setTimeout(180_000);
  const api = page.request;
  const hold = await holdClock(api);
  try {
    const name = `Porch & Sunroom Builders ${unique(testInfo)}`;
    const number = uniqueLicenceNumber();
    const registrationUntil = addDays(hold.today, 400);
    const insuredUntil = addDays(hold.today, 2);

    // The business applies with its credentials; the administrator approves it without verifying.
    const submitted = await api.post('/api/contractors/submit', {
      data: {
        name,
        yearsInBusiness: '11',
        description: 'Porches, sunrooms and additions for camps and farmhouses.',
        email: `credentials-${unique(testInfo)}@builders.example`,
        phone: '(570) 555-0150',
        website: '',
        address: '2 Valley Road',
        city: TOWN.city,
        zip: TOWN.zip,
        licenseNumber: number,
        registrationExpiresOn: registrationUntil,
        insuranceInfo: 'General liability $1M, Erie Insurance',
        insurer: 'Erie Insurance',
        insurancePolicyNumber: 'Q54-210',
        insuranceCoverageOccurrence: '1,000,000',
        insuranceExpiresOn: insuredUntil,
        projectGalleryUrl: '',
        services: ['Additions & Extensions'],
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const id = ((await submitted.json()) as { id: number }).id;
    await signInAdmin(api);
    expect((await api.patch(`/api/admin/contractors/${id}/approval`, { data: { status: 'approved' } })).status()).toBe(
      200,
    );

    // The administrator checks each credential in the browser.
    await openCredentials(page, name);
    const badge = page.getByTestId('badge-status');
    await expect(badge).toContainText('Not shown as verified');
    const registration = page.getByTestId('registration-card');
    await expect(registration.getByRole('heading', { name: `Registration ${number}` })).toBeVisible();
    await registration.getByRole('button', { name: 'Verify registration' }).click();
    await expect(page.getByTestId('registration-status')).toContainText(`Verified by admin`);
    await expect(page.getByTestId('registration-status')).toContainText(`valid until ${formatDay(registrationUntil)}`);
    await expect(badge).toContainText('Not shown as verified');
    const insurance = page.getByTestId('insurance-card');
    await insurance.getByLabel('How it was checked').fill('Called the Erie Insurance agent');
    await insurance.getByRole('button', { name: 'Verify insurance' }).click();
    await expect(page.getByTestId('insurance-status')).toContainText(`valid until ${formatDay(insuredUntil)}`);
    await expect(page.getByTestId('insurance-status')).toContainText('Called the Erie Insurance agent');
    await expect(badge).toContainText('Verified Licensed');
    await expect(page.getByTestId('credential-history')).toContainText('Insurance: Verified');

    // The public profile says what was checked, and when.
    await open(page, `/contractor/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Verified Licensed')).toBeVisible();
    await expect(page.getByTestId('registration')).toHaveText(
      `${number} · Registration verified ${formatMonth(siteMonth(new Date()), true)}`,
    );
    await expect(page.getByTestId('insurance')).toHaveText(`Insured until ${formatDay(insuredUntil)}`);

    // 'Licensed & Insured Only', as the search starts, finds it with its badge.
    await open(page, SEARCH);
    await expect(page.getByLabel('Licensed & Insured Only')).toBeChecked();
    await expect(card(page, name)).toBeVisible();
    await expect(card(page, name).getByText('Verified', { exact: true })).toBeVisible();

    // The insurance's expiry date comes: nothing is edited, and the claims go.
    await moveClock(api, hold, insuredUntil);
    await open(page, `/contractor/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Verified Licensed')).toHaveCount(0);
    await expect(page.getByTestId('insurance')).toHaveText('not verified');
    await expect(page.getByTestId('registration')).toContainText('Registration verified');

    await open(page, SEARCH);
    await expect(page.getByLabel('Licensed & Insured Only')).toBeChecked();
    // The results are the server's answer on the new day (rendered with the page).
    await expect(
      page
        .getByText(/^\d+ contractor\(s\) found$/)
        .or(page.getByRole('heading', { name: 'No contractors found' }))
        .first(),
    ).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
    await page.getByLabel('Licensed & Insured Only').uncheck();
    await expect(card(page, name)).toBeVisible();
    await expect(card(page, name).getByText('Verified', { exact: true })).toHaveCount(0);

    // The administrator sees it lapsed, and why.
    await expect((await findInAdminList(page, name)).getByTestId('verification')).toHaveText('Expired: not verified');
    await openCredentials(page, name);
    await expect(page.getByTestId('insurance-status')).toHaveText(
      `Expired on ${formatDay(insuredUntil)}: no longer shown as verified`,
    );
    await expect(badge).toContainText('Not shown as verified');
  } finally {
    await releaseClock(api, hold);
  }
});
