import { createHash } from 'node:crypto';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { AnswerCache } from '../../server/http/answer-cache';
import { PageCache } from '../../server/render/page-cache';
import { inputKey } from '../../server/http/query-routes';
import { region } from '@shared/region';
import { createLogger } from '../../server/logger';
import { waitUntil } from '../support/wait';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Public GETs answered before compression and the /api router (server/http/query-routes.ts,
 * publicAnswers; docs/decisions/0072-public-answers-fast-path.md): what a client gets must not
 * depend on which of the two answered it.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The answer as it came over the wire (fetch would inflate it). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET', base = app.url): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

/** Express's default ETag of the bytes sent (weak; the etag package's algorithm). */
const expressEtag = (bytes: Buffer) =>
  `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').substring(0, 27)}"`;

const PAGE = '/api/contractors?sort=name&pageSize=48';
/** Set for every answer by Node or per request. */
const PER_ANSWER = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'content-length',
  'content-encoding',
  'etag',
]);
const stable = (h: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !PER_ANSWER.has(k)));

describe('public GETs answered before the router', () => {
  it('send gzip with the same headers as the router sends plain JSON, and the same answer', async () => {
    const zipped = await get(PAGE, { 'accept-encoding': 'gzip, deflate, br' });
    // A plain answer of this size would be compressed by the compression middleware: the router answers it.
    const plain = await get(PAGE, { 'accept-encoding': 'identity' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(stable(zipped.headers)).toEqual(stable(plain.headers));
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(zipped.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('answer a current gzip GET themselves, and leave another encoding, a revalidation and HEAD to the router', async () => {
    // The router answers through Express's send; publicAnswers writes the answer in one writeHead.
    const send = vi.spyOn(express.response, 'send');
    try {
      const answeredByRouter = async (headers: Record<string, string>, method = 'GET') => {
        send.mockClear();
        expect((await get(PAGE, headers, method)).status).toBe(
          method === 'GET' && headers['if-none-match'] ? 304 : 200,
        );
        return send.mock.calls.length > 0;
      };
      const zipped = await get(PAGE, { 'accept-encoding': 'gzip' });
      expect(await answeredByRouter({ 'accept-encoding': 'gzip' })).toBe(false);
      expect(await answeredByRouter({ 'accept-encoding': 'br' })).toBe(true);
      expect(await answeredByRouter({ 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag! })).toBe(true);
      expect(await answeredByRouter({ 'accept-encoding': 'gzip' }, 'HEAD')).toBe(true);
    } finally {
      send.mockRestore();
    }
  });

  it('carry the same headers whichever path answered the same address, all but the timing ones', async () => {
    const send = vi.spyOn(express.response, 'send');
    try {
      const id = { 'x-request-id': 'same-address.1' };
      send.mockClear();
      const fast = await get(PAGE, { 'accept-encoding': 'gzip', ...id });
      expect(send).not.toHaveBeenCalled();
      // A revalidation that does not match goes down the whole chain and is answered in full.
      const normal = await get(PAGE, { 'accept-encoding': 'gzip', 'if-none-match': 'W/"not-this-one"', ...id });
      expect(send).toHaveBeenCalled();
      expect(normal.status).toBe(200);
      const timing = new Set(['date', 'connection', 'keep-alive']);
      const untimed = (h: http.IncomingHttpHeaders) =>
        Object.fromEntries(Object.entries(h).filter(([k]) => !timing.has(k)));
      expect(untimed(fast.headers)).toEqual(untimed(normal.headers));
      expect(fast.body.equals(normal.body)).toBe(true);
    } finally {
      send.mockRestore();
    }
  });

  it("carry Express's ETag of the bytes sent, and answer 304 to a client that has them", async () => {
    for (const encoding of ['gzip', 'identity']) {
      const res = await get(PAGE, { 'accept-encoding': encoding });
      expect(res.headers.etag, encoding).toBe(expressEtag(res.body));
      const again = await get(PAGE, { 'accept-encoding': encoding, 'if-none-match': res.headers.etag! });
      expect(again.status, encoding).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('leave to the router what compression changes: another encoding for a client without gzip', async () => {
    const res = await get(PAGE, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('answer bad input as the router does: 400 with the field, through compression', async () => {
    const res = await get('/api/contractors?page=abc', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(400);
    expect(res.headers.vary).toBe('Accept-Encoding');
    const body = JSON.parse(res.body.toString()) as { message: string; errors: Record<string, string> };
    expect(body.message).toBe('Invalid query parameters');
    expect(body.errors.page).toBeTruthy();
    expect((await get('/api/contractors/999999', { 'accept-encoding': 'gzip' })).status).toBe(404);
  });

  it('answer HEAD as before', async () => {
    const head = await get(PAGE, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
  });

  it('keep the parsed input of an address frozen, and never one whose address carries a secret', async () => {
    const caches = { answers: new AnswerCache(), pages: new PageCache() };
    const server = http.createServer(createApp({ ctx: app.ctx, sessionSecret: app.ctx.env.SESSION_SECRET!, caches }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await keepsInputs(caches.answers, base);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  async function keepsInputs(answers: AnswerCache, base: string) {
    expect((await get('/api/contractors/search?service=roofing&location=all', {}, 'GET', base)).status).toBe(200);
    // Kept by county, route and address (docs/decisions/0101-read-model-per-county.md).
    const kept = answers.inputs.get(
      inputKey(region.slug, '/api/contractors/search', '/api/contractors/search?service=roofing&location=all'),
      0,
    ) as { services: string[] };
    expect(kept.services).toEqual(['roofing']);
    expect(Object.isFrozen(kept) && Object.isFrozen(kept.services)).toBe(true);
    expect(() => kept.services.push('hvac')).toThrow(TypeError);
    await get('/api/reviews/invitation?token=not-a-real-token', {}, 'GET', base);
    expect(
      answers.inputs.get(
        inputKey(region.slug, '/api/reviews/invitation', '/api/reviews/invitation?token=not-a-real-token'),
        0,
      ),
    ).toBeUndefined();
  }

  it('log their line with the request id they answered with', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger({
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const server = http.createServer(
      createApp({
        ctx: { ...app.ctx, env: { ...app.ctx.env, LOG_REQUESTS: true }, log },
        sessionSecret: app.ctx.env.SESSION_SECRET!,
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await get(PAGE, { 'accept-encoding': 'gzip', 'x-request-id': 'lb-public.1' }, 'GET', base);
      expect(res.headers['x-request-id']).toBe('lb-public.1');
      const line = await waitUntil('the request log line', () => lines.find((l) => l.reqId === 'lb-public.1'));
      expect(line).toMatchObject({
        level: 'info',
        method: 'GET',
        path: PAGE,
        status: 200,
        role: 'anonymous',
        msg: 'GET /api/contractors 200',
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
