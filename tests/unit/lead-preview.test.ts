import { describe, expect, it } from 'vitest';
import { HIDDEN, hideContactDetails, projectSummary } from '../../shared/contact-details';

/** What an unpaid lead shows: everything but a way to reach the customer (issue 11.1). */
describe('hideContactDetails', () => {
  const phones = [
    '570-555-0123',
    '(570) 555 0123',
    '(570) 555-0123',
    '5705550123',
    '570.555.0123',
    '570 555 0123',
    '+1 570 555 0123',
    '1-570-555-0123',
    '+1 (570) 555-0123',
    '555-0123',
    '555 0123',
    '5 7 0 5 5 5 0 1 2 3',
  ];
  it.each(phones)('hides the phone number %s', (phone) => {
    const out = hideContactDetails(`Call me on ${phone} after five.`);
    expect(out).toBe(`Call me on ${HIDDEN} after five.`);
    expect(out).not.toMatch(/\d{3}/);
  });

  const emails = [
    'name@example.com',
    'first.last+roof@mail.example.org',
    'name at example dot com',
    'name AT example DOT com',
    'name [at] example [dot] com',
    'name(at)example(dot)com',
    'name @ example . com',
    'name at example.com',
    'name@example dot com',
  ];
  it.each(emails)('hides the email address %s', (email) => {
    const out = hideContactDetails(`Email ${email} please`);
    expect(out).toBe(`Email ${HIDDEN} please`);
    expect(out).not.toMatch(/example/i);
  });

  it('keeps what a contractor needs to judge the job', () => {
    const text =
      'Replace a 20 x 30 ft roof on a 1950 farmhouse, 2 stories, budget $10,000 - $25,000, start in May 2027. Meet at the barn at noon.';
    expect(hideContactDetails(text)).toBe(text);
  });

  it('hides several details in one text', () => {
    expect(hideContactDetails('Text 570-555-0123 or mail jo@example.com, or (570) 555 0199.')).toBe(
      `Text ${HIDDEN} or mail ${HIDDEN}, or ${HIDDEN}.`,
    );
  });
});

describe('projectSummary', () => {
  it('hides contact details and cuts to 300 characters', () => {
    const long = `${'Walls and floors need work. '.repeat(20)}Call 570-555-0123.`;
    const out = projectSummary(`Email jo@example.com. ${long}`);
    expect(out.length).toBeLessThanOrEqual(303);
    expect(out.endsWith('...')).toBe(true);
    expect(out).not.toContain('jo@example.com');
  });

  it('hides a detail that the cut would split', () => {
    const details = `${'x'.repeat(290)} 570-555-0123 and more text after it`;
    expect(projectSummary(details)).not.toMatch(/570|555/);
  });
});
