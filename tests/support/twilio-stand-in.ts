import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local stand-in for the one Twilio API call the app makes (docs/decisions/0118-text-messages.md:
 * no test needs the internet): POST /2010-04-01/Accounts/{sid}/Messages.json. The REAL `twilio`
 * library is pointed at it through TWILIO_API_URL; it checks the account's Basic auth, records each
 * message it accepts and answers Twilio's message resource, or Twilio's error shape (21211 for a
 * number that is not one, 21610 for one that replied STOP to Twilio, a 500 on request). It also
 * signs inbound webhook requests as Twilio does, with the library's own helper.
 */

export interface SentText {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  /** When it was accepted (Date.now()), for timings such as bench:lead-speed's. */
  acceptedAt: number;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export class TwilioStandIn {
  readonly accountSid = `AC${hex(16)}`;
  readonly authToken = hex(16);
  readonly from = '+15705550100';
  /** Messages accepted, in order. */
  readonly messages: SentText[] = [];
  /** Numbers Twilio itself knows replied STOP: a message to one is refused with 21610. */
  readonly unsubscribed = new Set<string>();
  /** Requests of any kind, accepted or not. */
  requests = 0;
  private failures = 0;
  private server!: http.Server;
  url = '';

  /** The app's Twilio settings pointing the real library at this stand-in. */
  appEnv(): Record<string, string> {
    return {
      TWILIO_ACCOUNT_SID: this.accountSid,
      TWILIO_AUTH_TOKEN: this.authToken,
      TWILIO_FROM: this.from,
      TWILIO_API_URL: this.url,
    };
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const { status, body } = this.handle(req, raw);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Twilio-Request-Id': `RQ${hex(16)}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `n` messages answer 500, as Twilio does on a bad day. */
  failNext(n = 1) {
    this.failures = n;
  }

  /** X-Twilio-Signature for a webhook request Twilio would post to `url` with these form fields. */
  sign(url: string, params: Record<string, string>): string {
    return twilio.getExpectedTwilioSignature(this.authToken, url, params);
  }

  private error(status: number, code: number, message: string) {
    return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
  }

  private handle(req: http.IncomingMessage, raw: string): { status: number; body: Record<string, unknown> } {
    this.requests++;
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const match = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(path);
    if (req.method !== 'POST' || !match) return this.error(404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (match[1] !== this.accountSid || req.headers.authorization !== expected)
      return this.error(401, 20003, 'Authenticate');
    if (this.failures > 0) {
      this.failures--;
      return this.error(500, 20500, 'Internal Server Error');
    }
    const form = new URLSearchParams(raw);
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    if (!from && !messagingServiceSid)
      return this.error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
    if (!/^\+[1-9]\d{7,14}$/.test(to))
      return this.error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!body) return this.error(400, 21602, 'Message body is required.');
    if (this.unsubscribed.has(to)) return this.error(400, 21610, 'Attempt to send to unsubscribed recipient');
    const sid = `SM${hex(16)}`;
    this.messages.push({ sid, to, from, messagingServiceSid, body, acceptedAt: Date.now() });
    const created = new Date().toUTCString();
    return {
      status: 201,
      body: {
        sid,
        account_sid: this.accountSid,
        messaging_service_sid: messagingServiceSid,
        to,
        from: from ?? this.from,
        body,
        status: 'queued',
        direction: 'outbound-api',
        num_segments: String(Math.ceil(body.length / 153) || 1),
        num_media: '0',
        price: null,
        price_unit: 'USD',
        error_code: null,
        error_message: null,
        api_version: '2010-04-01',
        date_created: created,
        date_updated: created,
        date_sent: null,
        uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}/Media.json` },
      },
    };
  }
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  return new TwilioStandIn().start();
}
