import type { RequestHandler } from 'express';
import type { AppContext } from '../../context';
import { rateLimit } from '../rate-limit';

const HOUR = 60 * 60_000;

/**
 * The limits of the public forms, one counter each per address whichever way the form is sent:
 * the JSON API (with JavaScript) and the page's own address (without) share it, so switching
 * between them gains nothing (docs/decisions/0023-forms-without-javascript.md,
 * docs/decisions/0074-rate-limits.md).
 */
export function formLimits(
  ctx: AppContext,
): Record<
  | 'quote'
  | 'newsletter'
  | 'submission'
  | 'review'
  | 'resetPassword'
  | 'confirmEmail'
  | 'withdraw'
  | 'alternative'
  | 'request',
  RequestHandler
> {
  const enabled = ctx.env.RATE_LIMIT !== false;
  return {
    quote: rateLimit({
      name: 'quote-request',
      max: 10,
      windowMs: HOUR,
      message: 'Too many quote requests from your network. Please try again later.',
      enabled,
    }),
    newsletter: rateLimit({
      name: 'newsletter-subscribe',
      max: 10,
      windowMs: HOUR,
      message: 'Too many attempts. Please try again later.',
      enabled,
    }),
    submission: rateLimit({
      name: 'submission',
      max: 5,
      windowMs: HOUR,
      message: 'Too many submissions from your network. Please try again later.',
      enabled,
    }),
    review: rateLimit({
      name: 'review',
      max: 20,
      windowMs: HOUR,
      message: 'Too many review attempts from your network. Please try again later.',
      enabled,
    }),
    // The links of a contractor's emails (docs/decisions/0108-contractor-password-reset.md): each use counts, right or wrong.
    resetPassword: rateLimit({
      name: 'contractor-reset-password',
      max: 20,
      windowMs: HOUR,
      message: 'Too many attempts. Please try again later.',
      enabled,
    }),
    confirmEmail: rateLimit({
      name: 'contractor-confirm-email',
      max: 20,
      windowMs: HOUR,
      message: 'Too many attempts. Please try again later.',
      enabled,
    }),
    // A homeowner's withdraw link (docs/decisions/0114-homeowner-privacy.md).
    withdraw: rateLimit({
      name: 'lead-withdraw',
      max: 20,
      windowMs: HOUR,
      message: 'Too many attempts. Please try again later.',
      enabled,
    }),
    // A homeowner's "Send my request to them" link (docs/decisions/0117-lead-routing.md): guessed tokens are limited like the withdraw link's.
    alternative: rateLimit({
      name: 'lead-alternative',
      max: 20,
      windowMs: HOUR,
      message: 'Too many attempts. Please try again later.',
      enabled,
    }),
    // A request's own page (docs/decisions/0128-request-page-and-replies.md): its answers and alternatives, limited like its withdraw link.
    request: rateLimit({
      name: 'lead-request-page',
      max: 20,
      windowMs: HOUR,
      message: 'Too many attempts. Please try again later.',
      enabled,
    }),
  };
}
