import { createRequire } from 'node:module';
import { pino, stdSerializers, type DestinationStream, type Logger as PinoLogger } from 'pino';

/**
 * The app's log: JSON lines from pino (one line an event, errors with their stack inside it), or
 * readable lines in development when pino-pretty is installed (a dev dependency: production images
 * do not have it). Call sites keep the small interface below; what they pass is scrubbed of
 * customer contact details and secrets before it is written (docs/decisions/0078-logs.md).
 */
export interface Logger {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
  /** The pino logger underneath, for the request log's lines (server/http/request-log.ts). */
  readonly pino: PinoLogger;
}

export interface LoggerOptions {
  /** Errors only (tests, unless LOG_REQUESTS). */
  silent?: boolean;
  /** Readable lines instead of JSON; only honoured when pino-pretty is installed. */
  pretty?: boolean;
  /** Where lines go (tests capture them); stdout by default. */
  destination?: DestinationStream;
}

const REDACTED = '[redacted]';
/** Keys whose values are never logged, whatever they hold. */
const SECRET_KEY =
  /pass(word)?|secret|token|cookie|authorization|api[-_]?key|session[-_]?id|setup[-_]?code|^sid$|e-?mail|phone/i;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// North American numbers as people write them: 570-555-0100, (570) 555 0100, +1 570.555.0100, 5705550100.
const PHONE = /(?<![\w/:.-])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?![\w])/g;
const URL_CREDENTIALS = /(\/\/[^/\s:@]+):[^/\s@]+@/g;
// Drizzle's "Failed query: ...\nparams: a,b,c" carries every value of the statement, up to the stack.
const QUERY_PARAMS = /(^|\n)params: [\s\S]*?(?=\n {4}at |$(?![\s\S]))/g;

/** A text with contact details, URL passwords and query parameters taken out. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, `$1params: ${REDACTED}`)
    .replace(URL_CREDENTIALS, `$1:${REDACTED}@`)
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]');
}

/** A loggable copy of a value: errors as type, message and stack; secret keys redacted; every text scrubbed. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[nested]';
  if (value instanceof Error) {
    const serialized = stdSerializers.err(value);
    const plain: Record<string, unknown> = { type: value.name, message: serialized.message, stack: serialized.stack };
    for (const [k, v] of Object.entries(value)) if (!(k in plain) && k !== 'cause') plain[k] = v;
    return scrub(plain, depth + 1);
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : scrub(v, depth + 1);
  return out;
}

/** pino-pretty as a synchronous destination, when it is installed (not in a production install). */
function prettyDestination(): DestinationStream | undefined {
  try {
    const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    const format = prettyFactory({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      singleLine: true,
    });
    return { write: (line: string) => void process.stdout.write(format(line)) };
  } catch {
    return undefined;
  }
}

export function createPinoLogger(opts: LoggerOptions = {}): PinoLogger {
  const destination = opts.destination ?? (opts.pretty ? prettyDestination() : undefined);
  return pino(
    {
      level: opts.silent ? 'error' : 'info',
      // Errors are serialized by scrub() (formatters.log), with their causes' stacks.
      serializers: { err: (e: unknown) => e },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        // Every object logged, by the adapter or by the request log, passes here.
        log: (obj) => scrub(obj) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>);
        },
      },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const p = createPinoLogger(opts);
  return {
    pino: p,
    info: (msg, extra) => (extra ? p.info(extra, msg) : p.info(msg)),
    warn: (msg, extra) => (extra ? p.warn(extra, msg) : p.warn(msg)),
    error: (msg, extra) => (extra ? p.error(extra, msg) : p.error(msg)),
  };
}
