import { eq } from 'drizzle-orm';
import { toE164 } from '@shared/phone-numbers';
import type { AppContext } from '../context';
import { textOptOuts } from '../db/schema';
import { forbidden, notFound } from '../domain/errors';
import { textKeyword, type TextKeyword } from './text-keywords';

/**
 * Texts a number sends back (Twilio's incoming messages webhook; docs/decisions/0118-text-messages.md).
 * Only a request that carries Twilio's signature is read, and only where Twilio is configured:
 * STOP and its kin put the number on text_opt_outs, from where no text is sent to it; START or
 * UNSTOP takes it off. Anything else is ignored: nobody reads replies.
 */
export interface InboundText {
  /** X-Twilio-Signature */
  signature: string | undefined;
  /** The addresses the request may have been posted to, as Twilio signs the one it was given. */
  urls: readonly string[];
  /** The posted form (From, Body, ...), as Twilio signed it. */
  params: Record<string, string | string[]>;
}

const field = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function receiveText(
  ctx: Pick<AppContext, 'db' | 'texts'>,
  inbound: InboundText,
): Promise<TextKeyword | null> {
  if (ctx.texts.transport !== 'twilio') throw notFound('Text messages are not configured');
  if (!(await ctx.texts.isSignedByTwilio(inbound.signature, inbound.urls, inbound.params)))
    throw forbidden('The request does not carry a valid Twilio signature');
  const keyword = textKeyword(field(inbound.params.Body));
  const phone = toE164(field(inbound.params.From));
  if (!keyword || !phone) return null;
  if (keyword === 'stop') await ctx.db.insert(textOptOuts).values({ phone }).onConflictDoNothing();
  else await ctx.db.delete(textOptOuts).where(eq(textOptOuts.phone, phone));
  return keyword;
}
