import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFormEngine } from '@/components/form/engine';
import { fieldErrorsOf } from '@/components/form/field-errors';
import { ApiError } from '@/lib/api';
import { region } from '@shared/region';
import { quoteFormSchemaFor } from '@shared/schemas/leads';
import { reviewAnswersOf, reviewSubmissionSchema } from '@shared/schemas/reviews';

const quoteFormSchema = quoteFormSchemaFor(region);

/**
 * The one form's engine (docs/decisions/0097-one-progressive-form.md): react-hook-form running the
 * shared schema on what the controls hold, as the server checks a form posted without JavaScript.
 */
const good = {
  name: 'Ann Smith',
  email: 'ann@example.com',
  phone: '570-555-0100',
  serviceNeeded: 'Roofing & Siding',
  location: 'Laporte, PA',
  projectDetails: 'A new roof on the barn, before winter.',
  budgetRange: '',
};

describe('the form engine', () => {
  it("refuses what the schema refuses, with the schema's words, one message a field", async () => {
    const engine = createFormEngine(quoteFormSchema);
    const checked = await engine.check({ ...good, name: 'A', email: 'not-an-email' });
    expect(checked).toEqual({
      ok: false,
      errors: { name: 'Name must be at least 2 characters', email: 'Invalid email address' },
    });
  });

  it('says which budget is wrong in words, not as a union\'s "Invalid input"', async () => {
    const checked = await createFormEngine(quoteFormSchema).check({ ...good, budgetRange: '$1 million' });
    expect(checked).toEqual({ ok: false, errors: { budgetRange: 'Please choose a budget from the list' } });
  });

  it("passes the schema's output (trimmed) to the sender when every field is right", async () => {
    const engine = createFormEngine(quoteFormSchema);
    const checked = await engine.check({ ...good, name: '  Ann Smith  ' });
    expect(checked.ok).toBe(true);
    expect(checked.ok && checked.data.name).toBe('Ann Smith');
  });

  it('tells its subscriber when messages change: after a send, fixing a field takes its message away', async () => {
    const engine = createFormEngine(quoteFormSchema);
    const seen: Record<string, string>[] = [];
    engine.subscribe((errors) => seen.push(errors));
    await engine.check({ ...good, phone: '1' });
    expect(seen.at(-1)).toEqual({ phone: 'Please enter a valid phone number' });
    await engine.changed({ ...good });
    expect(seen.at(-1)).toEqual({});
  });

  it('after a send, re-checks the changed field and those in error, not a field nobody touched', async () => {
    const engine = createFormEngine(quoteFormSchema);
    const seen: Record<string, string>[] = [];
    engine.subscribe((errors) => seen.push(errors));
    await engine.check({ ...good, phone: '1' });
    // The email is emptied by something else (a failed sign-in empties the password): no message until it is edited.
    await engine.changed({ ...good, phone: '570-555-0101', email: '' }, 'phone');
    expect(seen.at(-1)).toEqual({});
    await engine.changed({ ...good, email: '' }, 'email');
    expect(seen.at(-1)).toEqual({ email: 'Invalid email address' });
  });

  it('does not check on change before the first send', async () => {
    const engine = createFormEngine(quoteFormSchema);
    const seen: Record<string, string>[] = [];
    engine.subscribe((errors) => seen.push(errors));
    await engine.changed({ ...good, name: '' });
    expect(seen.filter((e) => Object.keys(e).length)).toEqual([]);
  });

  it("shows the server's messages on their fields, and forgets them on reset", async () => {
    const engine = createFormEngine(quoteFormSchema);
    const seen: Record<string, string>[] = [];
    engine.subscribe((errors) => seen.push(errors));
    engine.setErrors({ email: 'That address bounced' });
    expect(seen.at(-1)).toEqual({ email: 'That address bounced' });
    engine.reset();
    engine.setErrors({});
    expect(seen.at(-1)).toEqual({});
  });

  it('forgets a box unticked since the last check: it is not sent, so it has no value', async () => {
    const engine = createFormEngine(z.object({ urgent: z.literal('on').optional(), note: z.string() }));
    const ticked = await engine.check({ urgent: 'on', note: 'x' });
    expect(ticked.ok && ticked.data).toEqual({ urgent: 'on', note: 'x' });
    const unticked = await engine.check({ note: 'x' });
    expect(unticked.ok && unticked.data).toEqual({ note: 'x' });
  });

  it("reads the review form's radios as the server does (yes/no, 1-5) before the schema", async () => {
    const engine = createFormEngine(reviewSubmissionSchema, (v) => ({ token: 't'.repeat(40), ...reviewAnswersOf(v) }));
    const refused = await engine.check({ contacted: 'yes', rating: '6', comment: '' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && Object.keys(refused.errors).sort()).toEqual(['hired', 'rating']);
    const passed = await engine.check({ contacted: 'yes', hired: 'no', rating: '4', comment: 'Prompt and tidy.' });
    expect(passed.ok && passed.data).toMatchObject({
      contacted: true,
      hired: false,
      rating: 4,
      comment: 'Prompt and tidy.',
    });
  });
});

describe("the server's field errors", () => {
  const error = new ApiError(400, '400: {}', 'Please fix the errors below', {
    email: 'Invalid email address',
    contractorId: 'Unknown contractor',
  });

  it("go onto the form's own fields only; the rest is the notice's", () => {
    expect(fieldErrorsOf(error, ['name', 'email'])).toEqual({ email: 'Invalid email address' });
  });

  it('are none for an error that is not an answer from the API', () => {
    expect(fieldErrorsOf(new Error('network'), ['email'])).toEqual({});
  });
});
