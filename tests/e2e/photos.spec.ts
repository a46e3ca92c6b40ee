import sharp from 'sharp';
import type { ContractorPage, ContractorProfile } from '../../shared/schemas/directory';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { expect, test, type APIRequestContext, type Page } from './fixtures/test';
import { open } from './helpers';

/**
 * Photos end to end (issue 24, docs/decisions/0112-photos-on-the-public-site.md): a contractor
 * uploads a photo in the portal, the administrator approves it on the review screen, the public
 * profile and /gallery show it; the profile's viewer by keyboard; and without JavaScript the grid's
 * links and the gallery's filter form work. On the desktop and phone projects, one database: each
 * test makes its own contractor and caption.
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A small photo as a phone would send it: a JPEG of a few coloured bands. */
async function photoFile(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#87ceeb"/><rect y="380" width="800" height="220" fill="#6b8e23"/><rect x="250" y="220" width="300" height="180" fill="#b22222"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A listed sample contractor with at least two approved project photos (the sample data gives most of them a few). */
async function sampleWithPhotos(request: APIRequestContext): Promise<ContractorProfile> {
  const page = (await (
    await request.get('/api/contractors', { params: { pageSize: '48', sort: 'name' } })
  ).json()) as ContractorPage;
  for (const c of page.contractors) {
    if (!c.logo) continue;
    const profile = (await (await request.get(`/api/contractors/${c.id}`)).json()) as ContractorProfile;
    if (profile.photos.length >= 2) return profile;
  }
  throw new Error('no sample contractor with two photos');
}

async function portalSignedIn(page: Page, email: string, password: string) {
  const login = await page.request.post('/api/contractor/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
}

test('a contractor uploads a photo, the administrator approves it, the profile and the gallery show it', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  await signInAdmin(request);
  const password = 'photo-upload-password-1';
  const c = await approvedBusiness(request, 'Photo Ridge Roofing', { emailPrefix: 'photos', password });
  const caption = `New metal roof ${uid()}`;

  await portalSignedIn(page, c.email, password);
  await open(page, '/contractor?section=photos');
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  await expect(page.getByTestId('photo-count')).toHaveText('0 of 20 project photos');
  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'IMG_2044.jpg', mimeType: 'image/jpeg', buffer: await photoFile() });
  await page.getByLabel('Caption (optional)').fill(caption);
  await page.getByRole('button', { name: 'Upload' }).click();
  const own = page.getByTestId('own-photo').filter({ hasText: caption });
  await expect(own).toBeVisible();
  await expect(own.getByText('Waiting for review')).toBeVisible();
  await expect(page.getByTestId('photo-count')).toHaveText('1 of 20 project photos');

  // The administrator approves it on the review screen (a browser context of its own).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin.request);
  // Reached from Contractor Management, beside Listing changes.
  await open(admin, '/admin/contractors');
  await admin.getByRole('link', { name: 'Photos', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/photos$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  // The header's links, Photos among them, stay within the screen (1280 pixels on the desktop project).
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const card = admin.getByTestId('review-photo').filter({ hasText: caption });
  await expect(card.getByText(c.name)).toBeVisible();
  await expect(card.getByRole('img')).toHaveJSProperty('complete', true);
  await card.getByRole('button', { name: `Approve ${c.name}'s project photo` }).click();
  await expect(admin.getByText('Photo approved').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // The portal says so; the public profile and the gallery show it.
  await page.reload();
  await expect(page.getByTestId('own-photo').filter({ hasText: caption }).getByText('Approved')).toBeVisible();
  await open(page, `/contractor/${c.id}`);
  const grid = page.getByTestId('profile-photos');
  await expect(grid.getByText(caption)).toBeVisible();
  await expect(grid.getByRole('img', { name: caption })).toHaveJSProperty('complete', true);
  await open(page, '/gallery?service=roofing&town=dushore');
  await expect(page.getByRole('heading', { level: 1, name: 'Roofing Project Gallery in Dushore' })).toBeVisible();
  const shown = page.getByTestId('gallery-photos').locator('li').filter({ hasText: caption });
  await expect(shown).toBeVisible();
  await shown.getByRole('link', { name: c.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contractor/${c.id}$`));
});

test('the profile viewer works by keyboard: arrows go to the previous and next photo, Escape closes, focus returns to the thumbnail', async ({
  page,
  request,
}) => {
  const profile = await sampleWithPhotos(request);
  await open(page, `/contractor/${profile.id}`);
  const thumbs = page.getByTestId('profile-photos').getByRole('link');
  await expect(thumbs).toHaveCount(profile.photos.length);
  const n = profile.photos.length;

  await thumbs.nth(1).focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(`Photo 2 of ${n}`)).toBeVisible();
  await expect(viewer.getByRole('heading', { name: profile.photos[1]!.caption })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText(`Photo ${n > 2 ? 3 : 1} of ${n}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText(`Photo 1 of ${n}`)).toBeVisible();
  await expect(viewer.getByRole('img')).toHaveJSProperty('complete', true);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(thumbs.nth(1)).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the profile's grid links open the large images, and the gallery's filter form works", async ({
    page,
    request,
  }) => {
    const profile = await sampleWithPhotos(request);
    await page.goto(`/contractor/${profile.id}`);
    const links = page.getByTestId('profile-photos').getByRole('link');
    await expect(links).toHaveCount(profile.photos.length);
    const href = await links.first().getAttribute('href');
    expect(href).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const [image] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(href!)), links.first().click()]);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
    await expect(page).toHaveURL(new RegExp(`${href}$`));

    await page.goto('/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Project Gallery' })).toBeVisible();
    await page.getByLabel('Service').selectOption({ label: 'Roofing' });
    await page.getByRole('button', { name: 'Show Photos' }).click();
    await expect(page).toHaveURL(/\/gallery\?service=roofing&town=all$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Roofing Project Gallery' })).toBeVisible();
    await expect(page.getByTestId('gallery-photos').locator('li').first()).toBeVisible();
  });
});
