import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssMbOf } from './bench-server';

/** One answer as the app sent it: status, headers (without the per-connection ones) and the body's bytes. */
export interface RecordedAnswer {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Written by Node for every answer, so not recorded. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function get(base: string, p: string, headers: Record<string, string>): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    // node:http rather than fetch: fetch would decompress, and the floor must send the gzip bytes.
    const req = http.get(base + p, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined && !PER_CONNECTION.has(k)) kept[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ path: p, status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The app's answers to every address, asked with the headers the bench sends, a few at a time. */
export async function recordAnswers(
  base: string,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<RecordedAnswer[]> {
  const out: RecordedAnswer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) out.push(await get(base, paths[next++]!, headers));
    }),
  );
  const failed = out.filter((a) => a.status !== 200);
  if (failed.length)
    throw new Error(
      `${failed.length} of ${out.length} recorded answers were not 200 (first: ${failed[0]!.path} ${failed[0]!.status})`,
    );
  return out;
}

export interface FloorServer {
  url: string;
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts bench/lib/floor-server.mjs, a bare Express process answering the recorded answers, as its own process. */
export async function startFloor(answers: readonly RecordedAnswer[], port: number): Promise<FloorServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers.map((a) => ({ ...a, body: a.body.toString('base64') }))));
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor-server.mjs');
  const child = spawn(process.execPath, [script, file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code}) before it was ready`)));
  });
  rmSync(dir, { recursive: true, force: true });
  return {
    url: `http://127.0.0.1:${port}`,
    rssMb: () => rssMbOf(child.pid!),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
