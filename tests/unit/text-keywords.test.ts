import { describe, expect, it } from 'vitest';
import { toE164 } from '../../shared/phone-numbers';
import { parseEnv, startupWarnings, textsConfigured } from '../../server/env';
import { textKeyword } from '../../server/notifications/text-keywords';

// Text messages (docs/decisions/0118-text-messages.md): what a texted number's reply means, the number form texts are keyed by, the settings.

describe('textKeyword', () => {
  it("reads Twilio's opt-out and opt-in words as the whole message, in any case", () => {
    for (const word of [
      'STOP',
      'stop',
      'Stop',
      'STOPALL',
      'unsubscribe',
      'Cancel',
      'END',
      'quit',
      ' STOP ',
      'Stop.',
      'STOP!',
      '\nstop\n',
    ])
      expect(textKeyword(word), word).toBe('stop');
    for (const word of ['START', 'start', 'Unstop', ' START. ']) expect(textKeyword(word), word).toBe('start');
  });

  it('ignores anything else, also a message that only contains a keyword', () => {
    for (const body of [
      '',
      ' ',
      'please stop',
      "don't stop",
      'STOP IT',
      'stop stop',
      'START NOW',
      'STOPPED',
      'S T O P',
      'Yes',
      'HELP',
      'ok.',
    ])
      expect(textKeyword(body), body).toBeNull();
  });
});

describe('toE164', () => {
  it('writes a North American number as people type it in E.164', () => {
    for (const typed of [
      '570-555-0123',
      '(570) 555-0123',
      '570.555.0123',
      '5705550123',
      '1 570 555 0123',
      '+1 570 555 0123',
      '+15705550123',
    ])
      expect(toE164(typed), typed).toBe('+15705550123');
  });

  it("keeps another country's number given with its + and country code", () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('answers null for what cannot take a text', () => {
    for (const typed of [
      '',
      'not a number',
      '555-0123',
      '070-555-0123',
      '570-055-0123',
      '+0 570 555 0123',
      '5705550123456789',
    ])
      expect(toE164(typed), typed).toBeNull();
  });
});

describe('the Twilio settings', () => {
  const twilio = {
    TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'b'.repeat(32),
    TWILIO_FROM: '+15705550100',
  };
  const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PAYMENTS: 'demo' };

  it('go together, each in its form', () => {
    expect(textsConfigured(parseEnv(twilio))).toBe(true);
    expect(textsConfigured(parseEnv({}))).toBe(false);
    expect(() => parseEnv({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID })).toThrow(
      /TWILIO_AUTH_TOKEN must be set together[\s\S]*TWILIO_FROM must be set together/,
    );
    expect(() => parseEnv({ ...twilio, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(/TWILIO_ACCOUNT_SID must look like AC/);
    expect(() => parseEnv({ ...twilio, TWILIO_FROM: '570-555-0100' })).toThrow(
      /TWILIO_FROM must be a phone number like \+1/,
    );
    expect(parseEnv({ ...twilio, TWILIO_FROM: `MG${'c'.repeat(32)}` }).TWILIO_FROM).toMatch(/^MG/);
  });

  it('missing in production is said at start: texts are kept in the outbox', () => {
    expect(startupWarnings(parseEnv(prod)).join('\n')).toMatch(
      /TEXT MESSAGES ARE NOT SENT[\s\S]*kept in the admin outbox/,
    );
    expect(startupWarnings(parseEnv({ ...prod, ...twilio })).join('\n')).not.toMatch(/TEXT MESSAGES/);
    expect(startupWarnings(parseEnv({}))).toEqual([]);
  });
});
