import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostedForm } from '@shared/forms';
import { totpCode } from '../../server/accounts/totp';
import { adminUsers, contractorAccounts } from '../../server/db/schema';
import { createContractor } from '../support/factories';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Signing in without JavaScript (issue 37; docs/decisions/0124-sign-in-without-javascript.md): the
 * portal's and the admin area's sign-in pages are server rendered with a form that posts a web form
 * to the page, handed to the same sign-in steps as the JSON API. A signed-in step answers 303 to
 * where the page with JavaScript goes next, with a new session; a refused one answers the page again
 * with the message and what was typed, never the password.
 */

let app: TestApp;
let pagesUrl: string;
let closePages: (() => Promise<void>) | undefined;
/** Each test signs in from its own client address (TRUST_PROXY reads X-Forwarded-For), so the throttle's counts stay apart. */
let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;
/** The test clock, moved a step (30 s) before each code, as an authenticator app's codes go. */
let at = Date.UTC(2026, 5, 1, 12, 0, 0);
const nextCode = (secret: string) => totpCode(secret, new Date((at += 30_000)));

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' });
  app.ctx.clock.now = () => new Date(at);
  ({ url: pagesUrl, close: closePages } = await servePages(app.ctx));
});
afterAll(async () => {
  await closePages?.();
  await app?.close();
});

interface Answer {
  status: number;
  headers: Headers;
  html: string;
  posted: PostedForm | null;
}

/** A browser without JavaScript: its session cookie, its address, and forms sent from this site's pages. */
class Browser {
  cookie = '';
  constructor(readonly from = address()) {}

