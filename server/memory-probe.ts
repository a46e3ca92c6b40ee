import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import type { AppContext } from './context';
import type { AnswerCache } from './http/answer-cache';
import { leadPagesOf } from './lead-pages';
import type { PageCache } from './render/page-cache';

/**
 * bench:memory's window into the app (bench/memory.ts, docs/decisions/0123-embedded-memory.md):
 * where the process's memory goes, asked over the IPC channel of a process the bench started with
 * BENCH_MEMORY_PROBE=1. A deployed process has no IPC channel, so it never listens; without the
 * probe the start-up marks are not taken.
 */

/**
 * One moment of the start-up: milliseconds since the process began, the CPU time it has used (user
 * and system: steadier than the wall clock on a busy machine), its RSS and the V8 heap in use after
 * a full collection, in bytes.
 */
export interface StartupMark {
  label: string;
  ms: number;
  cpuMs: number;
  rss: number;
  heapUsed: number;
}

/** What a holder of memory held: the V8 heap in use after a full collection, before and after it was emptied. */
export interface HeldBy {
  what: string;
  bytes: number;
}

export interface MemoryReport {
  marks: StartupMark[];
  /** process.memoryUsage() as found, then after a full collection. */
  asFound: NodeJS.MemoryUsage;
  afterGc: NodeJS.MemoryUsage;
  /** V8's heap spaces after the collection (name -> bytes used, and bytes committed): code_space is compiled code. */
  heapSpaces: Record<string, { used: number; size: number }>;
  /** The embedded database's WebAssembly memory (grown, never given back), or null on a server. */
  wasmBytes: number | null;
  /** Resident bytes by kind of mapping (/proc/self/smaps on Linux; null elsewhere). */
  resident: ResidentMemory | null;
  /** Each holder emptied in turn, the heap measured after each (so each figure is what it alone held). */
  held: HeldBy[];
}

/** Needs node's --expose-gc (the bench passes it); without it the figures are as found. */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** Where the resident memory is, from the process's mappings. */
export interface ResidentMemory {
  /** The node binary's own pages (its code and read-only data). */
  nodeBinary: number;
  /** Other files mapped: shared libraries, native addons. */
  otherFiles: number;
  /** The WebAssembly memory's mapping (as large as wasmBytes): the pages PostgreSQL has touched. */
  wasm: number;
  /** Anonymous memory besides it: V8's heap, native allocations (glibc's arenas), compiled code. */
  anonymous: number;
}

/** Sums the Rss of /proc/self/smaps by kind of mapping; the WebAssembly memory is the anonymous mapping of its exact size. */
function residentMemory(wasmBytes: number | null): ResidentMemory | null {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const out: ResidentMemory = { nodeBinary: 0, otherFiles: 0, wasm: 0, anonymous: 0 };
  let kind: keyof ResidentMemory = 'anonymous';
  for (const line of text.split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const size = parseInt(mapping[2]!, 16) - parseInt(mapping[1]!, 16);
      const name = mapping[3]!.trim();
      kind =
        name === process.execPath
          ? 'nodeBinary'
          : name.startsWith('/')
            ? 'otherFiles'
            : wasmBytes !== null && size === wasmBytes
              ? 'wasm'
              : 'anonymous';
      continue;
    }
    if (line.startsWith('Rss:')) out[kind] += Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024;
  }
  return out;
}

export const memoryProbeWanted = (): boolean =>
  process.env.BENCH_MEMORY_PROBE === '1' && typeof process.send === 'function';

/** The start-up's marks: taken only for the probe (a no-op otherwise). */
export function startupMarks(): { mark(label: string): void; list: StartupMark[] } {
  const list: StartupMark[] = [];
  if (!memoryProbeWanted()) return { mark: () => {}, list };
  return {
    list,
    mark(label) {
      const ms = Math.round(performance.now());
      const cpu = process.cpuUsage();
      collect();
      const { rss, heapUsed } = process.memoryUsage();
      list.push({ label, ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000), rss, heapUsed });
    },
  };
}

export interface ProbeTargets {
  ctx: AppContext;
  caches: { answers: AnswerCache; pages: PageCache };
  marks: StartupMark[];
}

function wasmBytesOf(ctx: AppContext): number | null {
  if (ctx.database.driver !== 'pglite') return null;
  const client = (
    ctx.db as unknown as { $client?: { Module?: { wasmMemory?: WebAssembly.Memory; HEAP8?: Int8Array } } }
  ).$client;
  const mod = client?.Module;
  return mod?.wasmMemory?.buffer.byteLength ?? mod?.HEAP8?.byteLength ?? null;
}

function report({ ctx, caches, marks }: ProbeTargets): MemoryReport {
  const asFound = process.memoryUsage();
  collect();
  const afterGc = process.memoryUsage();
  const heapSpaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, { used: s.space_used_size, size: s.space_size }]),
  );
  const wasmBytes = wasmBytesOf(ctx);
  const resident = residentMemory(wasmBytes);
  // Emptied in this order: answer bodies are kept by the read model's answers, so each figure is
  // what that holder kept beyond those emptied before it.
  const holders: [string, () => void][] = [
    ['answer caches (JSON, gzip, parsed inputs)', () => caches.answers.clear()],
    ['page caches (rendered pages, gzip, ETags)', () => caches.pages.clear()],
    ['admin lead pages and service memo', () => (leadPagesOf(ctx.database).clear(), ctx.memo.clear())],
    ['read model (county snapshots, kept reads)', () => ctx.directory.forgetAll()],
  ];
  const held: HeldBy[] = [];
  let before = afterGc.heapUsed;
  for (const [what, empty] of holders) {
    empty();
    collect();
    const now = process.memoryUsage().heapUsed;
    held.push({ what, bytes: before - now });
    before = now;
  }
  return { marks, asFound, afterGc, heapSpaces, wasmBytes, resident, held };
}

/** Answers { type: 'memory' } with a MemoryReport (emptying the caches it measures: the next requests fill them again). */
export function attachMemoryProbe(targets: ProbeTargets): void {
  process.on('message', (msg: { type?: string }) => {
    if (msg?.type === 'memory') process.send!({ type: 'memory', report: report(targets) });
  });
}
