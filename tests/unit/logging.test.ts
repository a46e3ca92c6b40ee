import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMiddleware } from '../../server/http/error-middleware';
import { loggablePath, requestLog } from '../../server/http/request-log';
import { createLogger, scrub, scrubText } from '../../server/logger';
import { describeStartupFailure } from '../../server/startup-failure';
import { waitUntil } from '../support/wait';

/** Logs (issue 13, Operating it; docs/decisions/0078-logs.md): JSON lines, request ids, no contact details or secrets. */

function capture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const log = createLogger({
    destination: {
      write: (s: string) => {
        raw.push(s);
        lines.push(JSON.parse(s) as Record<string, unknown>);
      },
    },
  });
  return { log, lines, raw };
}

describe('scrubbing what is logged', () => {
  it.each([
    ['an email address', 'sent to dana.h+quotes@example.com today', 'sent to [email] today'],
    ['a phone number with dashes', 'call 570-555-0199', 'call [phone]'],
    ['a phone number with brackets', 'call (570) 555-0199 now', 'call [phone] now'],
    ['a phone number with a country code', 'call +1 570.555.0199', 'call [phone]'],
    ['a bare ten-digit phone number', 'call 5705550199', 'call [phone]'],
    [
      'a password in a database address',
      'postgres://app:s3cret@db.internal:5432/app',
      'postgres://app:[redacted]@db.internal:5432/app',
    ],
  ])('takes %s out of a text', (_what, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it('leaves stack positions, times, addresses and ids alone', () => {
    const text =
      'at handler (/app/dist/server/index.js:1234:56) 2026-05-01T10:00:00.000Z 127.0.0.1 took 1717171717171 ms lead 42';
    expect(scrubText(text)).toBe(text);
  });

  it('drops the statement parameters a failed query carries, keeping the statement and the stack', () => {
    const err = new Error(
      'Failed query: insert into "leads" ("name", "email", "phone") values ($1, $2, $3)\nparams: Dana Homeowner,dana@example.com,(570) 555-0199',
    );
    const out = scrub(err) as { message: string; stack: string; type: string };
    expect(out.type).toBe('Error');
    expect(out.message).toBe(
      'Failed query: insert into "leads" ("name", "email", "phone") values ($1, $2, $3)\nparams: [redacted]',
    );
    expect(out.stack).toContain('params: [redacted]\n    at ');
    expect(JSON.stringify(out)).not.toMatch(/Dana|dana@|555/);
  });

  it('redacts values under secret or contact keys, at any depth', () => {
    const out = scrub({
      user: { email: 'a@b.co', phone: '1', password: 'x', nested: [{ token: 't', sessionId: 's', note: 'ok' }] },
      cookie: 'sid=1',
      authorization: 'Bearer x',
    });
    expect(out).toEqual({
      user: {
        email: '[redacted]',
        phone: '[redacted]',
        password: '[redacted]',
        nested: [{ token: '[redacted]', sessionId: '[redacted]', note: 'ok' }],
      },
      cookie: '[redacted]',
      authorization: '[redacted]',
    });
  });

  it('keeps public query strings and drops secret parameters from logged addresses', () => {
    expect(loggablePath('/search?service=roofing&location=laporte&page=2')).toBe(
      '/search?service=roofing&location=laporte&page=2',
    );
    expect(loggablePath('/newsletter/unsubscribe?token=abc123')).toBe('/newsletter/unsubscribe?token=redacted');
    expect(loggablePath('/demo-checkout?session_id=cs_1')).toBe('/demo-checkout?session_id=redacted');
    expect(loggablePath('/x?email=a%40b.co&phone=570')).toBe('/x?email=redacted&phone=redacted');
  });

  it('drops the review link token from the review page address', () => {
    expect(loggablePath('/review/12.sdf9k0.AbCdEfGhIjKlMnOpQrStUv')).toBe('/review/redacted');
    expect(loggablePath('/review/12.sdf9k0.AbCdEfGhIjKlMnOpQrStUv?x=1')).toBe('/review/redacted?x=1');
    expect(loggablePath('/review-policy')).toBe('/review-policy');
  });
});

describe('request log lines', () => {
  let url: string;
  let server: http.Server;
  const { log, lines, raw } = capture();
  beforeAll(async () => {
    const app = express();
    app.use(requestLog(log, true));
    app.get('/ok', (_req, res) => void res.json({ ok: true }));
    app.get('/boom', () => {
      throw new Error('Failed query: select * from leads where email = $1\nparams: dana@example.com');
    });
    app.get('/api/health/ready', (_req, res) => void res.json({ status: 'ok' }));
    app.use(errorMiddleware(log));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes one JSON line per answer with the request id, method, path, status, duration, address and role', async () => {
    lines.length = 0;
    const res = await fetch(`${url}/ok?q=dana%40example.com&page=1`);
    // Each line is written as its answer ends, after the client may have read the headers.
    await waitUntil('the line', () => lines.length > 0);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      reqId: id,
      method: 'GET',
      path: '/ok?q=[email]&page=1',
      status: 200,
      address: '127.0.0.1',
      role: 'anonymous',
      msg: 'GET /ok 200',
    });
    expect(typeof lines[0]!.durationMs).toBe('number');
    expect(typeof lines[0]!.time).toBe('string');
  });

  it("keeps the caller's X-Request-Id and replaces one that is not a plain token", async () => {
    lines.length = 0;
    const kept = await fetch(`${url}/ok`, { headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const replaced = await fetch(`${url}/ok`, { headers: { 'X-Request-Id': 'x'.repeat(300) } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await waitUntil('both lines', () => lines.length >= 2);
    expect(lines.map((l) => l.reqId)).toEqual(['lb-7f3a.42', replaced.headers.get('x-request-id')]);
  });

  it('logs an unhandled error with its stack in one line under the request id, without the query values', async () => {
    lines.length = 0;
    raw.length = 0;
    const res = await fetch(`${url}/boom`);
    expect(res.status).toBe(500);
    await waitUntil("the answer's line", () => lines.some((l) => l.msg === 'GET /boom 500'));
    const id = res.headers.get('x-request-id');
    const error = lines.find((l) => l.msg === 'unhandled error') as {
      reqId: string;
      err: { stack: string; message: string };
    };
    expect(error.reqId).toBe(id);
    expect(error.err.stack).toMatch(
      /^Error: Failed query: select \* from leads where email = \$1\nparams: \[redacted\]\n {4}at /,
    );
    expect(lines.find((l) => l.msg === 'GET /boom 500')).toMatchObject({ level: 'error', reqId: id, status: 500 });
    // JSON lines: one event a line, whatever the stack holds.
    for (const line of raw) expect(line.trimEnd().split('\n')).toHaveLength(1);
    expect(raw.join('')).not.toContain('dana@example.com');
  });

  it('does not log successful health probes', async () => {
    lines.length = 0;
    const probe = await fetch(`${url}/api/health/ready`);
    expect(probe.status).toBe(200);
    await probe.text();
    // A logged request after it: once that one's line is written, the probe's would have been.
    const next = await fetch(`${url}/ok`);
    await waitUntil("the next request's line", () => lines.some((l) => l.reqId === next.headers.get('x-request-id')));
    expect(lines.map((l) => l.msg)).toEqual(['GET /ok 200']);
  });

  it('still gives a request id with the request log turned off', async () => {
    const quiet = capture();
    const app = express().use(requestLog(quiet.log, false));
    app.get('/ok', (_req, res) => void res.json({ ok: true }));
    const s = http.createServer(app);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/ok`, {
      headers: { 'X-Request-Id': 'abc' },
    });
    await new Promise<void>((resolve) => s.close(() => resolve()));
    expect(res.headers.get('x-request-id')).toBe('abc');
    expect(quiet.lines).toHaveLength(0);
  });
});

describe('start-up failures in one line', () => {
  const env = { DATABASE_URL: 'postgres://app:secret@db.internal:6543/contractors', PORT: 3000, HOST: '0.0.0.0' };
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it.each([
    [
      'database unreachable',
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:6543'), { code: 'ECONNREFUSED', syscall: 'connect' }),
      'Cannot reach the PostgreSQL server at db.internal:6543 (connection refused)',
    ],
    [
      'host unknown',
      Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' }),
      'Cannot reach the PostgreSQL server at db.internal:6543 (no such host)',
    ],
    [
      'connection timeout',
      new Error('Connection terminated due to connection timeout'),
      'Cannot reach the PostgreSQL server at db.internal:6543 (no answer)',
    ],
    [
      'database missing',
      pgError('3D000', 'database "contractors" does not exist'),
      'The database "contractors" does not exist on the PostgreSQL server at db.internal:6543: create it (createdb contractors)',
    ],
    [
      'wrong password',
      pgError('28P01', 'password authentication failed for user "app"'),
      'The PostgreSQL server at db.internal:6543 refused user "app" (wrong password)',
    ],
    [
      'unknown role',
      pgError('28000', 'role "app" does not exist'),
      'The PostgreSQL server at db.internal:6543 refused user "app" (role "app" does not exist)',
    ],
    [
      'port in use',
      Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:3000'), {
        code: 'EADDRINUSE',
        syscall: 'listen',
      }),
      'Port 3000 on 0.0.0.0 is already in use',
    ],
  ])('%s', (_what, err, expected) => {
    const line = describeStartupFailure(err, env);
    expect(line).toContain(expected);
    expect(line).not.toContain('secret');
    expect(line).not.toContain('\n');
  });

  it('finds the reason inside a wrapped error', () => {
    const wrapped = new Error('Failed query: select pg_try_advisory_lock($1)', {
      cause: pgError('3D000', 'database "contractors" does not exist'),
    });
    expect(describeStartupFailure(wrapped, env)).toContain('does not exist');
  });

  it('leaves other errors to keep their stack', () => {
    expect(describeStartupFailure(new Error('syntax error at or near "x"'), env)).toBeNull();
    expect(describeStartupFailure(pgError('3D000', 'x'), { ...env, DATABASE_URL: undefined })).toBeNull();
  });
});
