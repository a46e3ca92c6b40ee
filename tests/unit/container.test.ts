import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, paymentMode, parseEnv } from '../../server/env';

/**
 * The container files (issue 13, Container; docs/decisions/0080-container.md), which cannot be
 * built here (no Docker): the app's settings in compose.yaml, filled in as Docker Compose does,
 * must parse as server/env.ts reads them, for the local trial the file's header documents.
 */

const dockerfile = readFileSync('Dockerfile', 'utf8');
const compose = readFileSync('compose.yaml', 'utf8');

/** The app service's environment block, as written (values still with ${...}). */
function appEnvironment(): Record<string, string> {
  const block = /\n {2}app:\n[\s\S]*?\n {4}environment:\n((?: {6}.*\n)+)/.exec(compose);
  if (!block) throw new Error('compose.yaml has no app environment block');
  const out: Record<string, string> = {};
  for (const line of block[1]!.split('\n')) {
    const m = /^ {6}([A-Z_]+): (.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!.replace(/^'(.*)'$/, '$1');
  }
  return out;
}

/** Docker Compose's interpolation: ${VAR}, ${VAR:-default} and ${VAR:?error}. */
function interpolate(value: string, shell: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    const v = shell[name];
    if (v) return v;
    if (op === '?') throw new Error(`compose refuses to start: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

/** What the app process sees: the image's ENV lines, then compose's environment. */
function containerEnv(shell: Record<string, string>): Record<string, string> {
  const imageEnv: Record<string, string> = {};
  const last = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  for (const m of last.matchAll(/(?:ENV|\\)\s+(\w+)=(\S+)/g)) imageEnv[m[1]!] = m[2]!;
  const env = { ...imageEnv };
  for (const [k, v] of Object.entries(appEnvironment())) env[k] = interpolate(v, shell);
  return env;
}

const trial = {
  SESSION_SECRET: 'f'.repeat(64),
  ADMIN_PASSWORD: 'a long passphrase of yours',
  PAYMENTS: 'demo',
  ALLOW_PLAIN_HTTP: 'true',
};

describe('compose.yaml and the Dockerfile', () => {
  it('the documented local trial parses: production, demo payments, sign-in over http, the compose database', () => {
    expect(compose).toContain('PAYMENTS=demo ALLOW_PLAIN_HTTP=true docker compose up --build');
    const env = parseEnv(containerEnv(trial));
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '0.0.0.0',
      ALLOW_PLAIN_HTTP: true,
      DATABASE_URL: 'postgres://contractors:contractors@db:5432/contractors',
    });
    expect(paymentMode(env)).toBe('demo');
    expect(env.MAIL_FROM).toBe('Sullivan County Contractors <no-reply@example.org>');
  });

  it('with Stripe settings instead of PAYMENTS=demo it takes card payments', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_PREMIUM: 'price_premium',
    };
    const env = parseEnv(
      containerEnv({
        SESSION_SECRET: trial.SESSION_SECRET,
        ADMIN_PASSWORD: trial.ADMIN_PASSWORD,
        ...stripe,
        PUBLIC_URL: 'https://contractors.example.org',
        TRUST_PROXY: 'true',
      }),
    );
    expect(paymentMode(env)).toBe('stripe');
    expect(env).toMatchObject({ TRUST_PROXY: true, PUBLIC_URL: 'https://contractors.example.org' });
    expect(env.ALLOW_PLAIN_HTTP).toBeUndefined();
  });

  it('without Stripe keys or PAYMENTS=demo the app refuses to start, saying so', () => {
    expect(() =>
      parseEnv(containerEnv({ SESSION_SECRET: trial.SESSION_SECRET, ADMIN_PASSWORD: trial.ADMIN_PASSWORD })),
    ).toThrow(ConfigError);
    expect(() =>
      parseEnv(containerEnv({ SESSION_SECRET: trial.SESSION_SECRET, ADMIN_PASSWORD: trial.ADMIN_PASSWORD })),
    ).toThrow(/PAYMENTS=demo/);
  });

  it('compose insists on a session secret and an admin password', () => {
    expect(() => containerEnv({ ADMIN_PASSWORD: trial.ADMIN_PASSWORD })).toThrow(/SESSION_SECRET/);
    expect(() => containerEnv({ SESSION_SECRET: trial.SESSION_SECRET })).toThrow(/ADMIN_PASSWORD/);
  });

  it('the image runs the built server as a non-root user from production dependencies, checked on the ready endpoint', () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/\nUSER node\n/);
    expect(dockerfile).toMatch(/HEALTHCHECK [\s\S]*\/api\/health\/ready/);
    expect(dockerfile).toMatch(/CMD \["node", "dist\/server\/index.js"\]/);
    // The folder the embedded database would use is the only one the app may write.
    expect(dockerfile).toMatch(/chown node:node \/app\/\.data/);
  });
});
