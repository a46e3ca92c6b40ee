/** Plain line logger; quiet in tests unless LOG_REQUESTS asks otherwise. */
export interface Logger {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

function line(level: string, msg: string, extra?: Record<string, unknown>) {
  const tail = extra && Object.keys(extra).length ? ` ${JSON.stringify(extra)}` : '';
  return `${new Date().toISOString()} ${level} ${msg}${tail}`;
}

export function createLogger(opts: { silent?: boolean } = {}): Logger {
  return {
    info: (m, e) => {
      if (!opts.silent) console.log(line('info', m, e));
    },
    warn: (m, e) => {
      if (!opts.silent) console.warn(line('warn', m, e));
    },
    error: (m, e) => console.error(line('error', m, e)),
  };
}
