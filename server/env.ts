import { existsSync } from 'node:fs';
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

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
/** A duration such as 10m, 90s, 1h or 500ms (a bare number is seconds), in milliseconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?(ms|s|m|h)?$/, 'must be a duration like 10m, 90s, 1h or 0')
  .transform((v) => {
    const [, n, unit] = /^([\d.]+)(ms|s|m|h)?$/.exec(v)!;
    return Math.round(Number(n) * UNIT_MS[(unit ?? 's') as keyof typeof UNIT_MS]);
  });

/** A longer duration, which may also be in days: 7d, 36h, 0. */
const DAYS_MS = 86_400_000;
const durationInDays = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?(ms|s|m|h|d)?$/, 'must be a duration like 7d, 12h, 30m or 0')
  .transform((v) => {
    const [, n, unit] = /^([\d.]+)(ms|s|m|h|d)?$/.exec(v)!;
    return Math.round(Number(n) * (unit === 'd' ? DAYS_MS : UNIT_MS[(unit ?? 's') as keyof typeof UNIT_MS]));
  });

const schema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    PUBLIC_URL: optional(url(['http:', 'https:'], 'https://contractors.example.org')),
    DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db')),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().min(1).default('.data'),
    /** Sample contractors and blog posts in an empty database: on unless NODE_ENV=production (true seeds a demo there). */
    SEED_SAMPLE_DATA: optional(bool),
    SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    ADMIN_USERNAME: optional(z.string().min(3, 'must be at least 3 characters').max(64)),
    ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters').max(200)),
    ADMIN_EMAIL: optional(z.email({ error: 'must be an email address' })),
    /** The operator's postal address, in the footer of every invitation to claim a listing (CAN-SPAM; docs/decisions/0132-claim-invitations.md). */
    OPERATOR_POSTAL_ADDRESS: optional(z.string().trim().min(5).max(300)),
    /** Administrators' two-factor sign-in (docs/decisions/0109-admin-two-factor.md): required unless optional; unset, required in production only. */
    ADMIN_TWO_FACTOR: optional(z.enum(['required', 'optional'], { error: 'must be required or optional' })),
    SMTP_URL: optional(url(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.org:587')),
    MAIL_FROM: z.string().min(3).default('Sullivan County Contractors <no-reply@sullivancountycontractors.local>'),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must look like sk_test_...')),
    STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_\w+$/, 'must look like pk_test_...')),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, 'must look like whsec_...')),
    STRIPE_PRICE_PRO: optional(z.string().regex(/^price_\w+$/, 'must look like price_...')),
    STRIPE_PRICE_PREMIUM: optional(z.string().regex(/^price_\w+$/, 'must look like price_...')),
    /** Text messages through Twilio (docs/decisions/0118-text-messages.md): all three, or none (texts are kept in the outbox). */
    TWILIO_ACCOUNT_SID: optional(
      z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits'),
    ),
    TWILIO_AUTH_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
    /** The sending number (+15705550123) or a Messaging Service (MG...). */
    TWILIO_FROM: optional(
      z
        .string()
        .regex(
          /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/,
          'must be a phone number like +15705550123 or a Messaging Service SID (MG...)',
        ),
    ),
    /** Points the Twilio library at another host (the tests' local stand-in). */
    TWILIO_API_URL: optional(url(['http:', 'https:'], 'http://127.0.0.1:12112')),
    /** Points the Stripe SDK at another host (the tests' local stand-in). */
    STRIPE_API_URL: optional(url(['http:', 'https:'], 'http://127.0.0.1:12111')),
    /** stripe, or demo (no card is charged); unset: Stripe when its keys are set. Production needs Stripe unless this says demo. */
    PAYMENTS: optional(z.enum(['stripe', 'demo'], { error: 'must be stripe or demo' })),
    TRUST_PROXY: optional(bool),
    /** Production only: sign-ins over plain http (session cookie Secure only on https), for a private network. */
    ALLOW_PLAIN_HTTP: optional(bool),
    LOG_REQUESTS: optional(bool),
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(kb|mb)$/, 'must be a size like 100kb')
      .default('100kb'),
    /** Rate limits on public forms and sign-ins (on unless set to false). */
    RATE_LIMIT: optional(bool),
    /** Answer the public directory from memory until it changes (on unless false: then SQL, and no STALE_IF_ERROR). */
    DIRECTORY_CACHE: optional(bool),
    /** While PostgreSQL is unreachable, public reads answer from the data loaded last, for up to this long after it was last known current (0: never). */
    STALE_IF_ERROR: optional(duration).transform((v) => v ?? 600_000),
    /** Memory (MB) the counties' directory snapshots may hold together; the least recently used go first (docs/decisions/0101-read-model-per-county.md). */
    DIRECTORY_MEMORY_MB: optional(
      z.coerce
        .number({ error: 'must be a number of megabytes' })
        .int('must be a whole number of megabytes')
        .min(1, 'must be at least 1'),
    ).transform((v) => v ?? 256),
    /** A daily email to the admin (7:00 Eastern) of submissions to review and leads to deliver; off unless true. */
    ADMIN_DIGEST: optional(bool),
    /** How long after a lead is paid or credited the homeowner is asked about the contractor (docs/decisions/0050-review-follow-up.md); 0 asks at once. */
    FOLLOW_UP_DELAY: optional(durationInDays).transform((v) => v ?? 7 * DAYS_MS),
    /** Days after a lead closes until its homeowner's contact details are erased by the daily job (docs/decisions/0114-homeowner-privacy.md). */
    LEAD_RETENTION_DAYS: optional(
      z.coerce
        .number({ error: 'must be a number of days' })
        .int('must be a whole number of days')
        .min(1, 'must be at least 1 day')
        .max(36_500, 'must be at most 36500 days'),
    ).transform((v) => v ?? 365),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'],
        message: 'must be set together with the other admin variable',
      });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'],
        message: 'must be set together with the other Stripe key',
      });
    }
    checkPayments(env, ctx);
    const twilio = {
      TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN,
      TWILIO_FROM: env.TWILIO_FROM,
    };
    const missing = Object.entries(twilio).filter(([, v]) => !v);
    if (missing.length && missing.length < 3) {
      for (const [name] of missing)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'must be set together with the other Twilio settings (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)',
        });
    }
  });

