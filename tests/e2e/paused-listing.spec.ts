import { request as playwrightRequest } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness, type ApprovedBusiness } from './fixtures/approved-business';
import { pausedLabel } from '../../shared/paused-label';
import { siteDay } from '../../shared/site-calendar';
import { expectNoSidewaysScroll, open } from './helpers';

/**
 * A paused contractor as a homeowner meets it (issue 34; docs/decisions/0117-lead-routing.md): its
 * profile says until when, and its quote button leads to others of the county who take the same
 * work instead of the form, with JavaScript and without, on a desktop and on a phone.
 */

const PASSWORD = 'paused-listing-password';

function daysFromToday(days: number): string {
  const [y, m, d] = siteDay(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** A roofer that paused itself in its portal until `until`, and an open roofer of the same county. */
async function pausedRoofer(
  request: APIRequestContext,
  baseURL: string,
  until: string,
): Promise<{ paused: ApprovedBusiness; open: ApprovedBusiness }> {
  await signInAdmin(request);
  const paused = await approvedBusiness(request, 'Wintering Roofing', {
    emailPrefix: 'paused',
    password: PASSWORD,
    services: ['Roofing'],
  });
  const openOne = await approvedBusiness(request, 'Open Roofing', { emailPrefix: 'open', services: ['Roofing'] });
  // The contractor's own session, apart from the administrator's.
  const portal = await playwrightRequest.newContext({ baseURL });
  try {
    expect(
      (await portal.post('/api/contractor/login', { data: { email: paused.email, password: PASSWORD } })).status(),
    ).toBe(200);
    const prefs = await portal.put('/api/contractor/lead-preferences', {
      data: { pausedUntil: until, services: null, townIds: null, monthlyCap: null, textPhone: null, textOptIn: false },
    });
    expect(prefs.status(), await prefs.text()).toBe(200);
  } finally {
    await portal.dispose();
  }
  return { paused, open: openOne };
}

async function expectOthersInsteadOfForm(page: Page, paused: ApprovedBusiness) {
  await expect(
    page.getByRole('heading', { level: 1, name: `${paused.name} is not taking new requests` }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: /name/i })).toHaveCount(0);
  const cards = page.getByTestId('contractor-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(3);
  await expect(cards.filter({ hasText: paused.name })).toHaveCount(0);
  // Every card offered takes requests: its button is the quote button, not another detour.
  await expect(cards.getByRole('link', { name: /See other contractors/i })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
}

test.describe('with JavaScript', () => {
  test('the profile says until when, and the quote button offers others instead of the form', async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    const until = daysFromToday(30);
    const { paused } = await pausedRoofer(request, baseURL!, until);
    await open(page, `/contractor/${paused.id}`);
    await expect(page.getByText(pausedLabel(until)).first()).toHaveText(pausedLabel(until));
    await expect(page.getByRole('button', { name: 'Get Free Quote' })).toHaveCount(0);
    await page
      .getByRole('link', { name: /See other contractors/i })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/contractor/${paused.id}/quote$`));
    await expectOthersInsteadOfForm(page, paused);
    // A homeowner goes on to one of them and can ask it for a quote.
    await page.getByTestId('contractor-card').first().getByRole('button', { name: 'Get Free Quote' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered profile and quote page offer others, and their links work', async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    const until = daysFromToday(45);
    const { paused } = await pausedRoofer(request, baseURL!, until);
    await page.goto(`/contractor/${paused.id}`);
    await expect(page.getByText(pausedLabel(until)).first()).toHaveText(pausedLabel(until));
    await page
      .getByRole('link', { name: /See other contractors/i })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/contractor/${paused.id}/quote$`));
    await expectOthersInsteadOfForm(page, paused);
    // Without JavaScript the quote button of a card offered is a link to that contractor's form.
    await page.getByTestId('contractor-card').first().getByRole('link', { name: 'Get Free Quote' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Request a Free Quote' })).toBeVisible();
  });
});
