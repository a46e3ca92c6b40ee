import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, paymentMode, startupWarnings } from '../../server/env';

// Production posture of payments (issue 11, item 2; docs/decisions/0045-demo-provider.md): no demo provider by accident.
const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };
const stripeComplete = {
  ...keys,
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PRICE_PRO: 'price_pro',
  STRIPE_PRICE_PREMIUM: 'price_premium',
};
// Without Twilio production warns that texts are not sent (docs/decisions/0118-text-messages.md).
const twilio = {
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'f'.repeat(32),
  TWILIO_FROM: '+15705550100',
};

describe('payments configuration', () => {
  it('refuses production without Stripe keys, and says how to opt in to demo payments', () => {
    expect(() => parseEnv(prod)).toThrow(ConfigError);
    expect(() => parseEnv(prod)).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are required when NODE_ENV=production/,
    );
    expect(() => parseEnv(prod)).toThrow(/PAYMENTS=demo/);
  });

  it('runs production on demo payments only when PAYMENTS=demo says so, with a loud warning', () => {
    const env = parseEnv({ ...prod, PAYMENTS: 'demo' });
    expect(paymentMode(env)).toBe('demo');
    expect(startupWarnings(env).join('\n')).toMatch(/DEMO PAYMENTS IN PRODUCTION/);
    expect(startupWarnings(env).join('\n')).toMatch(/no card is charged/i);
  });

  it('names each Stripe setting production still lacks when the keys are set', () => {
    expect(() => parseEnv({ ...prod, ...keys })).toThrow(/STRIPE_WEBHOOK_SECRET is required when NODE_ENV=production/);
    expect(() => parseEnv({ ...prod, ...keys })).toThrow(/STRIPE_PRICE_PRO is required/);
    expect(() => parseEnv({ ...prod, ...keys })).toThrow(/STRIPE_PRICE_PREMIUM is required/);
    const { STRIPE_PRICE_PREMIUM: _premium, ...noPremium } = stripeComplete;
    expect(() => parseEnv({ ...prod, ...noPremium })).toThrow(
      /^Invalid configuration:\n {2}STRIPE_PRICE_PREMIUM is required when NODE_ENV=production$/,
    );
    const env = parseEnv({
      ...prod,
      ...stripeComplete,
      ...twilio,
      OPERATOR_POSTAL_ADDRESS: 'PO Box 1, Laporte, PA 18626',
    });
    expect(paymentMode(env)).toBe('stripe');
    expect(startupWarnings(env)).toEqual([]);
  });

  it('treats PAYMENTS=demo with Stripe keys as a configuration error, in every environment', () => {
    expect(() => parseEnv({ ...prod, ...stripeComplete, PAYMENTS: 'demo' })).toThrow(
      /PAYMENTS is demo but STRIPE_SECRET_KEY/,
    );
    expect(() => parseEnv({ ...keys, PAYMENTS: 'demo' })).toThrow(/PAYMENTS is demo but STRIPE_SECRET_KEY/);
  });

  it('PAYMENTS=stripe insists on the keys, also locally', () => {
    expect(() => parseEnv({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY is required when PAYMENTS=stripe/);
    expect(() => parseEnv({ ...prod, PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(paymentMode(parseEnv({ ...keys, PAYMENTS: 'stripe' }))).toBe('stripe');
    expect(() => parseEnv({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS must be stripe or demo/);
  });

  it('keeps the demo provider without keys in development and tests, without a warning', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const env = parseEnv({ NODE_ENV });
      expect(paymentMode(env)).toBe('demo');
      expect(startupWarnings(env)).toEqual([]);
    }
    expect(paymentMode(parseEnv({ ...keys }))).toBe('stripe');
  });
});

describe('plain http sign-in opt-in', () => {
  it('warns at start when production allows sign-in over plain http', () => {
    const env = parseEnv({ ...prod, ...stripeComplete, ALLOW_PLAIN_HTTP: 'true' });
    expect(env.ALLOW_PLAIN_HTTP).toBe(true);
    expect(startupWarnings(env).join('\n')).toMatch(/ALLOW_PLAIN_HTTP/);
    expect(() => parseEnv({ ALLOW_PLAIN_HTTP: 'maybe' })).toThrow(/ALLOW_PLAIN_HTTP must be true or false/);
  });
});
