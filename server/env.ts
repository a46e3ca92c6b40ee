import { z } from 'zod';

/**
 * Configuration, parsed once at start-up. Everything is optional for a local run; production
 * (NODE_ENV=production) insists on a session secret. A bad value stops the process with a
 * message that names the variable.
 */

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const url = (protocols: string[], example: string) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL like ${example}`);

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    PUBLIC_URL: optional(url(['http:', 'https:'], 'https://contractors.example.org')),
    DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db')),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().min(1).default('.data'),
    SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    ADMIN_USERNAME: optional(z.string().min(3, 'must be at least 3 characters').max(64)),
    ADMIN_PASSWORD: optional(z.string().min(10, 'must be at least 10 characters').max(200)),
    ADMIN_EMAIL: optional(z.email({ error: 'must be an email address' })),
    SMTP_URL: optional(url(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.org:587')),
    MAIL_FROM: z.string().min(3).default('Sullivan County Contractors <no-reply@sullivancountycontractors.local>'),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must look like sk_test_...')),
    STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_\w+$/, 'must look like pk_test_...')),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, 'must look like whsec_...')),
    STRIPE_PRICE_PRO: optional(z.string().regex(/^price_\w+$/, 'must look like price_...')),
    STRIPE_PRICE_PREMIUM: optional(z.string().regex(/^price_\w+$/, 'must look like price_...')),
    /** Points the Stripe SDK at another host (the tests' local stand-in). */
    STRIPE_API_URL: optional(url(['http:', 'https:'], 'http://127.0.0.1:12111')),
    TRUST_PROXY: optional(bool),
    LOG_REQUESTS: optional(bool),
    BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/, 'must be a size like 100kb').default('100kb'),
    /** Rate limits on public forms and sign-ins (on unless set to false). */
    RATE_LIMIT: optional(bool),
    /** Answer the public directory from memory until it changes (on unless false: then SQL). */
    DIRECTORY_CACHE: optional(bool),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: [env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'], message: 'must be set together with the other admin variable' });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: [env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'], message: 'must be set together with the other Stripe key' });
    }
  });

export type Env = z.output<typeof schema>;

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'} ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

export function publicUrl(env: Env, port: number): string {
  return (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
}
