import type { Twilio } from 'twilio';

/**
 * Text messages (docs/decisions/0118-text-messages.md): Twilio's official library when its three
 * settings are set; otherwise the outbox table is where texts are kept, and nothing is sent.
 * Callers never send directly: they write the text to the outbox (notifications/text-delivery.ts),
 * and the send-text job calls send(). The library is loaded on the first use, so a deployment
 * without texts (and every start) does not pay for it.
 */

export interface TextMessage {
  /** E.164: +15705550123 */
  to: string;
  body: string;
}

/** What Twilio's API answered when it refused a message: its HTTP status and its error code (21610: the number answered STOP). */
export class TextRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
  }

  /** Sending the same message again cannot succeed (a bad number, an opted-out one): not a reason to retry. */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

export interface TextSender {
  /** 'twilio' sends through Twilio; 'outbox' keeps texts for the admin to read. */
  readonly transport: 'twilio' | 'outbox';
  /** Hands one text to Twilio; resolves with the message's id once Twilio accepted it, rejects otherwise (TextRefused when Twilio said no). */
  send(message: TextMessage): Promise<{ sid: string }>;
  /** Whether an inbound webhook request carries Twilio's signature (X-Twilio-Signature) over one of the URLs it may have been posted to and its form fields. */
  isSignedByTwilio(
    signature: string | undefined,
    urls: readonly string[],
    params: Record<string, string | string[]>,
  ): Promise<boolean>;
}

export interface TextSettings {
  accountSid?: string;
  authToken?: string;
  /** A sending number (+15705550123) or a Messaging Service SID (MG...). */
  from?: string;
  /** Another host for Twilio's API (the tests' stand-in): https://api.twilio.com is rewritten to it. */
  apiUrl?: string;
}

/** One attempt, end to end: a Twilio that does not answer fails it, and the send-text job retries later. */
export const TWILIO_TIMEOUT_MS = 15_000;

const TWILIO_API = 'https://api.twilio.com';

type TwilioModule = typeof import('twilio');

/** The library's client, made on the first use; with apiUrl its requests go to that host instead of Twilio's. */
async function twilioClient(
  settings: Required<Pick<TextSettings, 'accountSid' | 'authToken'>> & Pick<TextSettings, 'apiUrl'>,
): Promise<Twilio> {
  const { default: twilio } = (await import('twilio')) as { default: TwilioModule };
  const httpClient = new twilio.RequestClient({ timeout: TWILIO_TIMEOUT_MS });
  const apiUrl = settings.apiUrl?.replace(/\/$/, '');
  if (apiUrl) {
    const request = httpClient.request.bind(httpClient);
    httpClient.request = (opts) =>
      request({
        ...opts,
        uri: opts.uri.startsWith(TWILIO_API) ? apiUrl + opts.uri.slice(TWILIO_API.length) : opts.uri,
      });
  }
  return twilio(settings.accountSid, settings.authToken, { httpClient });
}

/** Twilio's RestException (status, code, message) as a TextRefused; anything else (a timeout, a refused connection) as it is. */
function refusal(err: unknown): unknown {
  if (err && typeof err === 'object' && 'status' in err && typeof err.status === 'number') {
    const code = 'code' in err && typeof err.code === 'number' ? err.code : null;
    const message = err instanceof Error ? err.message : `Twilio answered ${err.status}`;
    return new TextRefused(code ? `${message} (Twilio error ${code})` : message, err.status, code);
  }
  return err;
}

export function createTextSender(settings: TextSettings): TextSender {
  const { accountSid, authToken, from, apiUrl } = settings;
  if (!accountSid || !authToken || !from) {
    return {
      transport: 'outbox',
      send: () =>
        Promise.reject(new Error('Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)')),
      isSignedByTwilio: () => Promise.resolve(false),
    };
  }
  let client: Promise<Twilio> | null = null;
  const clientOnce = () =>
    (client ??= twilioClient({ accountSid, authToken, apiUrl }).catch(
      (err: unknown) => ((client = null), Promise.reject(err)),
    ));
  return {
    transport: 'twilio',
    async send({ to, body }) {
      const sender = from.startsWith('MG') ? { messagingServiceSid: from } : { from };
      try {
        const message = await (await clientOnce()).messages.create({ to, body, ...sender });
        return { sid: message.sid };
      } catch (err) {
        throw refusal(err);
      }
    },
    async isSignedByTwilio(signature, urls, params) {
      if (!signature) return false;
      const { default: twilio } = (await import('twilio')) as { default: TwilioModule };
      return urls.some((url) => twilio.validateRequest(authToken, signature, url, params));
    },
  };
}
