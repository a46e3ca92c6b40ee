import { signInAdmin } from './fixtures/admin';
import { expect, test } from './fixtures/test';
import { open } from './helpers';

/**
 * The administrator adds a county from the admin area (docs/decisions/0098-counties-are-data.md):
 * a name that is no Pennsylvania county is refused on its field, the county is added with its towns
 * and listed, and adding it again is refused; the bare address stays the default county's site.
 * Walked on the desktop (docs/decisions/0136-browser-projects.md).
 */
test('the administrator adds a Pennsylvania county from the Counties page', async ({ page, request }) => {
  const [typed, name, slug] = ['wyoming county', 'Wyoming County', 'wyoming'];
  await signInAdmin(page.request);
  await open(page, '/admin/counties');
  await expect(page.getByRole('heading', { level: 1, name: 'Counties' })).toBeVisible();
  await expect(page.getByTestId('county-row').filter({ hasText: 'Sullivan County, PA' })).toContainText('Default');

  const form = page.getByRole('form', { name: 'Add a county' });
  const field = form.getByLabel('Pennsylvania county');
  // Checked in the browser first: too short says so on the field, which gets the focus.
  await field.fill('x');
  await form.getByRole('button', { name: 'Add County' }).click();
  await expect(form.getByText('Enter the name of a Pennsylvania county')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The server knows the counties: an unknown one is refused on the field.
  await field.fill('Atlantis');
  await form.getByRole('button', { name: 'Add County' }).click();
  await expect(form.getByTestId('form-notice')).toContainText("No Pennsylvania county is called 'Atlantis'");
  await expect(form.getByText('Not a Pennsylvania county: check the spelling')).toBeVisible();
  await expect(field).toBeFocused();

  await field.fill(typed);
  await form.getByRole('button', { name: 'Add County' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `${name} added` })).toBeVisible();
  const row = page.getByTestId('county-row').filter({ hasText: `${name}, PA` });
  await expect(row).toContainText(`${name} Contractors`);
  await expect(row).toContainText(`${slug}.localhost`);
  await expect(field).toHaveValue('');

  await field.fill(typed);
  await form.getByRole('button', { name: 'Add County' }).click();
  await expect(form.getByTestId('form-notice')).toContainText(`${name} has already been added`);

  // The site on the bare address is still the default county's.
  const region = (await (await request.get('/api/region')).json()) as { slug: string };
  expect(region.slug).toBe('sullivan');
});
