import { createRequire } from 'node:module';
import autocannon from 'autocannon';

// autocannon reports p97.5 but not p95; giving it our own histogram lets us read any percentile.
const requireFromAutocannon = createRequire(createRequire(import.meta.url).resolve('autocannon'));
const hdr = requireFromAutocannon('hdr-histogram-js') as {
  build(opts: object): { getValueAtPercentile(p: number): number; destroy(): void };
  initWebAssemblySync(): void;
};
hdr.initWebAssemblySync();

export interface LoadResult {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

export interface LoadOptions {
  label: string;
  url: string;
  connections: number;
  durationSeconds: number;
  /** Fixed request rate across all connections; without it, as fast as the server answers. */
  overallRate?: number;
  requests?: autocannon.Request[];
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const latencies = hdr.build({
    useWebAssembly: false,
    bitBucketSize: 64,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 10000,
    numberOfSignificantValueDigits: 5,
  });
  // autocannon frees its histograms when it finishes; this one is read afterwards.
  latencies.destroy = () => {};
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.durationSeconds,
    overallRate: o.overallRate,
    requests: o.requests,
    histograms: { latencies },
  } as autocannon.Options);
  const total = result.requests.total;
  return {
    label: o.label,
    requests: total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: latencies.getValueAtPercentile(95),
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: total ? Math.round(result.throughput.total / total) : 0,
  };
}

export function printTable(rows: LoadResult[]) {
  console.table(
    rows.map((r) => ({
      endpoint: r.label,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p95 ms': r.p95,
      'p99 ms': r.p99,
      'max ms': r.max,
      errors: r.errors,
      'non-2xx': r.non2xx,
      'bytes/resp': r.bytesPerResponse,
    })),
  );
}
