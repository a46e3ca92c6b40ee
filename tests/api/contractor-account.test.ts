import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LINK_MESSAGE, RESET_REQUESTED_MESSAGE } from '@shared/schemas/contractor-account';
import { createClock } from '../../server/clock';
import {
  contractorAccounts,
  contractorAccountTokens,
  contractors,
  outboxEmails,
  sessions,
} from '../../server/db/schema';
import { loggablePath } from '../../server/http/request-log';
import { RESET_ACCOUNT_LIMIT, RESET_ADDRESS_LIMIT } from '../../server/http/reset-request-limit';
import { ACCOUNT_LINK_TTL_MS } from '../../server/accounts/account-tokens';
import { addCounty } from '../../server/counties/counties';
import { contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import { requestOnHost } from '../support/host-request';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A contractor's account looking after itself (issue 25; docs/decisions/0108-contractor-password-reset.md):
 * 'Forgot your password?' answers the same for any address and sends a single-use link valid an
 * hour, using it ends every session; in the portal the password, the sign-in email (confirmed by a
 * link to the new address, the old one told) and 'sign out everywhere'.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

const NEW_PASSWORD = 'granite-ridge-lumber-42';

/** An approved, listed contractor with an account and a password, and a client signed in as it. */
async function owner(opts: { listed?: boolean } = {}) {
  const contractor = await createContractor(app.ctx.db, opts.listed === false ? { isVisible: false } : {});
  const email = `owner-${randomBytes(4).toString('hex')}@builders.example`;
  const password = randomBytes(12).toString('base64url');
  await app.ctx.db
    .insert(contractorAccounts)
    .values({ contractorId: contractor.id, email, passwordHash: await bcrypt.hash(password, 4) });
  return { contractorId: contractor.id, email, password, signIn: () => signIn(email, password) };
}

async function signIn(email: string, password: string): Promise<TestClient> {
  const client = app.client();
  const res = await client.post('/api/contractor/login', { email, password });
  expect(res.status, res.text).toBe(200);
  return client;
}

const mailsTo = (to: string) =>
  app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)).orderBy(asc(outboxEmails.id));

/** The link's token from the last email of this kind to this address. */
async function linkIn(to: string, kind: string, path: string): Promise<string> {
  const mail = (await mailsTo(to)).filter((m) => m.kind === kind).at(-1);
  expect(mail, `a ${kind} email to ${to}`).toBeDefined();
  const m = new RegExp(`(https?://[^\\s/]+)${path}\\?token=([\\w-]+)`).exec(mail!.textBody);
  expect(m, mail!.textBody).not.toBeNull();
  return m![2]!;
}

async function requestReset(email: string, client = app.client()) {
  const res = await client.post('/api/contractor/forgot-password', { email });
  await app.ctx.jobs.runPending();
  return res;
}

const profile = (client: TestClient) => client.get('/api/contractor/profile');

describe("'Forgot your password?'", () => {
  it('answers a known and an unknown address alike, and only the known one gets a link', async () => {
    const known = await owner();
    const unknown = `nobody-${randomBytes(4).toString('hex')}@builders.example`;
    const a = await requestReset(known.email);
    const b = await requestReset(unknown);
    expect(a.status).toBe(202);
    expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body });
    expect(a.body).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect([...a.headers.keys()].sort()).toEqual([...b.headers.keys()].sort());

    const mails = await mailsTo(known.email);
    expect(mails.map((m) => m.kind)).toEqual(['password-reset']);
    expect(mails[0]!.textBody).toMatch(/within one hour/);
    expect(mails[0]!.textBody).toContain(`${app.url}/contractor/reset-password?token=`);
    expect(await mailsTo(unknown)).toEqual([]);
    // Only the token's hash is kept.
    const token = await linkIn(known.email, 'password-reset', '/contractor/reset-password');
    const rows = await app.ctx.db
      .select()
      .from(contractorAccountTokens)
      .where(eq(contractorAccountTokens.purpose, 'password-reset'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sends nothing for a contractor that may not use the portal (hidden), and is matched case-insensitively', async () => {
    const hidden = await owner({ listed: false });
    await requestReset(hidden.email);
    expect(await mailsTo(hidden.email)).toEqual([]);
    const shown = await owner();
    expect((await requestReset(shown.email.toUpperCase())).status).toBe(202);
    expect((await mailsTo(shown.email)).map((m) => m.kind)).toEqual(['password-reset']);
  });

  it('refuses a malformed address with 400', async () => {
    const res = await app.client().post('/api/contractor/forgot-password', { email: 'not an email' });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toBeTypeOf('string');
    expect((await app.client().post('/api/contractor/forgot-password', {})).status).toBe(400);
  });

  it("links to the contractor's home county's site, whichever county's site it was asked on", async () => {
    await addCounty(app.ctx, 'wyoming');
    // Its home is Laporte, Sullivan County (the default county, at the deployment's address).
    const known = await owner();
    const res = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/contractor/forgot-password', {
      body: { email: known.email },
    });
    expect(res.status).toBe(202);
    await app.ctx.jobs.runPending();
    const [mail] = await mailsTo(known.email);
    expect(mail!.subject).toBe('Reset your Sullivan County Contractors password');
    expect(mail!.textBody).toContain(`${app.url}/contractor/reset-password?token=`);
  });
});

