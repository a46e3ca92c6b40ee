import { setTimeout as sleep } from 'node:timers/promises';
import { totpCode, totpStep } from '../../server/accounts/totp';

/**
 * The tests' authenticator app (docs/decisions/0109-admin-two-factor.md): the code for a secret on
 * a clock, never one of a step it gave before, since the server refuses a code twice. It uses the
 * steps either side the server accepts before waiting for the next.
 */
export class TotpDevice {
  private lastStep = -Infinity;

  constructor(
    readonly secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async code(): Promise<string> {
    for (;;) {
      const current = totpStep(this.now());
      const step = Math.max(current - 1, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return totpCode(this.secret, new Date(step * 30_000));
      }
      await sleep(1_000);
    }
  }
}

/** One POST of JSON by whatever the test talks to the server with, keeping its session. */
export type Post = (path: string, body: unknown) => Promise<{ status: number; body: any }>;

/**
 * Signs an administrator in through the API with both steps: the password, then a code from
 * `device.current`. An account that must still set up two-factor sign-in (ADMIN_TWO_FACTOR
 * required, as in production) enrols here, and `device.current` keeps its secret for later
 * sign-ins of the same account (other processes, other browsers).
 */
export async function signInWithTwoFactor(
  post: Post,
  credentials: { username: string; password: string },
  device: { current?: TotpDevice },
): Promise<void> {
  const login = await post('/api/admin/login', credentials);
  if (login.status !== 200) throw new Error(`Admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
  if (login.body?.twoFactor === 'code') {
    if (!device.current) throw new Error('The account has two-factor sign-in, and this test does not know its secret');
    const res = await post('/api/admin/login/code', { code: await device.current.code() });
    if (res.status !== 200) throw new Error(`Admin second step failed: ${res.status} ${JSON.stringify(res.body)}`);
  } else if (login.body?.twoFactor === 'enrol') {
    const setup = await post('/api/admin/two-factor/setup', {});
    if (setup.status !== 200) throw new Error(`Two-factor setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
    device.current = new TotpDevice(setup.body.secret);
    const confirm = await post('/api/admin/two-factor/confirm', { code: await device.current.code() });
    if (confirm.status !== 200)
      throw new Error(`Two-factor confirmation failed: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  }
}

/** A Post over fetch keeping the session cookie, for tests that talk to a server process directly. */
export function fetchPost(baseUrl: string, jar: { cookie: string }): Post {
  return async (path, body) => {
    const res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(jar.cookie ? { Cookie: jar.cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) jar.cookie = sid.split(';')[0]!;
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}
