import type { AppContext } from '../context';
import { DomainError, notFound, unavailable, upstreamFailed } from '../domain/errors';
import { PaymentProviderError } from '../integrations/payments/provider';

/** A provider call whose failures become domain errors a caller can act on. */
export async function fromProvider<T>(
  ctx: Pick<AppContext, 'log' | 'payments'>,
  call: Promise<T>,
  notFoundMessage: string,
): Promise<T> {
  try {
    return await call;
  } catch (err) {
    throw providerError(ctx, err, notFoundMessage);
  }
}

/** The provider's own words go to the log; the caller gets a plain answer. */
export function providerError(
  ctx: Pick<AppContext, 'log' | 'payments'>,
  err: unknown,
  notFoundMessage: string,
): unknown {
  if (!(err instanceof PaymentProviderError)) return err;
  if (err.reason === 'not_found') return notFound(notFoundMessage);
  ctx.log.warn('payment provider call failed', { provider: ctx.payments.kind, reason: err.reason, error: err.message });
  if (err.reason === 'unavailable')
    return unavailable('The payment service is not answering. Please try again shortly.');
  return upstreamFailed('The payment service could not handle this request. Please try again.');
}

/** Errors that will not change on a retry: a webhook that meets one is acknowledged, not retried. */
export function isPermanent(err: unknown): boolean {
  return err instanceof DomainError && err.permanent;
}