describe('the reset link', () => {
  it('sets the new password, signs out every session, and works once', async () => {
    const o = await owner();
    const [phone, laptop] = [await o.signIn(), await o.signIn()];
    expect((await profile(phone)).status).toBe(200);
    await requestReset(o.email);
    const token = await linkIn(o.email, 'password-reset', '/contractor/reset-password');

    const used = await app.client().post('/api/contractor/reset-password', { token, password: NEW_PASSWORD });
    expect(used.status, used.text).toBe(200);
    for (const client of [phone, laptop]) expect((await profile(client)).status).toBe(401);
    expect(await app.ctx.db.select().from(sessions).where(eq(sessions.contractorId, o.contractorId))).toEqual([]);

    expect((await app.client().post('/api/contractor/login', { email: o.email, password: o.password })).status).toBe(
      401,
    );
    expect((await profile(await signIn(o.email, NEW_PASSWORD))).status).toBe(200);

    const again = await app
      .client()
      .post('/api/contractor/reset-password', { token, password: 'another-long-passphrase-9' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID_LINK_MESSAGE);
  });

  it('expires an hour after it was sent, by the clock', async () => {
    const o = await owner();
    await requestReset(o.email);
    const token = await linkIn(o.email, 'password-reset', '/contractor/reset-password');
    const sentAt = Date.now();
    try {
      app.ctx.clock.now = () => new Date(sentAt + ACCOUNT_LINK_TTL_MS + 1_000);
      const late = await app.client().post('/api/contractor/reset-password', { token, password: NEW_PASSWORD });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(INVALID_LINK_MESSAGE);
      app.ctx.clock.now = () => new Date(sentAt + ACCOUNT_LINK_TTL_MS - 60_000);
    } finally {
      app.ctx.clock.now = createClock().now;
    }
    // Refused by the clock alone: the same link on time still works.
    expect((await app.client().post('/api/contractor/reset-password', { token, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('is voided by a newer link, and refuses wrong tokens, short and common passwords with 400', async () => {
    const o = await owner();
    await requestReset(o.email);
    const first = await linkIn(o.email, 'password-reset', '/contractor/reset-password');
    await requestReset(o.email);
    const second = await linkIn(o.email, 'password-reset', '/contractor/reset-password');
    expect(second).not.toBe(first);
    expect(
      (await app.client().post('/api/contractor/reset-password', { token: first, password: NEW_PASSWORD })).status,
    ).toBe(400);

    const short = await app.client().post('/api/contractor/reset-password', { token: second, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toMatch(/at least/);
    const common = await app
      .client()
      .post('/api/contractor/reset-password', { token: second, password: 'password123456' });
    expect(common.status).toBe(400);
    expect(common.body.errors.password).toMatch(/too easy to guess/);
    for (const token of ['x', 'y'.repeat(500), 42])
      expect(
        (await app.client().post('/api/contractor/reset-password', { token, password: NEW_PASSWORD })).status,
      ).toBe(400);
    // None of those used the live link.
    expect(
      (await app.client().post('/api/contractor/reset-password', { token: second, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('lets one of two parallel uses through', async () => {
    const o = await owner();
    await requestReset(o.email);
    const token = await linkIn(o.email, 'password-reset', '/contractor/reset-password');
    const answers = await Promise.all(
      [NEW_PASSWORD, 'second-long-passphrase-7'].map((password) =>
        app.client().post('/api/contractor/reset-password', { token, password }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('ends a session written after the reset by a sign-in that checked the old password (the session generation)', async () => {
    const o = await owner();
    const stale = await o.signIn();
    // The reset as it lands between a sign-in's password check and its session write: the account
    // moves on, the session row stays.
    await app.ctx.db
      .update(contractorAccounts)
      .set({ sessionGeneration: 5 })
      .where(eq(contractorAccounts.contractorId, o.contractorId));
    expect((await profile(stale)).status).toBe(401);
    expect((await profile(await o.signIn())).status).toBe(200);
  });
});

describe('limits on reset requests', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp();
  });
  afterAll(() => limited?.close());

  it(`sends at most ${RESET_ACCOUNT_LIMIT} links an hour to one address, known or not, then answers 429`, async () => {
    const known = `known-${randomBytes(4).toString('hex')}@builders.example`;
    const contractor = await createContractor(limited.ctx.db);
    await limited.ctx.db
      .insert(contractorAccounts)
      .values({ contractorId: contractor.id, email: known, passwordHash: await bcrypt.hash('x', 4) });
    const unknown = `nobody-${randomBytes(4).toString('hex')}@builders.example`;
    for (const email of [known, unknown]) {
      const statuses: number[] = [];
      for (let i = 0; i <= RESET_ACCOUNT_LIMIT; i++)
        statuses.push((await limited.client().post('/api/contractor/forgot-password', { email })).status);
      expect(statuses).toEqual([...Array(RESET_ACCOUNT_LIMIT).fill(202), 429]);
    }
    await limited.ctx.jobs.runPending();
    const sent = await limited.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, known), eq(outboxEmails.kind, 'password-reset')));
    expect(sent).toHaveLength(RESET_ACCOUNT_LIMIT);
  });

  it(`answers 429 after ${RESET_ADDRESS_LIMIT} requests from one network address, whatever the addresses`, async () => {
    const statuses: number[] = [];
    // This file's other test spent some of this address's hour.
    for (let i = 0; i < RESET_ADDRESS_LIMIT + 1; i++)
      statuses.push(
        (
          await limited.client().post('/api/contractor/forgot-password', {
            email: `any-${i}-${randomBytes(3).toString('hex')}@example.com`,
          })
        ).status,
      );
    expect(statuses.at(-1)).toBe(429);
    const res = await limited
      .client()
      .post('/api/contractor/forgot-password', { email: `more-${randomBytes(3).toString('hex')}@example.com` });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Too many password reset requests/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the portal: change password', () => {
  it('needs the current password, keeps this session and ends every other', async () => {
    const o = await owner();
    const [here, elsewhere] = [await o.signIn(), await o.signIn()];
    const wrong = await here.post('/api/contractor/password', { currentPassword: 'not-it', password: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toMatch(/not correct/);
    expect(
      (await here.post('/api/contractor/password', { currentPassword: o.password, password: 'password123456' })).status,
    ).toBe(400);
    expect((await here.post('/api/contractor/password', {})).status).toBe(400);
    expect((await profile(elsewhere)).status).toBe(200);

    const changed = await here.post('/api/contractor/password', {
      currentPassword: o.password,
      password: NEW_PASSWORD,
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await profile(here)).status).toBe(200);
    expect((await profile(elsewhere)).status).toBe(401);
    expect((await app.client().post('/api/contractor/login', { email: o.email, password: o.password })).status).toBe(
      401,
    );
    await signIn(o.email, NEW_PASSWORD);
  });

  it('is for a signed-in contractor only', async () => {
    expect(
      (await app.client().post('/api/contractor/password', { currentPassword: 'x', password: NEW_PASSWORD })).status,
    ).toBe(401);
  });
});

describe('the portal: change email', () => {
  it('sends a link to the new address, changes the email only when it is opened, and tells the old address', async () => {
    const o = await owner();
    const client = await o.signIn();
    const next = `moved-${randomBytes(4).toString('hex')}@builders.example`;
    const wrong = await client.post('/api/contractor/email', { email: next, currentPassword: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toBeTypeOf('string');
    expect(
      (await client.post('/api/contractor/email', { email: o.email.toUpperCase(), currentPassword: o.password }))
        .status,
    ).toBe(400);

    const asked = await client.post('/api/contractor/email', { email: next, currentPassword: o.password });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body.message).toContain(next);
    expect((await profile(client)).body.email).toBe(o.email);
    const token = await linkIn(next, 'email-change', '/contractor/confirm-email');
    expect(await mailsTo(o.email)).toEqual([]);

    // Opened in any browser: the link is the proof.
    const confirmed = await app.client().post('/api/contractor/confirm-email', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.email).toBe(next);
    expect((await profile(client)).body.email).toBe(next);
    const told = await mailsTo(o.email);
    expect(told.map((m) => m.kind)).toEqual(['email-changed']);
    expect(told[0]!.textBody).toContain(next);
    expect((await app.client().post('/api/contractor/login', { email: o.email, password: o.password })).status).toBe(
      401,
    );
    await signIn(next, o.password);

    const again = await app.client().post('/api/contractor/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID_LINK_MESSAGE);
  });

  it('refuses an address another account uses, when asked and when the link is opened, with 409', async () => {
    const [a, b] = [await owner(), await owner()];
    const client = await a.signIn();
    const taken = await client.post('/api/contractor/email', { email: b.email, currentPassword: a.password });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already uses this email/);

    const free = `free-${randomBytes(4).toString('hex')}@builders.example`;
    expect((await client.post('/api/contractor/email', { email: free, currentPassword: a.password })).status).toBe(202);
    const token = await linkIn(free, 'email-change', '/contractor/confirm-email');
    // Another account takes the address meanwhile.
    await app.ctx.db
      .update(contractorAccounts)
      .set({ email: free.toUpperCase() })
      .where(eq(contractorAccounts.contractorId, b.contractorId));
    const late = await app.client().post('/api/contractor/confirm-email', { token });
    expect(late.status).toBe(409);
    expect((await profile(client)).body.email).toBe(a.email);
  });

  it('expires the link an hour after it was sent, and refuses malformed tokens with 400', async () => {
    const o = await owner();
    const client = await o.signIn();
    const next = `late-${randomBytes(4).toString('hex')}@builders.example`;
    await client.post('/api/contractor/email', { email: next, currentPassword: o.password });
    const token = await linkIn(next, 'email-change', '/contractor/confirm-email');
    const sentAt = Date.now();
    try {
      app.ctx.clock.now = () => new Date(sentAt + ACCOUNT_LINK_TTL_MS + 1_000);
      expect((await app.client().post('/api/contractor/confirm-email', { token })).status).toBe(400);
    } finally {
      app.ctx.clock.now = createClock().now;
    }
    for (const bad of [{}, { token: '' }, { token: ['a'] }])
      expect((await app.client().post('/api/contractor/confirm-email', bad)).status).toBe(400);
    // A reset link is no confirmation link.
    await requestReset(o.email);
    const reset = await linkIn(o.email, 'password-reset', '/contractor/reset-password');
    expect((await app.client().post('/api/contractor/confirm-email', { token: reset })).status).toBe(400);
  });
});

describe("the portal: 'sign out everywhere'", () => {
  it('ends every session of the account, the one asking too, and no other account', async () => {
    const o = await owner();
    const other = await contractorClient(app, (await createContractor(app.ctx.db)).id);
    const [here, elsewhere] = [await o.signIn(), await o.signIn()];
    const res = await here.post('/api/contractor/logout-everywhere', {});
    expect(res.status).toBe(200);
    expect((await profile(here)).status).toBe(401);
    expect((await profile(elsewhere)).status).toBe(401);
    expect((await profile(other)).status).toBe(200);
    expect((await profile(await o.signIn())).status).toBe(200);
    expect((await app.client().post('/api/contractor/logout-everywhere', {})).status).toBe(401);
  });

  it('keeps an unlisted contractor out still', async () => {
    const o = await owner();
    const client = await o.signIn();
    await app.ctx.db.update(contractors).set({ isVisible: false }).where(eq(contractors.id, o.contractorId));
    expect((await profile(client)).status).toBe(401);
  });
});

describe('in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp({ NODE_ENV: 'production', PAYMENTS: 'demo' });
    // The deployment's address as an operator might give it, without https (the test app sets its own).
    production.ctx.siteUrl = 'http://contractors.example.org';
  });
  afterAll(() => production?.close());

  it("links to the county's site over https, and no log line carries a link's token", async () => {
    const contractor = await createContractor(production.ctx.db);
    const email = `prod-${randomBytes(4).toString('hex')}@builders.example`;
    await production.ctx.db
      .insert(contractorAccounts)
      .values({ contractorId: contractor.id, email, passwordHash: await bcrypt.hash('x', 4) });
    expect((await production.client().post('/api/contractor/forgot-password', { email })).status).toBe(202);
    await production.ctx.jobs.runPending();
    const [mail] = await production.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(mail!.textBody).toMatch(
      /https:\/\/contractors\.example\.org\/contractor\/reset-password\?token=[\w-]{43}\s/,
    );
    expect(loggablePath('/contractor/reset-password?token=abc')).toBe('/contractor/reset-password?token=redacted');
    expect(loggablePath('/contractor/confirm-email?token=abc')).toBe('/contractor/confirm-email?token=redacted');
  });
});