  private async answer(res: Response): Promise<Answer> {
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    const html = await res.text();
    const boot = /<script id="__BOOT__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    const posted = boot ? ((JSON.parse(boot) as { postedForm?: PostedForm }).postedForm ?? null) : null;
    return { status: res.status, headers: res.headers, html, posted };
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'X-Forwarded-For': this.from, ...(this.cookie ? { Cookie: this.cookie } : {}), ...extra };
  }

  async post(
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = { Origin: pagesUrl, 'Sec-Fetch-Site': 'same-origin' },
  ): Promise<Answer> {
    const res = await fetch(`${pagesUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: this.headers({ 'Content-Type': 'application/x-www-form-urlencoded', ...headers }),
      body: new URLSearchParams(fields).toString(),
    });
    return this.answer(res);
  }

  async get(path: string): Promise<Answer> {
    return this.answer(await fetch(`${pagesUrl}${path}`, { redirect: 'manual', headers: this.headers() }));
  }

  /** A JSON call of the API with this browser's session (what the next page's script would read). */
  async api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${pagesUrl}${path}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    return { status: res.status, body: await res.json().catch(() => null) };
  }
}

const secret = () => randomBytes(12).toString('base64url');

async function newContractorAccount() {
  const contractor = await createContractor(app.ctx.db);
  const email = `nojs-${randomBytes(4).toString('hex')}@example.com`;
  const password = secret();
  await app.ctx.db
    .insert(contractorAccounts)
    .values({ contractorId: contractor.id, email, passwordHash: await bcrypt.hash(password, 4) });
  return { contractorId: contractor.id, email, password };
}

async function newAdmin() {
  const username = `nojs-${randomBytes(4).toString('hex')}`;
  const password = secret();
  await app.ctx.db
    .insert(adminUsers)
    .values({ username, passwordHash: await bcrypt.hash(password, 4), role: 'platform' });
  return { username, password };
}

/** An administrator with two-factor sign-in set up through the API: its authenticator's secret and recovery codes. */
async function newAdminWithTwoFactor() {
  const admin = await newAdmin();
  const setup = new Browser();
  expect((await setup.api('POST', '/api/admin/login', admin)).status).toBe(200);
  const begun = await setup.api('POST', '/api/admin/two-factor/setup', {});
  const confirmed = await setup.api('POST', '/api/admin/two-factor/confirm', { code: nextCode(begun.body.secret) });
  expect(confirmed.status).toBe(200);
  return { ...admin, secret: begun.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** Whether the page has a form posted to `action` (as React writes it: the attributes in any order). */
const formTo = (html: string, action: string) =>
  [...html.matchAll(/<form\b[^>]*>/g)].some(
    ([tag]) => tag.includes(' method="post"') && tag.includes(` action="${action.replace(/&/g, '&amp;')}"`),
  );

/** The text of an HTML fragment as a reader sees it (React escapes apostrophes). */
const text = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

describe('the sign-in pages are server rendered', () => {
  it.each([
    ['/contractor/login', 'Contractor Login'],
    ['/admin/login', 'Admin Login'],
    ['/admin/login/code', 'Code from your authenticator app'],
  ])('%s: a form posted to the page, noindex, for the browser cache only', async (path, words) => {
    const page = await new Browser().get(path);
    expect(page.status).toBe(200);
    expect(formTo(page.html, path)).toBe(true);
    expect(page.html).toContain(words);
    expect(page.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('set-cookie')).toBeNull();
  });

  it("carries the portal's ?next= in the form's address", async () => {
    const page = await new Browser().get(
      `/contractor/login?next=${encodeURIComponent('/contractor-pricing?plan=premium')}`,
    );
    expect(formTo(page.html, `/contractor/login?next=${encodeURIComponent('/contractor-pricing?plan=premium')}`)).toBe(
      true,
    );
  });
});

describe('the contractor signs in without JavaScript', () => {
  it('signs in: 303 to the portal with a session the portal API takes', async () => {
    const account = await newContractorAccount();
    const browser = new Browser();
    const res = await browser.post('/contractor/login', { email: account.email, password: account.password });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contractor');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(browser.cookie).toMatch(/^sid=/);
    const profile = await browser.api('GET', '/api/contractor/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(account.contractorId);
    // The next page is served (the portal is rendered in the browser).
    expect((await browser.get('/contractor')).status).toBe(200);
  });

  it('goes on to ?next= when it is a path of this site, and to the portal otherwise (no open redirect)', async () => {
    const account = await newContractorAccount();
    const signIn = async (next: string) =>
      (
        await new Browser().post(`/contractor/login?next=${encodeURIComponent(next)}`, {
          email: account.email,
          password: account.password,
        })
      ).headers.get('location');
    expect(await signIn('/contractor-pricing?plan=premium')).toBe('/contractor-pricing?plan=premium');
    for (const foreign of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'evil.example',
    ])
      expect(await signIn(foreign), foreign).toBe('/contractor');
  });

  it('a wrong password: the page again, 401, the message and the email kept, never the password', async () => {
    const account = await newContractorAccount();
    const browser = new Browser();
    const typed = 'wrong-password-typed-here';
    const res = await browser.post('/contractor/login', { email: account.email, password: typed });
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.html).toContain('Invalid credentials');
    expect(res.html).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${account.email}"`));
    expect(res.posted).toMatchObject({
      form: 'contractor-login',
      path: '/contractor/login',
      values: { email: account.email },
      message: 'Invalid credentials',
    });
    expect(res.posted!.values).not.toHaveProperty('password');
    expect(res.html).not.toContain(typed);
    expect(browser.cookie).toBe('');
    expect((await browser.api('GET', '/api/contractor/profile')).status).toBe(401);
  });

  it('missing fields: 400 with the field messages', async () => {
    const res = await new Browser().post('/contractor/login', { email: 'not-an-email', password: '' });
    expect(res.status).toBe(400);
    expect(res.posted?.errors.password).toBe('Please enter your password');
    expect(res.posted?.values.email).toBe('not-an-email');
  });

  it('refuses a post from another site (403) and starts no session', async () => {
    const account = await newContractorAccount();
    const browser = new Browser();
    const foreign = await browser.post(
      '/contractor/login',
      { email: account.email, password: account.password },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(foreign.status).toBe(403);
    expect(text(foreign.html)).toContain('This request came from another site and was refused.');
    expect(browser.cookie).toBe('');
    expect(
      (
        await browser.post(
          '/contractor/login',
          { email: account.email, password: account.password },
          { 'Sec-Fetch-Site': 'cross-site' },
        )
      ).status,
    ).toBe(403);
  });

  it('takes web forms only: JSON is 415', async () => {
    const res = await fetch(`${pagesUrl}/contractor/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address() },
      body: '{"email":"a@b.c","password":"x"}',
    });
    expect(res.status).toBe(415);
  });

  it("counts failures with the API's: the pair is locked after five, 429 on the page with Retry-After, even with the right password", async () => {
    const account = await newContractorAccount();
    const browser = new Browser();
    for (let i = 0; i < 3; i++)
      expect(
        (await browser.api('POST', '/api/contractor/login', { email: account.email, password: 'wrong' })).status,
      ).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await browser.post('/contractor/login', { email: account.email, password: 'wrong' })).status).toBe(401);
    const locked = await browser.post('/contractor/login', { email: account.email, password: account.password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.html).toContain('Too many failed sign-in attempts.');
    expect(locked.posted?.values).toEqual({ email: account.email });
    expect(browser.cookie).toBe('');
  });

  it('starts a new session: a session id held before signing in is not the one signed in (no fixation)', async () => {
    const account = await newContractorAccount();
    const browser = new Browser();
    await browser.post('/contractor/login', { email: account.email, password: account.password });
    const first = browser.cookie;
    await browser.post('/contractor/login', { email: account.email, password: account.password });
    expect(browser.cookie).not.toBe(first);
    const old = new Browser();
    old.cookie = first;
    expect((await old.api('GET', '/api/contractor/profile')).status).toBe(401);
  });
});

describe('the administrator signs in without JavaScript', () => {
  it('the password, then the code step, then signed in: 303s all the way, a new session at each step', async () => {
    const admin = await newAdminWithTwoFactor();
    const browser = new Browser();
    const password = await browser.post('/admin/login', { username: admin.username, password: admin.password });
    expect(password.status).toBe(303);
    expect(password.headers.get('location')).toBe('/admin/login/code');
    const waiting = browser.cookie;
    expect(waiting).toMatch(/^sid=/);
    // Not an administrator's session yet.
    expect((await browser.api('GET', '/api/admin/stats')).status).toBe(401);
    expect((await browser.api('GET', '/api/admin/check')).body).toEqual({ authenticated: false, twoFactor: 'code' });

    const page = await browser.get('/admin/login/code');
    expect(page.status).toBe(200);
    expect(formTo(page.html, '/admin/login/code')).toBe(true);

    const wrong = await browser.post('/admin/login/code', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('Invalid code');
    expect(wrong.posted).toMatchObject({
      form: 'admin-code',
      path: '/admin/login/code',
      values: {},
      message: 'Invalid code',
    });

    const code = nextCode(admin.secret);
    const signedIn = await browser.post('/admin/login/code', { code });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/admin');
    expect(browser.cookie).not.toBe(waiting);
    expect((await browser.api('GET', '/api/admin/check')).body).toMatchObject({
      authenticated: true,
      username: admin.username,
    });
    expect((await browser.api('GET', '/api/admin/stats')).status).toBe(200);
    expect((await browser.get('/admin')).status).toBe(200);

    // The code is good once, here as in the API.
    const again = new Browser();
    await again.post('/admin/login', { username: admin.username, password: admin.password });
    expect((await again.post('/admin/login/code', { code })).status).toBe(401);
  });

  it('takes a recovery code in place of the app', async () => {
    const admin = await newAdminWithTwoFactor();
    const browser = new Browser();
    await browser.post('/admin/login', { username: admin.username, password: admin.password });
    const res = await browser.post('/admin/login/code', { code: admin.recoveryCodes[0]! });
    expect(res.status).toBe(303);
    expect((await browser.api('GET', '/api/admin/two-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('an account without two-factor sign-in (optional here) goes straight to the dashboard', async () => {
    const admin = await newAdmin();
    const browser = new Browser();
    const res = await browser.post('/admin/login', admin);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin');
    expect((await browser.api('GET', '/api/admin/check')).body).toMatchObject({
      authenticated: true,
      username: admin.username,
    });
  });

  it('a wrong password: the page again, 401, the username kept, never the password', async () => {
    const admin = await newAdmin();
    const typed = 'not-the-admin-password';
    const res = await new Browser().post('/admin/login', { username: admin.username, password: typed });
    expect(res.status).toBe(401);
    expect(res.html).toContain('Invalid credentials');
    expect(res.posted).toMatchObject({ form: 'admin-login', values: { username: admin.username } });
    expect(res.posted!.values).not.toHaveProperty('password');
    expect(res.html).not.toContain(typed);
  });

  it('the code step without the password first: 401 with the way back', async () => {
    const res = await new Browser().post('/admin/login/code', { code: '123456' });
    expect(res.status).toBe(401);
    expect(res.html).toContain('Please sign in with your username and password first');
    expect(res.html).toContain('href="/admin/login"');
  });

  it('refuses a post from another site (403), at either step', async () => {
    const admin = await newAdminWithTwoFactor();
    const browser = new Browser();
    const evil = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };
    expect(
      (await browser.post('/admin/login', { username: admin.username, password: admin.password }, evil)).status,
    ).toBe(403);
    expect(browser.cookie).toBe('');
    await browser.post('/admin/login', { username: admin.username, password: admin.password });
    expect((await browser.post('/admin/login/code', { code: nextCode(admin.secret) }, evil)).status).toBe(403);
    expect((await browser.api('GET', '/api/admin/stats')).status).toBe(401);
  });
});

describe('where two-factor sign-in is required', () => {
  let required: TestApp;
  let pages: Awaited<ReturnType<typeof servePages>> | undefined;
  beforeAll(async () => {
    required = await startTestApp({ ADMIN_TWO_FACTOR: 'required' });
    pages = await servePages(required.ctx);
  });
  afterAll(async () => {
    await pages?.close();
    await required?.close();
  });

  it('an account without it is led to set it up, as with JavaScript', async () => {
    const username = `nojs-${randomBytes(4).toString('hex')}`;
    const password = secret();
    await required.ctx.db
      .insert(adminUsers)
      .values({ username, passwordHash: await bcrypt.hash(password, 4), role: 'platform' });
    const res = await fetch(`${pages!.url}/admin/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: pages!.url },
      body: new URLSearchParams({ username, password }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/two-factor');
  });
});
