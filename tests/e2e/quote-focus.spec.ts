import { expect, test, type Locator, type Page } from './fixtures/test';
import { open } from './helpers';

/** Closing the quote dialog, however it closes, puts focus back on the button that opened it (issue 11.5). */

async function openWithKeyboard(page: Page, button: Locator) {
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request a Free Quote' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your Name')).toBeFocused();
  return dialog;
}

test('Escape, Cancel and the close button return focus to the opening button', async ({ page }) => {
  await open(page, '/browse?sort=name');
  // The third card's button: focus must not go to the first one, or to the page.
  const button = page.getByRole('button', { name: 'Get Free Quote' }).nth(2);

  await openWithKeyboard(page, button);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(button).toBeFocused();

  let dialog = await openWithKeyboard(page, button);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  dialog = await openWithKeyboard(page, button);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('after a quote is sent, focus returns to the profile button that opened the dialog', async ({ page, request }) => {
  // Found through the API: other tests add contractors, so its place in a list moves.
  const listed = (await (await request.get('/api/contractors?location=laporte&sort=name&pageSize=48')).json()) as {
    contractors: { id: number; name: string }[];
  };
  const id = listed.contractors.find((c) => c.name === 'Loyalsock Creek Builders')!.id;
  await open(page, `/contractor/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalsock Creek Builders' })).toBeVisible();
  const button = page.getByRole('main').getByRole('button', { name: 'Get Free Quote' }).first();
  const dialog = await openWithKeyboard(page, button);
  await dialog.getByLabel('Your Name').fill('Casey Focus');
  await dialog.getByLabel('Email').fill(`casey.${Date.now()}@example.com`);
  await dialog.getByLabel('Phone').fill('(570) 555-0177');
  await dialog.getByLabel('Service Needed').click();
  await page.getByRole('option', { name: 'Roofing & Siding', exact: true }).click();
  await dialog.getByLabel('Project Location').fill('Laporte, PA');
  await dialog.getByLabel('Project Details').fill('Replace the shingles on a small garage roof.');
  await dialog.getByRole('button', { name: 'Send Quote Request' }).click();
  await expect(page.getByTestId('toast')).toContainText('Quote Request Sent!');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
