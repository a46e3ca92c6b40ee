import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures/test';
import { open } from './helpers';
import { signInAdmin } from './fixtures/admin';

/**
 * Verified reviews (docs/decisions/0050-review-follow-up.md), the homeowner's journey: a quote
 * request delivered and settled, the follow-up email in the admin outbox, its link, the form, and
 * the review on the contractor's profile as a "Verified homeowner" review, in the rating and the
 * JSON-LD at once.
 */

const CONTRACTOR = 'Endless Mountains Roofing';
/** The review count and JSON-LD rating the profile's server render gives. */
async function profileFigures(page: Page, contractorId: number) {
  const profile = await (await page.request.get(`/api/contractors/${contractorId}`)).json();
  return { rating: profile.rating as number, reviewCount: profile.reviewCount as number };
}

test('a homeowner reviews the contractor after delivery: outbox email, link, form, "Verified homeowner" on the profile', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const who =
    testInfo.project.name === 'phone'
      ? { first: 'Quinn', email: 'quinn.review.phone@example.com' }
      : { first: 'Robin', email: 'robin.review.desktop@example.com' };
  const comment = `Found the leak at the chimney and fixed it in one visit (${testInfo.project.name}).`;

  // The homeowner asks for a quote from the contractor's profile data; the administrator delivers it.
  await signInAdmin(page.request);
  const list = await (await page.request.get(`/api/admin/contractors?search=${encodeURIComponent(CONTRACTOR)}`)).json();
  const contractorId: number = list.contractors.find((c: { name: string }) => c.name === CONTRACTOR).id;
  const lead = await page.request.post('/api/leads', {
    data: {
      name: `${who.first} Homeowner`,
      email: who.email,
      phone: '(570) 555-0148',
      serviceNeeded: 'Roofing & Siding',
      location: 'Dushore, PA',
      projectDetails: 'Leak around the chimney.',
      contractorId,
    },
  });
  expect(lead.status()).toBe(201);
  const delivery = await (
    await page.request.post('/api/lead-deliveries', { data: { leadId: (await lead.json()).id, contractorId } })
  ).json();
  if (delivery.paymentState === 'awaiting_payment')
    expect((await page.request.post(`/api/lead-deliveries/${delivery.id}/pay`)).status()).toBe(200);
  const before = await profileFigures(page, contractorId);

  // The follow-up email, in the admin's outbox.
  const subject = `Did ${CONTRACTOR} contact you? Did you hire them?`;
  await open(page, '/admin/outbox');
  const item = page.getByTestId('outbox-item').filter({ hasText: subject }).filter({ hasText: who.email });
  await expect(async () => {
    await page.reload();
    await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
    await expect(item).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
  const text = await page.getByRole('dialog').getByTestId('outbox-message-text').innerText();
  expect(text).toContain(subject);
  const link = /https?:\/\/\S+(\/review\/[\w.-]+)/.exec(text)![1]!;
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // The homeowner opens the link: the form, without the administrator's session.
  await page.context().clearCookies();
  const res = await open(page, link);
  expect(res?.status()).toBe(200);
  expect(
    res?.headers()['x-robots-tag'] ?? (await page.locator('meta[name="robots"]').getAttribute('content')),
  ).toContain('noindex');
  await expect(page.getByRole('heading', { level: 1, name: `How did it go with ${CONTRACTOR}?` })).toBeVisible();
  await expect(page.getByText(`Hello ${who.first}, you asked ${CONTRACTOR}`)).toBeVisible();

  // Sent empty, each question says what it needs.
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByText('Please answer: did they contact you?')).toBeVisible();
  await expect(page.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();

  await page
    .getByRole('group', { name: `Did ${CONTRACTOR} contact you?` })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('group', { name: 'Did you hire them?' }).getByRole('radio', { name: 'Yes' }).check();
  // The stars are a radio group: the keyboard moves through them.
  const stars = page.getByRole('group', { name: 'Your rating' });
  await stars.getByRole('radio', { name: '1 star' }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect(page.getByText('5 stars: Excellent')).toBeVisible();
  await page.getByLabel('Your comment (optional)').fill(comment);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Thank you, ${who.first}!` })).toBeVisible();

  // On the profile: the review, labelled, with the first name and the month; the count moved.
  await page.getByRole('link', { name: `See ${CONTRACTOR}'s reviews` }).click();
  await expect(page).toHaveURL(new RegExp(`/contractor/${contractorId}#reviews$`));
  const review = page.getByRole('article').filter({ hasText: comment });
  await expect(review).toBeVisible();
  const month = new Date().toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'America/New_York',
  });
  await expect(review).toContainText('Verified homeowner');
  await expect(review).toContainText(`${who.first} · ${month}`);
  await expect(review).toContainText('Hired them');
  await expect(review.getByRole('img', { name: 'Rated 5 stars out of 5' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Our review policy' })).toHaveAttribute('href', '/review-policy');

  // The server's own page (a reload) says the same, and its JSON-LD counts the new review.
  const after = await profileFigures(page, contractorId);
  expect(after.reviewCount).toBeGreaterThan(before.reviewCount);
  await open(page, `/contractor/${contractorId}`);
  await expect(page.getByRole('article').filter({ hasText: comment })).toContainText('Verified homeowner');
  await expect(page.getByText(`(${after.reviewCount} reviews)`).first()).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = jsonLd.map((t) => JSON.parse(t)).find((d) => d['@type'] === 'HomeAndConstructionBusiness');
  expect(business.aggregateRating).toMatchObject({ ratingValue: after.rating, reviewCount: after.reviewCount });

  // The link works once.
  await open(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'You have already answered' })).toBeVisible();
});

test('the review policy is a public page every review list links to', async ({ page }) => {
  const res = await open(page, '/review-policy');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Review Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The only reasons a review is hidden' })).toBeVisible();
  await expect(page.getByText('We never write reviews, and we never buy them')).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('a link that is not ours says so (404), without a form', async ({ page }) => {
  const res = await open(page, '/review/12.abc.not-a-real-signature00');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This review link is not valid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send my review' })).toHaveCount(0);
});
