import { expect, test, type APIRequestContext } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { emailedPath } from './fixtures/outbox';
import { expectNoAxeViolations, expectNoSidewaysScroll, open, openSection } from './helpers';

/**
 * The homeowner hears back (issue 35; docs/decisions/0128-request-page-and-replies.md): the
 * confirmation email's link opens the request's own page, the contractor replies from its portal,
 * the reply shows on the page, and the homeowner answers there, with JavaScript and without, on a
 * desktop and on a phone.
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = 'request-page-password';

/**
 * A quote request through the API, as the form sends it, which the administrator delivers (the
 * browser journeys' county delivers by hand, tests/e2e/fixtures/seed-fixtures.ts); answers the path of
 * its page from the confirmation email.
 */
async function requestPagePath(
  request: APIRequestContext,
  contractorId: number,
): Promise<{ path: string; email: string }> {
  const email = `page-${uid()}@home.example`;
  const res = await request.post('/api/leads', {
    data: {
      name: 'Casey Homeowner',
      email,
      phone: '(570) 555-0123',
      serviceNeeded: 'Roofing & Siding',
      location: 'Laporte, PA',
      projectDetails: 'Ice dams every winter on the north side of the roof.',
      budgetRange: '$10,000 - $25,000',
      contractorId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id: leadId } = (await res.json()) as { id: number };
  const delivered = await request.post('/api/lead-deliveries', { data: { leadId, contractorId } });
  expect(delivered.status(), await delivered.text()).toBe(201);
  const { path } = await emailedPath(request, {
    to: email,
    kind: 'quote-confirmation',
    link: /https?:\/\/[^\s/]+(\/requests\/[\w-]+)/,
  });
  return { path, email };
}

/** The path of the follow-up email's review link (FOLLOW_UP_DELAY is 0 in the browser tests' server): its last line, after the one-click answers. */
const reviewLinkPath = async (request: APIRequestContext, to: string) =>
  (await emailedPath(request, { to, kind: 'review-request', link: /https?:\/\/[^\s/]+(\/review\/[\w.-]+)$/m })).path;

test('the contractor replies from its portal, the homeowner reads it on the request page and answers', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Replying Roofing', { emailPrefix: 'reply', password: PASSWORD });
  const { path } = await requestPagePath(request, c.id);

  // The homeowner follows the email's link: the lead was delivered with one of the contractor's plan credits.
  await open(page, path);
  await expect(page.getByRole('heading', { level: 1, name: 'Your request for Roofing & Siding' })).toBeVisible();
  await expect(page.getByText(`${c.name} has your details and will contact you.`)).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The contractor, in its own browser, replies with an estimate.
  const portal = await browser.newContext({ baseURL });
  try {
    const contractor = await portal.newPage();
    expect(
      (
        await contractor.request.post('/api/contractor/login', { data: { email: c.email, password: PASSWORD } })
      ).status(),
    ).toBe(200);
    await open(contractor, '/contractor');
    await openSection(contractor, 'My Leads');
    const card = contractor.getByTestId('lead-card').filter({ hasText: 'Roofing & Siding' }).first();
    await card.getByRole('button', { name: 'Reply' }).click();
    const dialog = contractor.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(dialog.getByText('Write a message to the homeowner')).toBeVisible();
    await dialog.getByLabel('Message').fill('We can come by Thursday morning to look at the roof.');
    await dialog.getByLabel('A dollar range').check();
    await dialog.getByLabel('From ($)').fill('4,000');
    await dialog.getByLabel('To ($)').fill('6,500');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('lead-replies')).toContainText('(estimate: $4,000 – $6,500)');
  } finally {
    await portal.close();
  }

  // The homeowner sees the reply, and says they are still looking.
  await page.reload();
  await expect(page.getByText(`${c.name} replied:`)).toBeVisible();
  await expect(page.getByText('We can come by Thursday morning to look at the roof.')).toBeVisible();
  await expect(page.getByText('Estimate: $4,000 – $6,500')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: "I'm still looking" }).click();
  await expect(page.getByText("You told us you're still looking.")).toBeVisible();
  await expect(page.getByRole('button', { name: "I'm still looking" })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'I hired them' })).toBeVisible();
});

test('the follow-up email\'s one-click "They never contacted me" is confirmed on the review page', async ({
  page,
  request,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Silent Roofing', { emailPrefix: 'silent' });
  const { path, email } = await requestPagePath(request, c.id);
  const review = await reviewLinkPath(request, email);
  await open(page, `${review}?answer=not_contacted`);
  await expect(page.getByRole('heading', { name: `Did you hire ${c.name}?` })).toBeVisible();
  await expect(page.getByText('Confirm your answer:')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'They never contacted me' }).click();
  await expect(page.getByText('We noted that they never contacted you, and we told them.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Did you hire ${c.name}?` })).toHaveCount(0);
  // The request's page shows it too.
  await open(page, path);
  await expect(page.getByText('You told us they never contacted you.')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page is served whole, "I hired them" is a web form, and a wrong link is a plain 404 page', async ({
    page,
    request,
  }) => {
    test.slow();
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'Plain Page Roofing', { emailPrefix: 'plain' });
    const { path, email } = await requestPagePath(request, c.id);
    await page.goto(path);
    await expect(page.getByText(`${c.name} has your details and will contact you.`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'I hired them' }).click();
    await expect(page).toHaveURL(/\?answered=1$/);
    await expect(page.getByText('We noted your answer.')).toBeVisible();
    await expect(page.getByText('You told us you hired them.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'I hired them' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Withdraw my request' })).toBeVisible();

    // The review invitation follows as before, without asking again whether they hired them.
    await page.goto(await reviewLinkPath(request, email));
    await expect(page.getByRole('heading', { level: 1, name: `How did it go with ${c.name}?` })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Did you hire ${c.name}?` })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Did you hire them?' })).toBeVisible();

    const wrong = await page.goto(`${path.slice(0, -4)}AAAA`);
    expect(wrong?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
    await expect(page.getByText(c.name)).toHaveCount(0);
  });
});
