import type { Browser, BrowserContext } from '@playwright/test';
import { TotpDevice } from '../support/two-factor';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { holdClock, releaseClock } from './fixtures/test-clock';
import { expect, test, type Page } from './fixtures/test';
import { open } from './helpers';

/**
 * Signing in without JavaScript (issue 37; docs/decisions/0124-sign-in-without-javascript.md): the
 * portal's and the admin area's sign-in pages are plain HTML forms posted to their page. A wrong
 * password comes back with the message and the email or username kept; the right one leads on (303)
 * with a session, which the portal and the dashboard, browser-rendered, then read: shown here by
 * opening them with JavaScript in a browser holding the same cookies.
 */

const PASSWORD = 'no-script-sign-in-password';
const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The same session in a browser with JavaScript: the screens that are rendered in the browser. */
async function withJavaScript(browser: Browser, context: BrowserContext) {
  // The test's options hold for contexts it opens: JavaScript is turned back on here.
  const other = await browser.newContext({ storageState: await context.storageState(), javaScriptEnabled: true });
  return { page: await other.newPage(), close: () => other.close() };
}

test.describe('sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a contractor: a wrong password refused with the email kept, then signed in to the portal', async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.slow();
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'No Script Roofing', { emailPrefix: 'noscript', password: PASSWORD });

    await page.goto('/contractor/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Login' })).toBeVisible();
    await page.getByLabel('Email').fill(c.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();

    // The page again: the message, the email kept, the password not sent back.
    await expect(page).toHaveURL(/\/contractor\/login$/);
    await expect(alert(page, 'Invalid credentials')).toContainText('Login Failed');
    await expect(page.getByLabel('Email')).toHaveValue(c.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    expect((await page.request.get('/api/contractor/profile')).status()).toBe(401);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/contractor/login')),
      page.getByRole('button', { name: 'Sign In' }).click(),
    ]);
    expect(answer.status()).toBe(303);
    await expect(page).toHaveURL(/\/contractor$/);
    expect((await context.cookies()).some((cookie) => cookie.name === 'sid' && cookie.httpOnly)).toBe(true);
    const profile = await page.request.get('/api/contractor/profile');
    expect(profile.status()).toBe(200);
    expect(((await profile.json()) as { email: string }).email).toBe(c.email);

    const js = await withJavaScript(browser, context);
    try {
      await open(js.page, '/contractor');
      await expect(js.page.getByRole('heading', { level: 1, name: `Welcome, ${c.name}` })).toBeVisible();
    } finally {
      await js.close();
    }
  });

  test('a contractor sent on from the plans page goes back there', async ({ page, request }) => {
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'No Script Siding', { emailPrefix: 'noscript-next', password: PASSWORD });
    await page.goto(`/contractor/login?next=${encodeURIComponent('/contractor-pricing?plan=premium')}`);
    await page.getByLabel('Email').fill(c.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/contractor-pricing\?plan=premium$/);
  });

  test('an administrator: the password, then the code from the app, then the dashboard', async ({
    page,
    context,
    browser,
    request,
    playwright,
    baseURL,
  }) => {
    test.slow();
    // A new administrator of its own, with two-factor sign-in set up through the API.
    await signInAdmin(request);
    const admin = { username: `noscript-${uid()}`, password: PASSWORD };
    const created = await request.post('/api/admin/users', { data: { ...admin, role: 'platform', regionIds: [] } });
    expect(created.status(), await created.text()).toBe(201);
    // The codes follow the server's clock: held, so no other test moves it meanwhile.
    const hold = await holdClock(request);
    try {
      const own = await playwright.request.newContext({ baseURL });
      expect((await own.post('/api/admin/login', { data: admin })).status()).toBe(200);
      const setup = (await (await own.post('/api/admin/two-factor/setup', { data: {} })).json()) as { secret: string };
      const device = new TotpDevice(setup.secret);
      expect((await own.post('/api/admin/two-factor/confirm', { data: { code: await device.code() } })).status()).toBe(
        200,
      );
      await own.dispose();

      await page.goto('/admin/login');
      await page.getByLabel('Username').fill(admin.username);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(alert(page, 'Invalid credentials')).toBeVisible();
      await expect(page.getByLabel('Username')).toHaveValue(admin.username);
      await expect(page.getByLabel('Password')).toHaveValue('');

      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/admin\/login\/code$/);
      const codeField = page.getByLabel('Code from your authenticator app');
      await expect(codeField).toBeVisible();
      // Not an administrator yet.
      expect((await page.request.get('/api/admin/stats')).status()).toBe(401);

      await codeField.fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(alert(page, 'Invalid code')).toBeVisible();
      await page.getByLabel('Code from your authenticator app').fill(await device.code());
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/admin/login/code')),
        page.getByRole('button', { name: 'Verify' }).click(),
      ]);
      expect(answer.status()).toBe(303);
      await expect(page).toHaveURL(/\/admin$/);
    } finally {
      await releaseClock(request, hold);
    }
    expect((await context.cookies()).some((cookie) => cookie.name === 'sid' && cookie.httpOnly)).toBe(true);
    expect(
      ((await (await page.request.get('/api/admin/check')).json()) as { authenticated: boolean; username: string })
        .username,
    ).toBe(admin.username);

    const js = await withJavaScript(browser, context);
    try {
      await open(js.page, '/admin');
      await expect(js.page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    } finally {
      await js.close();
    }
  });
});
