/**
 * What went wrong, in the domain's words. Services throw these; the error middleware
 * (server/http/error-middleware.ts) is the one place that turns them into HTTP answers.
 */
export type DomainErrorKind =
  /** The input breaks a rule; `fields` says which field and why. */
  | 'invalid'
  /** Nobody is signed in, or the sign-in is gone. */
  | 'unauthenticated'
  /** Signed in, but this is not theirs to do. */
  | 'forbidden'
  | 'not_found'
  /** The upload is larger than its limit allows. */
  | 'too_large'
  /** The upload is not of a kind accepted here (read from its bytes). */
  | 'unsupported_type'
  /** The upload is of an accepted kind but cannot be used (corrupt, or too many pixels). */
  | 'unprocessable'
  /** The thing is in a state that does not allow this (already paid, no longer new...). */
  | 'conflict'
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  | 'rate_limited'
  /** Something we depend on (the database, the payment provider) is not answering. */
  | 'unavailable'
  /** Something we depend on answered, but could not do what was asked. */
  | 'upstream_failed';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The same request will fail the same way: a retry (of a webhook, say) cannot help. */
  get permanent(): boolean {
    return !['rate_limited', 'unavailable', 'upstream_failed'].includes(this.kind);
  }
}

export const invalid = (message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', message, { fields });
export const unauthenticated = (message = 'Authentication required') => new DomainError('unauthenticated', message);
export const forbidden = (message = 'You do not have access to this') => new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const tooLarge = (message: string) => new DomainError('too_large', message);
export const unsupportedType = (message: string) => new DomainError('unsupported_type', message);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('rate_limited', message, { retryAfterSeconds });
export const unavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new DomainError('unavailable', message);
export const upstreamFailed = (message: string) => new DomainError('upstream_failed', message);
