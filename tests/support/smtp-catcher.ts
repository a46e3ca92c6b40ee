import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for tests (smtp-server): it records each message it accepts, can hold
 * messages unanswered in the DATA phase (the sender is mid-send and nothing is accepted yet), and
 * can go down and come back on the same port.
 */

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  /** The text part as written: quoted-printable decoded. */
  text: string;
  raw: string;
  /** When it was answered 250 (Date.now()), for timings such as bench:lead-speed's; unset while it is not. */
  acceptedAt?: number;
}

interface Held {
  sessionId: string;
  mail: CaughtMail;
  accept: () => void;
}

/** The text part as written: quoted-printable soft breaks joined and escapes decoded. */
export function decodedBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(raw)) return body;
  return Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

const subjectOf = (raw: string) => /^Subject: (.*)\r$/m.exec(raw)?.[1] ?? '';

export class SmtpCatcher {
  /** Messages accepted (answered 250), in order. */
  readonly received: CaughtMail[] = [];
  /** Messages whose sender hung up while they were held: never accepted. */
  readonly abandoned: CaughtMail[] = [];
  /** Connections that ended in an error (a sender reset them), for the log. */
  readonly connectionErrors: Error[] = [];
  private server: SMTPServer | null = null;
  private held: Held[] = [];
  private holding = false;
  private heldListeners: (() => void)[] = [];
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Listens (again) on its port, or on a free one the first time; nothing when it is listening. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: CaughtMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: subjectOf(raw),
            text: decodedBody(raw),
            raw,
          };
          const accept = () => {
            mail.acceptedAt = Date.now();
            this.received.push(mail);
            cb();
          };
          if (!this.holding) return accept();
          this.held.push({ sessionId: session.id, mail, accept });
          for (const notify of this.heldListeners.splice(0)) notify();
        });
      },
      onClose: (session) => {
        const gone = this.held.filter((h) => h.sessionId === session.id);
        this.held = this.held.filter((h) => h.sessionId !== session.id);
        this.abandoned.push(...gone.map((h) => h.mail));
      },
    });
    // A sender killed mid-connection resets it (the crash tests do exactly that): smtp-server reports it as an
    // 'error' event, which would throw without a listener. The connection's close still reaches onClose.
    server.on('error', (err) => this.connectionErrors.push(err));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: senders get 'connection refused' until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** From now on messages are read but not answered, until release(). */
  hold(): void {
    this.holding = true;
  }

  /** How many messages are held now (read, unanswered, their senders still connected). */
  get heldCount(): number {
    return this.held.length;
  }

  /** Resolves once a message is being held. */
  whenHeld(): Promise<void> {
    if (this.held.length) return Promise.resolve();
    return new Promise((resolve) => this.heldListeners.push(resolve));
  }

  /** Accepts the held messages and stops holding. */
  release(): void {
    this.holding = false;
    for (const h of this.held.splice(0)) h.accept();
  }

  to(address: string): CaughtMail[] {
    return this.received.filter((m) => m.to.includes(address));
  }
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const catcher = new SmtpCatcher();
  await catcher.start();
  return catcher;
}
