import compression from 'compression';
import express, { Router } from 'express';
import type { AppContext } from './context';
import { apiNotFound, errorMiddleware } from './http/error-middleware';
import { jsonOnly } from './http/json-only';
import { queryRouter } from './http/query-routes';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { absoluteTimeout, sessionMiddleware } from './http/session';
import { pageHandler } from './render/page-handler';
import type { PageRenderer } from './render/renderer';
import { healthRoutes } from './routes/health';
import { paymentWebhookRoutes } from './routes/payments';
import { apiRoutes } from './routes';
import { publicQueries } from './routes/public-queries';
import { seoRoutes } from './routes/seo';

export interface AppOptions {
  ctx: AppContext;
  sessionSecret: string;
  /** Without one the app serves the API only (API tests). */
  renderer?: PageRenderer;
}

function apiRouter(ctx: AppContext, sessionSecret: string): Router {
  const api = Router();
  api.use(healthRoutes(ctx));
  // Before the JSON parser: the webhook's signature covers the raw bytes.
  api.use(paymentWebhookRoutes(ctx));
  api.use(jsonOnly, express.json({ limit: ctx.env.BODY_LIMIT, strict: true }));
  api.use(queryRouter(publicQueries, ctx));
  const { middleware: session } = sessionMiddleware(ctx.db, ctx.env, sessionSecret);
  api.use(session, absoluteTimeout);
  api.use(apiRoutes(ctx));
  api.use(apiNotFound);
  return api;
}

/** The Express app; the order of middleware is the order a request meets it. */
export function createApp({ ctx, sessionSecret, renderer }: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  if (ctx.env.TRUST_PROXY) app.set('trust proxy', 1);
  app.use(securityHeaders({ dev: renderer?.mode === 'vite', stripe: Boolean(ctx.env.STRIPE_SECRET_KEY) }));
  app.use(compression());
  if (ctx.env.LOG_REQUESTS ?? ctx.env.NODE_ENV !== 'test') app.use(requestLog(ctx.log));
  app.use('/api', apiRouter(ctx, sessionSecret));
  app.use(seoRoutes(ctx));
  if (renderer) {
    app.use(renderer.assets);
    app.use(pageHandler(ctx, renderer, publicQueries, { provider: ctx.payments.kind, publishableKey: ctx.payments.publishableKey }));
  }
  app.use(errorMiddleware(ctx.log));
  return app;
}
