import compression from 'compression';
import express, { Router, type RequestHandler } from 'express';
import { region } from '@shared/region';
import type { AppContext } from './context';
import { AnswerCache } from './http/answer-cache';
import { apiNotFound, errorMiddleware } from './http/error-middleware';
import { front } from './http/front';
import { jsonOnly } from './http/json-only';
import { countySite } from './http/county-site';
import { noStore } from './http/no-store';
import { OPERATOR_PATH, requireOperator } from './http/operator-channel';
import { countProfileViews } from './http/profile-view-counting';
import { publicAnswers, queryRouter } from './http/query-routes';
import { requestLog } from './http/request-log';
import { sameOriginOnly } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { absoluteTimeout, sessionMiddleware } from './http/session';
import { paymentsClientConfig } from './integrations/payments';
import { PageCache } from './render/page-cache';
import { pageHandler } from './render/page-handler';
import type { PageRenderer } from './render/renderer';
import { CountySites } from './counties/sites';
import { certificateUploadRoutes } from './contractors/routes/certificate-uploads';
import { mediaRoutes } from './contractors/routes/media';
import { photoUploadRoutes } from './contractors/routes/photo-uploads';
import { contractorImportRoutes, operatorImportRoutes } from './contractors/routes/contractor-imports';
import { listingClaimUploadRoutes } from './contractors/routes/listing-claims';
import { formPageRoutes } from './routes/form-pages';
import { signInPageRoutes } from './routes/sign-in-pages';
import { sealingKey, type SealingKey } from './accounts/totp';
import { healthRoutes } from './routes/health';
import { paymentWebhookRoutes } from './billing/routes/payments';
import { textInboundRoutes } from './notifications/routes/text-inbound';
import { apiRoutes } from './routes';
import { publicQueries } from './routes/public-queries';
import { seoRoutes } from './content/routes/seo';
import { ProfileViewCounter } from './contractors/profile-views';
import { RateLimits } from './http/rate-limit-store';

export interface AppOptions {
  ctx: AppContext;
  sessionSecret: string;
  /** Without one the app serves the API only (API tests). */
  renderer?: PageRenderer;
  /** What the app keeps between requests of what it made from answers; new ones unless given (tests look into them). */
  caches?: AppCaches;
  /** The operator channel's token, when the app holds the embedded database (server/http/operator-channel.ts). */
  operatorToken?: string;
}

/** The HTTP layer's caches, owned by the app (docs/decisions/0067-reused-answers-and-pages.md): the public API's bodies and inputs, the rendered pages. */
export interface AppCaches {
  answers: AnswerCache;
  pages: PageCache;
}

function apiRouter(ctx: AppContext, session: RequestHandler, twoFactorKey: SealingKey, answers: AnswerCache): Router {
  const api = Router();
  api.use(sameOriginOnly({ publicUrl: ctx.env.PUBLIC_URL, log: ctx.log }));
  api.use(healthRoutes(ctx));
  // Before the JSON parser: the webhook's signature covers the raw bytes.
  api.use(paymentWebhookRoutes(ctx));
  // Twilio's incoming texts are a web form signed by Twilio (docs/decisions/0118-text-messages.md).
  api.use(textInboundRoutes(ctx));
  // Before the JSON-only rule too: a certificate upload's body is the file, with its own type check
  // and size limit; a photo upload is a multipart form, read by multer with its own limits.
  api.use(certificateUploadRoutes(ctx, [session, absoluteTimeout, noStore]));
  api.use(photoUploadRoutes(ctx, [session, absoluteTimeout, noStore]));
  api.use(contractorImportRoutes(ctx, [session, absoluteTimeout, noStore]));
  api.use(listingClaimUploadRoutes(ctx));
  api.use(jsonOnly, express.json({ limit: ctx.env.BODY_LIMIT, strict: true }));
  api.use(queryRouter(publicQueries, ctx, answers));
  api.use(session, absoluteTimeout, noStore);
  api.use(apiRoutes(ctx, twoFactorKey, answers));
  api.use(apiNotFound);
  return api;
}

/** The Express app; the order of middleware is the order a request meets it. */
export function createApp({
  ctx,
  sessionSecret,
  renderer,
  caches = { answers: new AnswerCache(), pages: new PageCache() },
  operatorToken,
}: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  // Every rate limit and sign-in throttle of this app counts in the database (docs/decisions/0074-rate-limits.md).
  app.locals.rateLimits = new RateLimits(ctx);
  if (ctx.env.TRUST_PROXY) app.set('trust proxy', 1);
  // What every answer gets first, on both paths below (server/http/front.ts): the security headers,
  // a request id (echoed as X-Request-Id) with one log line per answer unless turned off, and the
  // view count of profile pages and their JSON once the answer has gone
  // (docs/decisions/0060-view-counting-off-the-read-path.md).
  const first = front({
    security: securityHeaders({ dev: renderer?.mode === 'vite', stripe: Boolean(ctx.env.STRIPE_SECRET_KEY) }),
    requestLog: requestLog(ctx.log, ctx.env.LOG_REQUESTS ?? ctx.env.NODE_ENV !== 'test'),
    countProfileViews: countProfileViews(new ProfileViewCounter(ctx, sessionSecret)),
  });
  // The command-line tools' way in while this process holds the embedded database, on any host
  // name (docs/decisions/0134-operator-channel.md); without the token a request goes on as if it were not there.
  if (operatorToken) {
    const channel = Router();
    channel.use(requireOperator(operatorToken), first.middleware, operatorImportRoutes(ctx));
    app.use(OPERATOR_PATH, channel);
  }
  // Which county's site the host is, before anything of a county answers (docs/decisions/0099-county-by-host.md).
  app.use(countySite(new CountySites(ctx, ctx.env.PUBLIC_URL, region.slug), first));
  // Current public answers are written in one call before the chain
  // (docs/decisions/0072-public-answers-fast-path.md); only what the busiest public GETs may skip
  // goes after it, anything every answer needs goes in `first`.
  app.use(publicAnswers(publicQueries, ctx, first, caches.answers));
  app.use(first.middleware);
  app.use(compression());
  const { middleware: session } = sessionMiddleware(ctx.database, ctx.env, sessionSecret);
  // The key two-factor secrets are sealed with (docs/decisions/0109-admin-two-factor.md), for the API's and the sign-in pages' steps.
  const twoFactorKey = sealingKey(sessionSecret);
  app.use('/api', apiRouter(ctx, session, twoFactorKey, caches.answers));
  // Photo files by content hash; the session is read only for a file not yet public (docs/decisions/0110-contractor-photos.md).
  app.use(mediaRoutes(ctx, [session, absoluteTimeout]));
  app.use(seoRoutes(ctx));
  if (renderer) {
    app.use(renderer.assets);
    // Forms sent without JavaScript post to their page; a refused one is answered by the page handler.
    app.use(formPageRoutes(ctx));
    // Signing in without JavaScript (docs/decisions/0124-sign-in-without-javascript.md): the same steps as the API, with the session.
    app.use(signInPageRoutes(ctx, [session, absoluteTimeout, noStore], twoFactorKey));
    app.use(pageHandler(ctx, renderer, publicQueries, paymentsClientConfig(ctx.env, ctx.payments), caches.pages));
  }
  app.use(errorMiddleware(ctx.log));
  return app;
}
