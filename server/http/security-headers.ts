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
        connectSrc: ["'self'", ...(opts.stripe ? ['https://api.stripe.com'] : []), ...(opts.dev ? ['ws:', 'wss:'] : [])],
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
