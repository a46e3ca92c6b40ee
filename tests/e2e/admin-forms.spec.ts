import { region } from '../../shared/region';
import { HIDE_NOTE_MAX, HIDE_REASON_LABELS } from '../../shared/reviews';
import { REJECTION_REASON_MAX } from '../../shared/schemas/admin';
import { expect, test, type Locator, type Page, type TestInfo } from './fixtures/test';
import { ADMIN, signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { freshReviewLink } from './fixtures/review-link';
import { open } from './helpers';

/**
 * The administrator's forms on the one progressive form (docs/decisions/0097-one-progressive-form.md):
 * a wrong field shows the shared schema's message on that field, marked invalid, with the focus on
 * the first field to fix, and nothing is sent; the server's refusals show where they did; the
 * right input is saved. The desktop and phone projects share one database, so each test works on
 * data of its own.
 */

const notice = (page: Page) => page.getByTestId('toast');
const stamp = (testInfo: TestInfo) =>
  `${Date.now()}${testInfo.project.name === 'desktop' ? 'd' : 'p'}${testInfo.workerIndex}`;

/** The requests sent with `method` to a path ending in `suffix`, as they are made. */
function sent(page: Page, method: string, suffix: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && suffix.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

/** The field shows `message` as its error, is marked invalid and described by it. */
async function expectFieldError(control: Locator, message: string | RegExp) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(message);
}

async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('sign-in: empty fields are marked with the schema message and nothing is sent; a wrong password empties it; the right one signs in', async ({
  page,
}) => {
  const logins = sent(page, 'POST', /\/api\/admin\/login$/);
  await open(page, '/admin/login');
  const username = page.getByLabel('Username');
  const password = page.getByLabel('Password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(notice(page)).toContainText('Missing Information');
  await expectFieldError(username, 'Please enter both username and password');
  await expectFieldError(password, 'Please enter both username and password');
  await expect(username).toBeFocused();

  // Fixing the username clears its message; the password is now the first to fix.
  await username.fill(ADMIN.username);
  await expect(username).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(password).toBeFocused();
  await expectFieldError(password, 'Please enter both username and password');
  expect(logins).toHaveLength(0);

  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(notice(page)).toContainText('Login Failed');
  await expect(notice(page)).toContainText('Invalid credentials');
  await expect(password).toHaveValue('');
  expect(logins).toHaveLength(1);

  await password.fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});

test('pricing rule: a missing price and value are marked on their fields; an inactive rule is created, then edited from its saved values', async ({
  page,
}, testInfo) => {
  // An inactive rule changes no price, so the other tests' price matrix is untouched.
  const price = testInfo.project.name === 'desktop' ? '87.13' : '87.14';
  const rules = sent(page, 'POST', /\/api\/pricing-rules$/);
  await signInAdmin(page.request);
  await open(page, '/admin/pricing');
  await page.getByRole('button', { name: 'Add Pricing Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Pricing Rule' });
  const leadPrice = dialog.getByLabel('Lead Price');

  await dialog.getByRole('button', { name: 'Create Rule' }).click();
  await expect(notice(page)).toContainText('Invalid Price');
  await expectFieldError(leadPrice, /Please enter a valid price/);
  await expect(leadPrice).toBeFocused();

  // A service rule with nothing chosen: the list is the first field to fix.
  await choose(dialog, page, 'Rule Type', 'Service');
  await leadPrice.fill(price);
  await dialog.getByRole('button', { name: 'Create Rule' }).click();
  const service = dialog.getByRole('combobox', { name: 'Service' });
  await expectFieldError(service, /Choose what this rule applies to/);
  await expect(service).toBeFocused();
  await expect(leadPrice).not.toHaveAttribute('aria-invalid');
  expect(rules).toHaveLength(0);

  await choose(dialog, page, 'Service', 'Plumbing');
  await dialog.getByLabel('Priority').fill('7');
  await dialog.getByRole('switch', { name: 'Active' }).click();
  await dialog.getByRole('button', { name: 'Create Rule' }).click();
  await expect(notice(page)).toContainText('Pricing Rule Created');
  await expect(dialog).toBeHidden();
  expect(rules).toHaveLength(1);
  const row = page.getByTestId('pricing-rule').filter({ hasText: `$${price}` });
  await expect(row).toContainText(/Service\s*Plumbing/);
  await expect(row.getByRole('switch')).not.toBeChecked();

  // Editing starts from what the rule holds.
  await row.getByRole('button', { name: 'Edit Service rule for Plumbing' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Pricing Rule' });
  await expect(edit.getByRole('combobox', { name: 'Rule Type' })).toHaveText('Service');
  await expect(edit.getByRole('combobox', { name: 'Service' })).toHaveText('Plumbing');
  await expect(edit.getByLabel('Lead Price')).toHaveValue(price);
  await expect(edit.getByLabel('Priority')).toHaveValue('7');
  await expect(edit.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await edit.getByLabel('Lead Price').fill('0');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectFieldError(edit.getByLabel('Lead Price'), /Please enter a valid price/);
  await edit.getByLabel('Priority').fill('8');
  await edit.getByLabel('Lead Price').fill(price);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page)).toContainText('Pricing Rule Updated');
  // The County column shows once some rule has a county (another test's town rule): this one is a platform default.
  await expect(row).toContainText(/Plumbing\s*(Platform default)?\s*\$\d+\.\d\d\s*8/);
});

test("approve step: verifying without expiry dates is refused on the date's field; with the date it is approved", async ({
  page,
}, testInfo) => {
  const name = `Admin Forms Roofing ${stamp(testInfo)}`;
  // An application without expiry dates: verifying needs them, which the server says.
  const res = await page.request.post('/api/contractors/submit', {
    data: {
      name,
      yearsInBusiness: '6',
      description: 'Roofs and gutters for homes and camps.',
      email: `admin-forms-${stamp(testInfo)}@builders.example`,
      phone: '(570) 555-0171',
      website: '',
      address: '5 Main Street',
      city: 'Dushore',
      zip: '18614',
      licenseNumber: uniqueLicenceNumber(),
      insuranceInfo: 'General liability $1M',
      projectGalleryUrl: '',
      services: ['Roofing'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInAdmin(page.request);
  await open(page, '/admin/contractors');
  await page.getByPlaceholder('Search by name, location or service...').fill(name);
  const row = page.getByTestId('admin-contractor-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Approve ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Contractor' });
  await dialog.getByRole('checkbox', { name: 'License and insurance verified' }).click();
  const registration = dialog.getByLabel('Registration expires');
  await expect(registration).toHaveValue('');
  await dialog.getByRole('button', { name: 'Approve Contractor' }).click();
  await expect(notice(page)).toContainText("Enter the registration's expiry date before verifying it");
  await expectFieldError(registration, 'Enter the expiry date');
  await expect(registration).toBeFocused();
  await expect(dialog).toBeVisible();

  const nextYear = `${new Date().getFullYear() + 1}-06-30`;
  await registration.fill(nextYear);
  await dialog.getByLabel('Insurance expires').fill(nextYear);
  await dialog.getByRole('button', { name: 'Approve Contractor' }).click();
  await expect(notice(page).filter({ hasText: 'Contractor status updated successfully' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Approved');
  await expect(row.getByTestId('verification')).toContainText(/Verified\s*by admin, /);
});

test('reject step: the reason is limited by the shared limit and counted; the confirm waits for it', async ({
  page,
}, testInfo) => {
  const name = `Admin Forms Siding ${stamp(testInfo)}`;
  const res = await page.request.post('/api/contractors/submit', {
    data: {
      name,
      yearsInBusiness: '3',
      description: 'Siding and windows for homes.',
      email: `admin-forms-reject-${stamp(testInfo)}@builders.example`,
      phone: '(570) 555-0172',
      website: '',
      address: '6 Main Street',
      city: 'Dushore',
      zip: '18614',
      licenseNumber: uniqueLicenceNumber(),
      insuranceInfo: 'General liability $1M',
      projectGalleryUrl: '',
      services: ['Siding'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInAdmin(page.request);
  await open(page, '/admin/contractors');
  await page.getByPlaceholder('Search by name, location or service...').fill(name);
  const row = page.getByTestId('admin-contractor-row').filter({ hasText: name });
  await row.getByRole('button', { name: `Reject ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Contractor Application' });
  const reason = dialog.getByLabel('Reason for rejection');
  await expect(reason).toHaveAttribute('maxlength', String(REJECTION_REASON_MAX));
  await expect(dialog.getByRole('button', { name: 'Reject Application' })).toBeDisabled();
  await reason.fill('  No insurance certificate  ');
  await expect(dialog).toContainText(`28/${REJECTION_REASON_MAX} characters`);
  await dialog.getByRole('button', { name: 'Reject Application' }).click();
  await expect(notice(page).filter({ hasText: 'Contractor status updated successfully' })).toBeVisible();
  // The schema trims what is sent.
  await expect(row.getByTestId('rejection-reason')).toHaveText('No insurance certificate');
});

test('credentials: wrong facts are marked on their fields and not sent; the right ones are saved; a refused verification is told', async ({
  page,
}) => {
  await signInAdmin(page.request);
  const business = await approvedBusiness(page.request, 'Admin Forms Credentials');
  const patches = sent(page, 'PATCH', /\/credentials$/);
  await open(page, `/admin/contractors/${business.id}/credentials`);
  await expect(page.getByRole('heading', { level: 1, name: `Credentials: ${business.name}` })).toBeVisible();
  const licence = page.getByLabel('License Number');
  const coverage = page.getByLabel('Coverage per occurrence ($)');
  await licence.fill('XYZ');
  await coverage.fill('lots');
  await page.getByRole('button', { name: 'Save credentials' }).click();
  await expectFieldError(licence, region.credentials.registration.formatMessage);
  await expectFieldError(coverage, 'Coverage per occurrence must be an amount in dollars, e.g. 1,000,000');
  await expect(licence).toBeFocused();
  expect(patches).toHaveLength(0);

  // A fixed field's message goes as it is fixed.
  const number = uniqueLicenceNumber();
  await licence.fill(number);
  await expect(licence).not.toHaveAttribute('aria-invalid');
  await coverage.fill('1,000,000');
  await page.getByRole('button', { name: 'Save credentials' }).click();
  await expect(notice(page).filter({ hasText: 'Saved' })).toContainText(
    `The credentials of ${business.name} are saved.`,
  );
  expect(patches).toHaveLength(1);
  await expect(page.getByRole('heading', { level: 2, name: `Registration ${number}` })).toBeVisible();

  // The insurance has no expiry date: the server refuses to verify it, and the toast says why.
  const insurance = page.getByTestId('insurance-card');
  await insurance.getByRole('button', { name: 'Verify insurance' }).click();
  await expect(notice(page)).toContainText("Enter the insurance's expiry date before verifying it");
  await expect(insurance.getByTestId('insurance-status')).not.toContainText(/Verified by/);
  // How it was checked is required: the button waits for it.
  await insurance.getByLabel('How it was checked').fill('   ');
  await expect(insurance.getByRole('button', { name: 'Verify insurance' })).toBeDisabled();
});

test('hide a review: the reason comes from the policy, the note has the shared limit; the review is hidden with both', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInAdmin(page.request);
  const business = await approvedBusiness(page.request, 'Admin Forms Reviews');
  const { path } = await freshReviewLink(page.request, {
    contractorName: business.name,
    name: 'Hana Hidden',
    email: `hana-${stamp(testInfo)}@example.com`,
  });
  const review = await page.request.post('/api/reviews', {
    data: {
      token: path.split('/').pop(),
      contacted: true,
      hired: false,
      rating: 1,
      comment: 'Call me at home any time.',
    },
  });
  expect(review.status(), await review.text()).toBe(201);

  await open(page, '/admin/reviews');
  const item = page.getByTestId('admin-review').filter({ hasText: business.name });
  await item.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review' });
  const hide = dialog.getByRole('button', { name: 'Hide review' });
  await expect(hide).toBeDisabled();
  const note = dialog.getByLabel('Note (optional, for administrators only)');
  await expect(note).toHaveAttribute('maxlength', String(HIDE_NOTE_MAX));
  await dialog.getByLabel('Reason (from the review policy)').selectOption({ label: HIDE_REASON_LABELS.personal_data });
  await note.fill('  A phone number in the comment  ');
  await hide.click();
  await expect(notice(page)).toContainText(`Hidden for: ${HIDE_REASON_LABELS.personal_data}.`);
  await expect(dialog).toBeHidden();
  await expect(item).toContainText(`${HIDE_REASON_LABELS.personal_data} (A phone number in the comment)`);
  await expect(item.getByRole('button', { name: 'Show again' })).toBeVisible();
});
