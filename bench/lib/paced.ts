/**
 * A fixed-rate load generator that keeps every request's outcome, for the fault scripts that
 * must know which quote requests got a 2xx and what the app answered while the database was
 * down (autocannon only keeps totals).
 */

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Identifies what the request created, e.g. a quote's email. */
  tag?: string;
}

export interface PacedRecord {
  at: number;
  ms: number;
  /** When the answer was read (Date.now()), to time what the request set off, as bench:lead-speed does. */
  answeredAt: number;
  status: number;
  path: string;
  tag?: string;
  contentType: string | null;
  /** The Age header: the answer came from data older than the database's (STALE_IF_ERROR). */
  age: string | null;
  body: string;
  error?: string;
}

export async function runPaced(opts: {
  baseUrl: string;
  rate: number;
  durationSeconds: number;
  next: (i: number) => PacedRequest;
  timeoutMs?: number;
  /** Called before each request is sent, with how many earlier ones are still unanswered. */
  onTick?: (elapsedMs: number, unanswered: number) => void;
}): Promise<PacedRecord[]> {
  const records: PacedRecord[] = [];
  const inflight = new Set<Promise<void>>();
  const started = Date.now();
  const total = Math.round(opts.rate * opts.durationSeconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / opts.rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    opts.onTick?.(Date.now() - started, inflight.size);
    const req = opts.next(i);
    const t0 = Date.now();
    const p = fetch(opts.baseUrl + req.path, {
      method: req.method,
      headers:
        req.body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    })
      .then(async (res) => {
        const body = await res.text();
        const answeredAt = Date.now();
        records.push({
          at: t0 - started,
          ms: answeredAt - t0,
          answeredAt,
          status: res.status,
          path: req.path,
          tag: req.tag,
          contentType: res.headers.get('content-type'),
          age: res.headers.get('age'),
          body: body.slice(0, 300),
        });
      })
      .catch((e: unknown) => {
        const answeredAt = Date.now();
        records.push({
          at: t0 - started,
          ms: answeredAt - t0,
          answeredAt,
          status: 0,
          path: req.path,
          tag: req.tag,
          contentType: null,
          age: null,
          body: '',
          error: e instanceof Error ? e.message : String(e),
        });
      })
      .finally(() => inflight.delete(p));
    inflight.add(p);
  }
  await Promise.all(inflight);
  return records.sort((a, b) => a.at - b.at);
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
