import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { fixedHeadersOf, securityHeaders } from '../../server/http/security-headers';

describe('fixedHeadersOf', () => {
  it('reads the security headers as Helmet sets them on an answer', async () => {
    const security = securityHeaders({ dev: false, stripe: true });
    const app = express().use(security);
    app.get('/', (_req, res) => void res.end());
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const fixed = fixedHeadersOf(security);
      expect(fixed.length).toBeGreaterThan(10);
      for (const [name, value] of fixed) expect(res.headers.get(name), name).toBe(value);
      expect(fixed.map(([name]) => name.toLowerCase())).toContain('content-security-policy');
      expect(fixed.find(([name]) => name === 'Content-Security-Policy')![1]).toContain('https://js.stripe.com');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a middleware whose headers are not fixed', () => {
    const readsRequest: RequestHandler = (req, res, next) => {
      res.setHeader('X-Path', req.path);
      next();
    };
    const later: RequestHandler = (_req, _res, next) => void setTimeout(next, 1);
    const other: RequestHandler = (_req, res, next) => {
      res.status(204);
      next();
    };
    expect(() => fixedHeadersOf(readsRequest)).toThrow(/reads the request/);
    expect(() => fixedHeadersOf(later)).toThrow(/did not go on at once/);
    expect(() => fixedHeadersOf(other)).toThrow(/not fixed/);
  });
});
