import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/credentials';
import { siteDay } from '@shared/site-calendar';
import { today } from '../../server/clock';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The routes browser tests move the server's clock with (server/routes/test-clock.ts,
 * docs/decisions/0090-how-tests-run.md): only a NODE_ENV=test server has them, one test holds the
 * clock at a time, and releasing puts the real clock back.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

const hold = async () => {
  const res = await app.client().post<{ token: string; today: string }>('/api/test/clock/hold', {});
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe('the test clock', () => {
  it('is moved by the holder only, to noon of a day, and released back to the real clock', async () => {
    const first = await hold();
    expect(first.today).toBe(siteDay(new Date()));
    const day = addDays(first.today, 3);

    expect((await app.client().request('PUT', '/api/test/clock', { token: 'not-the-holder', day })).status).toBe(409);
    expect((await app.client().request('PUT', '/api/test/clock', { token: first.token, day: 'tomorrow' })).status).toBe(
      400,
    );
    const moved = await app.client().request('PUT', '/api/test/clock', { token: first.token, day });
    expect(moved.body).toEqual({ today: day });
    expect(today(app.ctx.clock)).toBe(day);

    // A second hold waits until the first is released.
    let released = false;
    const second = app
      .client()
      .post<{ token: string; today: string }>('/api/test/clock/hold', {})
      .then((res) => ({ res, releasedFirst: released }));
    // The holder still moves the clock meanwhile (an answer to the waiting hold would come before this one's).
    expect(
      (await app.client().request('PUT', '/api/test/clock', { token: first.token, day: addDays(day, 1) })).body,
    ).toEqual({ today: addDays(day, 1) });
    released = true;
    expect((await app.client().post('/api/test/clock/release', { token: first.token })).body).toEqual({
      today: siteDay(new Date()),
    });
    const { res, releasedFirst } = await second;
    expect(releasedFirst).toBe(true);
    expect(res.body.today).toBe(siteDay(new Date()));
    expect(today(app.ctx.clock)).toBe(siteDay(new Date()));

    expect((await app.client().post('/api/test/clock/release', { token: first.token })).status).toBe(409);
    expect((await app.client().post('/api/test/clock/release', { token: res.body.token })).status).toBe(200);
  });

  it('does not exist on a server that is not NODE_ENV=test', async () => {
    const production = await startTestApp({ NODE_ENV: 'production', PAYMENTS: 'demo' });
    try {
      expect((await production.client().post('/api/test/clock/hold', {})).status).toBe(404);
      expect(
        (await production.client().request('PUT', '/api/test/clock', { token: 'x', day: '2030-01-01' })).status,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});
