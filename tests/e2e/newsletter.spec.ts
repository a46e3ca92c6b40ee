import { expect, test, type Page } from './fixtures/test';
import { open } from './helpers';

/** The newsletter band on the home page, found by its email field. */
// The innermost section holding the field, should the page nest sections.
const newsletter = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByLabel('Email address', { exact: true }) })
    .last();

test.describe('newsletter signup', () => {
  test('subscribing twice with one address: subscribed, then already subscribed', async ({ page }) => {
    await open(page, '/');
    const section = newsletter(page);
    const email = section.getByLabel('Email address', { exact: true });
    const notice = page.getByTestId('toast');
    const address = `reader-${Date.now()}-${test.info().project.name}@example.com`;

    await email.fill(address);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(notice).toContainText('Subscribed!');
    await expect(notice).toContainText("You've been subscribed to our newsletter. Thank you!");
    await expect(email).toHaveValue('');

    await email.fill(address.toUpperCase());
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(notice).toContainText('Already Subscribed');
    await expect(notice).toContainText("You're already subscribed to our newsletter.");
    // A neutral notice, not an error.
    await expect(notice).not.toHaveClass(/bg-destructive/);
  });

  test('an invalid address is refused in the browser without a request', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/newsletter')) sent.push(r.url());
    });
    await open(page, '/');
    const section = newsletter(page);
    await section.getByLabel('Email address', { exact: true }).fill('not-an-email');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('toast')).toContainText('Please enter a valid email address');
    expect(sent).toEqual([]);
  });

  test('shows Subscribing... while the request is on its way', async ({ page }) => {
    // The answer is held until the test has seen the pending state.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/api\/newsletter$/, async (route) => {
      await held;
      await route.fulfill({ status: 201, json: { message: 'Subscribed' } });
    });
    await open(page, '/');
    const section = newsletter(page);
    await section.getByLabel('Email address', { exact: true }).fill(`pending-${Date.now()}@example.com`);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    answer();
    await expect(page.getByTestId('toast')).toContainText('Subscribed!');
  });

  test('the unsubscribe link page posts its token once and confirms', async ({ page }) => {
    const bodies: string[] = [];
    await page.route(/\/api\/newsletter\/unsubscribe$/, async (route) => {
      bodies.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, json: { message: 'Unsubscribed' } });
    });
    await open(page, '/newsletter/unsubscribe?token=abc123');
    await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
    expect(bodies.map((b) => JSON.parse(b))).toEqual([{ token: 'abc123' }]);
  });

  test('the unsubscribe link page reports a link that is not valid', async ({ page }) => {
    await open(page, '/newsletter/unsubscribe?token=not-a-real-token');
    await expect(page.getByRole('main').getByRole('status')).toContainText('This unsubscribe link is not valid');
  });
});
