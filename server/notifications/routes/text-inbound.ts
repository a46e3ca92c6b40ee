import express, { Router, type Request } from 'express';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { forAnyone } from '../../http/auth';
import { receiveText } from '../text-opt-outs';

/** An empty TwiML answer: no reply is texted back (Twilio itself confirms a STOP or START to the sender). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** The posted form's text fields as Twilio signed them; a repeated field keeps its values (Twilio signs each). */
function formParams(body: unknown): Record<string, string | string[]> {
  if (!body || typeof body !== 'object') return {};
  const isText = (v: unknown): v is string | string[] =>
    typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string | string[]] => isText(e[1])));
}

/**
 * Where Twilio may have posted the request, as it signs that address: the deployment's public
 * address (PUBLIC_URL) and the one the request came to (behind a proxy, with TRUST_PROXY).
 */
function webhookUrls(ctx: Pick<AppContext, 'siteUrl'>, req: Request): string[] {
  const own = `${req.protocol}://${req.host}${req.originalUrl}`;
  return [...new Set([ctx.siteUrl ? `${ctx.siteUrl}${req.originalUrl}` : own, own])];
}

/**
 * Twilio's incoming messages webhook (docs/decisions/0118-text-messages.md): a web form
 * (application/x-www-form-urlencoded), so it is mounted before the API's JSON-only rule. Its guard
 * is Twilio's signature, checked by receiveText: 403 without a valid one, 404 without Twilio.
 */
export function textInboundRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/texts/inbound',
    forAnyone,
    express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 100 }),
    asyncHandler(async (req, res) => {
      await receiveText(ctx, {
        signature: req.get('x-twilio-signature'),
        urls: webhookUrls(ctx, req),
        params: formParams(req.body),
      });
      res.type('text/xml').send(EMPTY_TWIML);
    }),
  );
  return router;
}