type PaymentSettings = Partial<
  Record<
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_PRICE_PRO'
    | 'STRIPE_PRICE_PREMIUM',
    string
  >
> & {
  NODE_ENV: string;
  PAYMENTS?: 'stripe' | 'demo';
};

/**
 * Production takes real payments or says plainly that it does not
 * (docs/decisions/0045-demo-provider.md): without Stripe keys it runs only with PAYMENTS=demo, and
 * with them it needs every Stripe setting at start rather than answering 503 later.
 */
function checkPayments(env: PaymentSettings, ctx: z.RefinementCtx) {
  const anyKey = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY);
  const production = env.NODE_ENV === 'production';
  if (env.PAYMENTS === 'demo' && anyKey) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS'],
      message:
        'is demo but STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set: unset them for demo payments, or unset PAYMENTS to take card payments',
    });
  }
  if (!anyKey && production && env.PAYMENTS !== 'demo') {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message:
        'and STRIPE_PUBLISHABLE_KEY are required when NODE_ENV=production; to run without real payments set PAYMENTS=demo (no card is charged, and anyone with a pay link can unlock a lead)',
    });
  } else if (!anyKey && env.PAYMENTS === 'stripe') {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when PAYMENTS=stripe' });
  }
  if (production && env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO', 'STRIPE_PRICE_PREMIUM'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when NODE_ENV=production' });
    }
  }
}

export type Env = z.output<typeof schema>;

/** Sample contractors and blog posts go into an empty database locally, in production only when asked (docs/decisions/0081-production-data.md). */
export const seedsSampleData = (env: Env): boolean => env.SEED_SAMPLE_DATA ?? env.NODE_ENV !== 'production';

/** Every variable the app reads (README's table and .env.example list them all; a test checks). */
export const ENV_VARIABLES = Object.keys(schema.shape) as (keyof Env)[];

/**
 * Reads `.env` from the working directory when there is one. Variables already set in the
 * environment win, so a process manager's settings are never overridden by a stray file.
 */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'} ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Whether every administrator must sign in with an authenticator app: ADMIN_TWO_FACTOR, by default in production (docs/decisions/0109-admin-two-factor.md). */
export const adminTwoFactorRequired = (env: Pick<Env, 'ADMIN_TWO_FACTOR' | 'NODE_ENV'>): boolean =>
  (env.ADMIN_TWO_FACTOR ?? (env.NODE_ENV === 'production' ? 'required' : 'optional')) === 'required';

/** Stripe when both its keys are set, else the local demo provider (docs/decisions/0007-payment-provider.md). */
export function paymentMode(env: Env): 'stripe' | 'demo' {
  return env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY ? 'stripe' : 'demo';
}

/** Twilio when its three settings are set, else texts are kept in the outbox (docs/decisions/0118-text-messages.md). */
export const textsConfigured = (env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM'>): boolean =>
  Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);

/** What an operator opted in to that weakens production, said loudly at every start. */
export function startupWarnings(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (paymentMode(env) === 'demo') {
    warnings.push(
      'DEMO PAYMENTS IN PRODUCTION (PAYMENTS=demo): no card is charged, anyone with a pay link can unlock a lead and any contractor can start a paid plan for free. Set the Stripe keys and unset PAYMENTS to take real payments.',
    );
  }
  if (!adminTwoFactorRequired(env))
    warnings.push('ADMIN_TWO_FACTOR=optional: administrators may sign in with a password alone.');
  if (!textsConfigured(env)) {
    warnings.push(
      'TEXT MESSAGES ARE NOT SENT (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set): contractors who opted in to text alerts get email only; their texts are kept in the admin outbox.',
    );
  }
  if (!env.OPERATOR_POSTAL_ADDRESS)
    warnings.push(
      "OPERATOR_POSTAL_ADDRESS is not set: invitations to claim a listing carry the site's name where the law (CAN-SPAM) wants the sender's postal address. Set it before inviting businesses.",
    );
  if (env.ALLOW_PLAIN_HTTP)
    warnings.push(
      'ALLOW_PLAIN_HTTP: sign-ins work over plain http, so passwords and session cookies cross the network unencrypted. Use it only on a private network.',
    );
  return warnings;
}

export function publicUrl(env: Env, port: number): string {
  return (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
}
