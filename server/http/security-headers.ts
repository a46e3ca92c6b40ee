import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Helmet with a Content-Security-Policy that allows only what the app uses: its own scripts,
 * styles and API; Stripe.js only when Stripe is configured; Vite's inline preamble and HMR
 * socket only in development.
 */
export function securityHeaders(opts: { dev: boolean; stripe: boolean }) {
  const stripeScripts = opts.stripe ? ['https://js.stripe.com'] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(opts.stripe ? ['https://checkout.stripe.com'] : [])],
        scriptSrc: ["'self'", ...stripeScripts, ...(opts.dev ? ["'unsafe-inline'"] : [])],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(opts.stripe ? ['https://*.stripe.com'] : [])],
        fontSrc: ["'self'"],
        connectSrc: [
          "'self'",
          ...(opts.stripe ? ['https://api.stripe.com'] : []),
          ...(opts.dev ? ['ws:', 'wss:'] : []),
        ],
        frameSrc: opts.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        ...(opts.dev ? {} : { upgradeInsecureRequests: null }),
      },
    },
    // The built client is served from the same origin; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
    // Not Helmet's no-referrer: under it browsers send 'Origin: null' with a form's POST, which the
    // cross-site check must refuse, so forms without JavaScript could not be sent. Other sites still get no referrer.
    referrerPolicy: { policy: 'same-origin' },
  });
}

/**
 * The headers a middleware sets on every answer, read once by running it against a stand-in
 * request and answer, so an answer can be written with all its headers in one call
 * (server/http/query-routes.ts, publicAnswers). Only for a middleware whose headers are fixed, as
 * Helmet's are with this app's policy: one that reads the request, calls anything but setHeader
 * and removeHeader, or does not call next at once and without an error is refused.
 */
export function fixedHeadersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const request = new Proxy(
    {},
    {
      get: (_target, key) => {
        throw new Error(`reads the request (${String(key)})`);
      },
    },
  );
  const answer = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  let passed = false;
  try {
    middleware(request as never, answer as never, (err?: unknown) => {
      if (err) throw err;
      passed = true;
    });
  } catch (err) {
    throw new Error(`These headers are not fixed: the middleware ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  if (!passed) throw new Error('These headers are not fixed: the middleware did not go on at once');
  return [...headers.values()];
}
