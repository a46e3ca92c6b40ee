import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage, Paged } from '@shared/schemas/admin';
import { outboxEmails } from '../../server/db/schema';
import { adminClient } from '../support/admin-session';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: TestClient;
let ids: number[];
const base = Date.parse('2026-03-01T12:00:00Z');

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  await app.ctx.db.delete(outboxEmails);
  // Inserted out of time order; the last two share a timestamp, so the id decides.
  const rows = await app.ctx.db
    .insert(outboxEmails)
    .values(
      [5, 0, 9, 3, 7, 1, 8, 2, 6, 4, 10, 10].map((minute, i) => ({
        kind: i % 2 ? 'lead-notice' : 'welcome',
        toAddress: `person${i}@example.com`,
        subject: `Message ${i}`,
        textBody: `Body ${i}`,
        createdAt: new Date(base + minute * 60_000),
      })),
    )
    .returning();
  ids = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.id);
});
afterAll(() => app?.close());

describe('GET /api/admin/outbox', () => {
  it('is for administrators only', async () => {
    expect((await app.client().get('/api/admin/outbox')).status).toBe(401);
    expect((await app.client().get(`/api/admin/outbox/${ids[0]}`)).status).toBe(401);
  });

  it('lists newest first with the total', async () => {
    const res = await admin.get<Paged<OutboxMessage>>('/api/admin/outbox');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(12);
    expect(res.body.page).toBe(1);
    expect(res.body.pageSize).toBe(25);
    expect(res.body.items.map((m) => m.id)).toEqual(ids);
    expect(res.body.items[2]!.createdAt).toBe(new Date(base + 9 * 60_000).toISOString());
  });

  it('pages', async () => {
    const first = await admin.get<Paged<OutboxMessage>>('/api/admin/outbox?page=1&pageSize=5');
    const third = await admin.get<Paged<OutboxMessage>>('/api/admin/outbox?page=3&pageSize=5');
    const past = await admin.get<Paged<OutboxMessage>>('/api/admin/outbox?page=4&pageSize=5');
    expect(first.body.items.map((m) => m.id)).toEqual(ids.slice(0, 5));
    expect(third.body).toMatchObject({ total: 12, page: 3, pageSize: 5 });
    expect(third.body.items.map((m) => m.id)).toEqual(ids.slice(10));
    expect(past.body.items).toEqual([]);
  });

  it('refuses bad paging', async () => {
    for (const q of ['page=0', 'pageSize=101', 'page=abc'])
      expect((await admin.get(`/api/admin/outbox?${q}`)).status).toBe(400);
  });
});

describe('GET /api/admin/outbox/:id', () => {
  it('answers one message', async () => {
    const id = ids[3]!;
    const res = await admin.get<OutboxMessage>(`/api/admin/outbox/${id}`);
    expect(res.status).toBe(200);
    const i = Number(res.body.subject.replace('Message ', ''));
    expect(res.body).toEqual({
      id,
      kind: i % 2 ? 'lead-notice' : 'welcome',
      channel: 'email',
      to: `person${i}@example.com`,
      subject: `Message ${i}`,
      text: `Body ${i}`,
      // Without SMTP_URL the outbox is where a message is delivered (docs/decisions/0009-email.md).
      status: 'kept',
      attempts: 0,
      lastError: null,
      sentAt: null,
      createdAt: expect.any(String),
    });
  });

  it('answers 404 for an unknown one and 400 for a bad id', async () => {
    const res = await admin.get('/api/admin/outbox/999999');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Message not found');
    expect((await admin.get('/api/admin/outbox/abc')).status).toBe(400);
  });
});

describe('POST /api/admin/outbox/:id/resend without a mail server', () => {
  it('queues a failed message again; the send-email job keeps it in the outbox, where mail is delivered without SMTP', async () => {
    const [failed] = await app.ctx.db
      .insert(outboxEmails)
      .values({
        kind: 'lead-notice',
        toAddress: 'office@example.com',
        subject: 'Failed before SMTP_URL was removed',
        textBody: 'Body',
        status: 'failed',
        attempts: 11,
        lastError: 'connect ECONNREFUSED',
      })
      .returning();
    const res = await admin.post<OutboxMessage>(`/api/admin/outbox/${failed!.id}/resend`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: failed!.id, status: 'pending', attempts: 11 });

    expect(await app.ctx.jobs.runPending()).toBe(1);
    const kept = await admin.get<OutboxMessage>(`/api/admin/outbox/${failed!.id}`);
    expect(kept.body).toMatchObject({ status: 'kept', attempts: 11, lastError: null, sentAt: null });
    const listed = await admin.get<Paged<OutboxMessage>>('/api/admin/outbox?status=kept&pageSize=100');
    expect(listed.body.items.map((m) => m.id)).toContain(failed!.id);
    expect((await admin.post(`/api/admin/outbox/${failed!.id}/resend`)).status).toBe(409);
  });
});
