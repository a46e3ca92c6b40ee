import type { AdminLead } from '../../shared/schemas/admin-leads';
import type { OutboxMessage, Paged } from '../../shared/schemas/admin';
import type { CountySummary } from '../../shared/schemas/region';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from './fixtures/test';
import { open } from './helpers';

/**
 * The administrator's side of lead routing (docs/decisions/0117-lead-routing.md, issue 34). The
 * sample county delivers by hand in the browser tests (fixtures/seed-fixtures.ts), so a new
 * request is held with the reason 'manual'. The desktop and phone projects share one database:
 * each makes its own contractor, leads and county.
 */

const stamp = (testInfo: TestInfo) => `${Date.now().toString(36)}${testInfo.project.name[0]}${testInfo.workerIndex}`;
const toast = (page: Page) => page.getByTestId('toast');

/** A homeowner's quote request to the contractor, each with its own email and phone so none is a duplicate of another. */
async function quote(request: APIRequestContext, contractorId: number, name: string, n: number): Promise<number> {
  const res = await request.post('/api/leads', {
    data: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@home.example`,
      phone: `(570) 555-${String(Math.floor(Math.random() * 9000) + 1000).slice(0, 3)}${n}`,
      serviceNeeded: 'Roofing & Siding',
      location: 'Laporte, PA',
      projectDetails: 'The porch roof leaks over the door when it rains hard.',
      contractorId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Waits until the routing has held every one of the leads (the job queue decides a moment after the request). */
async function heldAll(request: APIRequestContext, ids: number[]) {
  await expect
    .poll(
      async () => {
        const held = ((await (await request.get('/api/admin/leads/held')).json()) as { leads: AdminLead[] }).leads;
        return ids.map((id) => held.find((l) => l.id === id)?.routingReason ?? null);
      },
      { timeout: 20_000 },
    )
    .toEqual(ids.map(() => 'manual'));
}

test('the administrator delivers a held lead, sends one to the alternatives and rejects one', async ({
  page,
}, testInfo) => {
  test.slow();
  await signInAdmin(page.request);
  const c = await approvedBusiness(page.request, 'Held Roofing', { services: ['Roofing'], town: 'Laporte' });
  const id = stamp(testInfo);
  const [deliver, onward, reject] = ['Dana', 'Robin', 'Casey'].map((first) => `${first} Held ${id}`) as [
    string,
    string,
    string,
  ];
  const ids = [
    await quote(page.request, c.id, deliver, 1),
    await quote(page.request, c.id, onward, 2),
    await quote(page.request, c.id, reject, 3),
  ];
  await heldAll(page.request, ids);

  await open(page, '/admin/leads');
  const held = page.getByRole('region', { name: 'Held for you' });
  await expect(held.getByRole('heading', { level: 2, name: 'Held for you' })).toBeVisible();
  const card = (name: string) => held.getByTestId('held-lead').filter({ hasText: name });
  const row = (name: string) => page.getByTestId('admin-lead-row').filter({ hasText: name });
  for (const name of [deliver, onward, reject]) {
    await expect(card(name)).toContainText('Held: this county delivers by hand');
    await expect(card(name)).toContainText(`Asked for ${c.name}`);
    // The list below says the same in its "How it went" column.
    await expect(row(name)).toContainText('Held: this county delivers by hand');
  }

  // Delivered to the contractor the homeowner chose, chosen already in its dropdown.
  await expect(
    card(deliver).getByRole('combobox', { name: `Contractor to deliver the lead from ${deliver} to` }),
  ).toHaveText(c.name);
  await card(deliver).getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Lead Delivered' })).toBeVisible();
  await expect(card(deliver)).toHaveCount(0);
  await expect(row(deliver)).toContainText('Delivered by admin');
  await expect(row(deliver).getByRole('button', { name: 'Deliver', exact: true })).toHaveCount(0);

  // Sent to the homeowner's alternatives, after a question: the homeowner is emailed.
  await card(onward)
    .getByRole('button', { name: `Send to alternatives: the lead from ${onward}` })
    .click();
  const sendDialog = page.getByRole('dialog', { name: 'Send to Alternatives' });
  await expect(sendDialog).toContainText(`Release the lead from ${onward}? Nothing is charged.`);
  await sendDialog.getByRole('button', { name: 'Send to Alternatives' }).click();
  await expect(toast(page).filter({ hasText: 'Sent to Alternatives' })).toBeVisible();
  await expect(card(onward)).toHaveCount(0);
  await expect(row(onward)).toContainText('Released:');
  await expect(row(onward).getByRole('button', { name: 'Deliver', exact: true })).toHaveCount(0);
  await expect
    .poll(async () => {
      const outbox = (await (
        await page.request.get('/api/admin/outbox', { params: { pageSize: '100' } })
      ).json()) as Paged<OutboxMessage>;
      return outbox.items.some((m) => m.kind === 'lead-alternatives' && m.text.includes(`Hello ${onward},`));
    })
    .toBe(true);

  // Rejected, after a question that can be answered no first.
  await card(reject)
    .getByRole('button', { name: `Reject: the lead from ${reject}` })
    .click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject Lead' });
  await expect(rejectDialog).toContainText('It goes to no contractor and no one is emailed.');
  await rejectDialog.getByRole('button', { name: 'Keep Holding' }).click();
  await expect(rejectDialog).toHaveCount(0);
  await expect(card(reject)).toBeVisible();
  await card(reject)
    .getByRole('button', { name: `Reject: the lead from ${reject}` })
    .click();
  await rejectDialog.getByRole('button', { name: 'Reject Lead' }).click();
  await expect(toast(page).filter({ hasText: 'Lead Rejected' })).toBeVisible();
  await expect(card(reject)).toHaveCount(0);
  await expect(row(reject)).toContainText('Rejected by an administrator');
  await expect(row(reject).getByRole('button', { name: 'Deliver', exact: true })).toHaveCount(0);

  // The dashboard's card: the median time from request to delivery this month, in words.
  await open(page, '/admin');
  const median = page.getByTestId('stat-card').filter({ hasText: 'Median time to delivery (this month)' });
  await expect(median).toContainText(/(under a minute|\d+ min|\d+ h|\d+ days?)/);
  await expect(median).toContainText('From quote request to contractor');
});

/** A county of this project's own, added as the Counties page adds one. */
async function ownCounty(request: APIRequestContext, testInfo: TestInfo): Promise<CountySummary> {
  const county = testInfo.project.name === 'phone' ? 'Potter' : 'Tioga';
  const added = await request.post('/api/admin/counties', { data: { county } });
  expect([201, 409], await added.text()).toContain(added.status());
  const { counties } = (await (await request.get('/api/admin/counties')).json()) as { counties: CountySummary[] };
  return counties.find((c) => c.name === `${county} County`)!;
}

test("the platform administrator switches a county's lead delivery; its county administrator sees it", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  await signInAdmin(page.request);
  const county = await ownCounty(page.request, testInfo);
  expect(county.leadDelivery).toBe('automatic');

  await open(page, '/admin/counties');
  const row = page.getByTestId('county-row').filter({ hasText: `${county.name}, PA` });
  await expect(row).toContainText('Automatic');
  await expect(row).toContainText('Unpaid deliveries are released after 48 hours.');

  await row.getByRole('button', { name: `Change the lead delivery of ${county.name}` }).click();
  const form = row.getByRole('form', { name: `Lead delivery of ${county.name}` });
  const mode = form.getByLabel('Lead delivery', { exact: true });
  const hours = form.getByLabel('Release unpaid deliveries after (hours)');
  await expect(mode).toHaveValue('automatic');
  await expect(hours).toHaveValue('48');
  // Checked in the browser: the message at the field, which gets the focus.
  await hours.fill('0');
  await form.getByRole('button', { name: 'Save Lead Delivery' }).click();
  await expect(form.getByText('At least 1 hour')).toBeVisible();
  await expect(hours).toBeFocused();
  await expect(hours).toHaveAttribute('aria-invalid', 'true');

  // The server's refusal lands at the field too: the request is changed on its way to a value the browser would not send.
  await page.route(
    `**/api/admin/counties/${county.id}/lead-delivery`,
    (route) => route.continue({ postData: JSON.stringify({ leadDelivery: 'manual', releaseAfterHours: 721 }) }),
    { times: 1 },
  );
  await hours.fill('24');
  await form.getByRole('button', { name: 'Save Lead Delivery' }).click();
  await expect(form.getByText('At most 720 hours (30 days)')).toBeVisible();
  await expect(form.getByTestId('form-notice')).toContainText('Please fix the errors below');

  await mode.selectOption('manual');
  await hours.fill('24');
  await form.getByRole('button', { name: 'Save Lead Delivery' }).click();
  await expect(toast(page).filter({ hasText: `Lead delivery of ${county.name} saved` })).toBeVisible();
  await expect(row).toContainText('Manual');
  await expect(row).toContainText('Unpaid deliveries are released after 24 hours.');
  await page.reload();
  await expect(row).toContainText('Manual');
  await expect(row).toContainText('Unpaid deliveries are released after 24 hours.');

  // Its county administrator sees it on the Leads page, and cannot change it.
  const username = `routing-${stamp(testInfo)}`;
  const password = 'county-admin-password-34';
  const created = await page.request.post('/api/admin/users', {
    data: { username, password, role: 'county', regionIds: [county.id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const countyPage = await other.newPage();
    expect((await countyPage.request.post('/api/admin/login', { data: { username, password } })).status()).toBe(200);
    await open(countyPage, '/admin/leads');
    const note = countyPage.getByTestId('county-lead-delivery');
    await expect(note).toContainText(`Lead delivery in ${county.name}: Manual.`);
    await expect(note).toContainText('Unpaid deliveries are released after 24 hours.');
    await expect(note.getByRole('link')).toHaveCount(0);
    expect(
      (
        await countyPage.request.put(`/api/admin/counties/${county.id}/lead-delivery`, {
          data: { leadDelivery: 'automatic', releaseAfterHours: 48 },
        })
      ).status(),
    ).toBe(403);
  } finally {
    await other.close();
  }

  // And back.
  await row.getByRole('button', { name: `Change the lead delivery of ${county.name}` }).click();
  await mode.selectOption('automatic');
  await hours.fill('48');
  await form.getByRole('button', { name: 'Save Lead Delivery' }).click();
  await expect(toast(page).filter({ hasText: `Lead delivery of ${county.name} saved` })).toBeVisible();
  await page.reload();
  await expect(row).toContainText('Automatic');
  await expect(row).toContainText('Unpaid deliveries are released after 48 hours.');
});
