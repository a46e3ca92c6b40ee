import { describe, expect, it } from 'vitest';
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  rateLimited,
  tooLarge,
  unauthenticated,
  unavailable,
  unprocessable,
  unsupportedType,
  upstreamFailed,
} from '../../server/domain/errors';
import { toErrorAnswer } from '../../server/http/error-middleware';
import { isPermanent } from '../../server/billing/provider-errors';

/** Services throw domain errors; the error middleware alone decides their HTTP answers. */
describe('domain errors become HTTP answers in one place', () => {
  it.each([
    [invalid('Bad', { email: 'Invalid email address' }), 400],
    [unauthenticated(), 401],
    [forbidden(), 403],
    [notFound('Lead not found'), 404],
    [conflict('Already paid'), 409],
    [tooLarge('The photo must be at most 15 MB'), 413],
    [unsupportedType('The photo must be a JPEG, PNG, WebP or HEIC image'), 415],
    [unprocessable('The image could not be read'), 422],
    [rateLimited('Slow down', 61.2), 429],
    [upstreamFailed('The payment service could not handle this request.'), 502],
    [unavailable(), 503],
  ])('%s -> %i', (err, status) => {
    const http = toErrorAnswer(err)!;
    expect(http.status).toBe(status);
    expect(http.message).toBe(err.message);
  });

  it('carries field errors and Retry-After', () => {
    expect(toErrorAnswer(invalid('Bad', { email: 'Invalid email address' }))!.errors).toEqual({
      email: 'Invalid email address',
    });
    expect(toErrorAnswer(rateLimited('Slow down', 61.2))!.headers).toEqual({ 'Retry-After': '62' });
  });

  it('finds a domain error wrapped as a cause', () => {
    expect(toErrorAnswer(new Error('wrapper', { cause: notFound('Gone') }))!.status).toBe(404);
  });

  it('says which failures a retry cannot mend', () => {
    expect([invalid('x'), notFound(), conflict('x'), forbidden()].every(isPermanent)).toBe(true);
    expect([unavailable(), upstreamFailed('x'), rateLimited('x', 1), new Error('x')].some(isPermanent)).toBe(false);
  });
});
