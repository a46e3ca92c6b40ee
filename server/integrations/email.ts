import type { Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

/** Kinds of message the product sends (docs/decisions/0009-email.md). */
export type EmailKind =
  | 'welcome'
  | 'setup-code'
  | 'submission-notice'
  | 'lead-notice'
  | 'lead-delivered'
  | 'payment-receipt'
  | 'newsletter-welcome'
  | 'admin-digest'
  | 'claim-notice'
  | 'claim-decision'
  | 'delivery-cancelled'
  | 'refund-failed'
  | 'review-request'
  | 'credential-reminder'
  | 'credential-expiry-list'
  | 'password-reset'
  | 'email-change'
  | 'email-changed'
  | 'photo-decision'
  | 'listing-decision'
  | 'quote-confirmation'
  | 'lead-alternatives'
  | 'lead-released'
  | 'password-changed'
  | 'lead-reply'
  | 'not-contacted'
  | 'reply-reminder'
  | 'listing-claim-code'
  | 'claim-invitation';

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  /** Where an answer goes, when not to the sender (a contractor's reply to a homeowner). */
  replyTo?: string | null;
}

/**
 * Who a message is from, when not the deployment's MAIL_FROM as it stands: a county's own
 * address, or its site's name before MAIL_FROM's address (docs/decisions/0104-county-content.md).
 */
export type Sender = { address: string } | { name: string };

/** MAIL_FROM with a county's sender applied: its full address, or its name before MAIL_FROM's address. */
export function senderOf(mailFrom: string, sender?: Sender): string | { name: string; address: string } {
  if (!sender) return mailFrom;
  if ('address' in sender) return sender.address;
  const [parsed] = addressparser(mailFrom, { flatten: true });
  return parsed?.address ? { name: sender.name, address: parsed.address } : mailFrom;
}

/** What the platform is called where no name is configured. */
const PRODUCT_NAME = 'Contractor Directory';

/**
 * The platform's name: the name MAIL_FROM gives the platform's own mail (setup codes, notices
 * without a county), so an administrator's authenticator entry reads as the mail it gets
 * (docs/decisions/0126-authenticator-issuer.md); the product's name when MAIL_FROM is a bare address.
 */
export function platformName(mailFrom: string): string {
  const [parsed] = addressparser(mailFrom, { flatten: true });
  return parsed?.name.trim() || PRODUCT_NAME;
}

export interface Mailer {
  /** 'smtp' sends through a server; 'outbox' keeps messages for the admin to read. */
  readonly transport: 'smtp' | 'outbox';
  /** Hands one message to the SMTP server; rejects unless the server accepted it. The signal abandons the attempt. */
  deliver(message: EmailMessage & { sender?: Sender }, signal?: AbortSignal): Promise<void>;
}

export interface MailerSettings {
  smtpUrl?: string;
  from: string;
}

/**
 * Explicit limits instead of nodemailer's defaults (2 minutes to connect, 10 minutes of silence):
 * 10 s to connect and be greeted, 30 s for the rest of the send, so a mail server that does not
 * answer fails the attempt quickly and the send-email job retries it later.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;
/** One attempt, end to end: a server that trickles bytes cannot hold it past this. */
export const SMTP_SEND_DEADLINE_MS = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.socketTimeout;

/**
 * Email goes over SMTP when SMTP_URL is set; otherwise the outbox table is where messages are
 * kept, and nothing is delivered. Callers never send directly: they write the message to the
 * outbox (services/email-delivery.ts), and the send-email job calls deliver().
 */
export function createMailer({ smtpUrl, from }: MailerSettings): Mailer {
  if (!smtpUrl) {
    return {
      transport: 'outbox',
      deliver: () => Promise.reject(new Error('No mail server is configured (SMTP_URL)')),
    };
  }
  // nodemailer is loaded at the first message, not at start (docs/decisions/0123-embedded-memory.md).
  // Settings written in the URL's query win over these, as nodemailer merges them.
  let transporter: Promise<Transporter> | null = null;
  const transporterOf = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
    ));
  return {
    transport: 'smtp',
    async deliver(m, signal) {
      const deadline = AbortSignal.timeout(SMTP_SEND_DEADLINE_MS);
      await (
        await transporterOf()
      ).sendMail({
        from: senderOf(from, m.sender),
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
    },
  };
}
