import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '@shared/forms';
import { newsletterSubscribers, outboxEmails } from '../../server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

const subscriberCount = async () => (await app.ctx.db.select({ n: count() }).from(newsletterSubscribers))[0]!.n;

/** The unsubscribe token from the newest welcome email to an address. */
async function welcomeToken(email: string): Promise<string> {
  const [mail] = await app.ctx.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, email))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  expect(mail?.kind).toBe('newsletter-welcome');
  const link = /(\S+\/newsletter\/unsubscribe\?token=)([\w-]+)/.exec(mail!.textBody);
  expect(link?.[1]).toBe(`${app.url}/newsletter/unsubscribe?token=`);
  return link![2]!;
}

describe('POST /api/newsletter', () => {
  it('subscribes and sends a welcome email with an unsubscribe link', async () => {
    const res = await app.client().post('/api/newsletter', { email: 'reader@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Subscribed' });
    const token = await welcomeToken('reader@example.com');
    const [row] = await app.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token));
    expect(row).toMatchObject({ email: 'reader@example.com', unsubscribedAt: null });
  });

  it('answers 409 for an address already subscribed, in any letter case', async () => {
    await app.client().post('/api/newsletter', { email: 'twice@example.com' });
    const res = await app.client().post('/api/newsletter', { email: '  TWICE@Example.com ' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already subscribed/i);
    const rows = await app.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'twice@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous subscriptions of one address succeed', async () => {
    const [a, b] = await Promise.all([
      app.client().post('/api/newsletter', { email: 'race@example.com' }),
      app.client().post('/api/newsletter', { email: 'Race@example.com' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it.each([['not-an-email'], [''], ['a@b'], [`${'x'.repeat(250)}@example.com`]])(
    'refuses %j with 400 errors.email',
    async (email) => {
      const res = await app.client().post('/api/newsletter', { email });
      expect(res.status).toBe(400);
      expect(res.body.errors.email).toBe('Please enter a valid email address');
    },
  );

  it('refuses a body without an email', async () => {
    const res = await app.client().post('/api/newsletter', {});
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toBe('Please enter a valid email address');
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const before = await subscriberCount();
    const res = await app.client().post('/api/newsletter', { email: 'bot@example.com', [HONEYPOT_FIELD]: 'x' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Subscribed' });
    expect(await subscriberCount()).toBe(before);
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  it('unsubscribes with the emailed token, and the address can subscribe again', async () => {
    await app.client().post('/api/newsletter', { email: 'leaver@example.com' });
    const token = await welcomeToken('leaver@example.com');

    const res = await app.client().post('/api/newsletter/unsubscribe', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Unsubscribed' });
    const [row] = await app.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token));
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);

    // Opening the link again still succeeds.
    expect((await app.client().post('/api/newsletter/unsubscribe', { token })).status).toBe(200);

    const again = await app.client().post('/api/newsletter', { email: 'Leaver@example.com' });
    expect(again.status).toBe(201);
    const fresh = await welcomeToken('Leaver@example.com');
    expect(fresh).not.toBe(token);
    const rows = await app.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'leaver@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ unsubscribeToken: fresh, unsubscribedAt: null });
  });

  it('answers 404 for an unknown token', async () => {
    const res = await app.client().post('/api/newsletter/unsubscribe', { token: 'no-such-token' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'This unsubscribe link is not valid' });
  });

  it('answers 400 without a token', async () => {
    const res = await app.client().post('/api/newsletter/unsubscribe', {});
    expect(res.status).toBe(400);
    expect(res.body.errors.token).toEqual(expect.any(String));
  });
});

describe('newsletter rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp();
  });
  afterAll(() => limited?.close());

  it('refuses the eleventh attempt from one address within the hour', async () => {
    const client = limited.client();
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/newsletter', { email: `burst${i}@example.com` })).status).toBe(201);
    }
    const res = await client.post('/api/newsletter', { email: 'burst10@example.com' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too many attempts. Please try again later.' });
  });
});
