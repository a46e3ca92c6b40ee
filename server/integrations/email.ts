import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outboxEmails } from '../db/schema';
import type { Logger } from '../logger';

/** Kinds of message the product sends (docs/decisions.md §1.8). */
export type EmailKind =
  | 'welcome'
  | 'setup-code'
  | 'submission-notice'
  | 'lead-notice'
  | 'lead-delivered'
  | 'payment-receipt'
  | 'newsletter-welcome';

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' sends through a server; 'outbox' keeps messages for the admin to read. */
  readonly transport: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}

export interface MailerSettings {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: Logger;
}

/**
 * Email goes over SMTP when SMTP_URL is set and to the outbox table otherwise. A failed SMTP
 * send is logged and kept in the outbox, so a message is never silently lost and the request
 * that caused it still succeeds.
 */
export function createMailer({ smtpUrl, from, db, log }: MailerSettings): Mailer {
  const toOutbox = async (m: EmailMessage) => {
    await db.insert(outboxEmails).values({ kind: m.kind, toAddress: m.to, subject: m.subject, textBody: m.text });
  };
  if (!smtpUrl) return { transport: 'outbox', send: toOutbox };

  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(m) {
      try {
        await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      } catch (err) {
        log.error('email send failed; kept in the outbox', { kind: m.kind, error: err instanceof Error ? err.message : String(err) });
        await toOutbox(m);
      }
    },
  };
}
