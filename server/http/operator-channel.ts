import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/**
 * The operator's way into an app that holds the embedded database
 * (docs/decisions/0134-operator-channel.md). PGlite is one process's at a time, so a command-line
 * tool cannot open the folder while the app runs; instead the app writes `operator.json` into
 * DATA_DIR (mode 0600: whoever may read it may already read the database files) with its address
 * and a token made at start, and takes the tool's work on loopback with that token. On PostgreSQL
 * the tools open the database themselves and no channel is opened.
 */

export const OPERATOR_FILE = 'operator.json';
export const OPERATOR_PATH = '/api/operator';

interface OperatorFile {
  pid: number;
  url: string;
  token: string;
}

export interface OperatorChannel {
  token: string;
  /** Writes the file once the app listens, with the address a tool on this machine reaches it at. */
  publish(port: number, host: string): void;
  /** Removes the file if it is still this process's (a later process may have written its own). */
  close(): void;
}

export function createOperatorChannel(dataDir: string): OperatorChannel {
  const file = path.resolve(dataDir, OPERATOR_FILE);
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    publish(port, host) {
      // An app listening on every address is reached on loopback.
      const reach = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      const url = `http://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
      mkdirSync(path.dirname(file), { recursive: true });
      const body: OperatorFile = { pid: process.pid, url, token };
      writeFileSync(file, JSON.stringify(body), { mode: 0o600 });
      chmodSync(file, 0o600);
    },
    close() {
      if (readOperatorFile(file)?.token === token) rmSync(file, { force: true });
    },
  };
}

function readOperatorFile(file: string): OperatorFile | null {
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as Partial<OperatorFile>;
    return typeof o.pid === 'number' && typeof o.url === 'string' && typeof o.token === 'string'
      ? (o as OperatorFile)
      : null;
  } catch {
    return null;
  }
}

/** The running app's address and token for a tool, or null when no app of this folder is running. */
export function findOperatorChannel(dataDir: string): { url: string; token: string } | null {
  const found = readOperatorFile(path.resolve(dataDir, OPERATOR_FILE));
  if (!found) return null;
  try {
    process.kill(found.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return { url: found.url, token: found.token };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Only a caller on this machine with the token: anyone else goes on past the channel's routes to
 * the API's ordinary 404, as if they were not there. The socket's own address counts, never a
 * forwarded one.
 */
export function requireOperator(token: string): RequestHandler {
  const expected = Buffer.from(`Bearer ${token}`);
  return (req, _res, next) => {
    const given = Buffer.from(req.get('authorization') ?? '');
    const local = LOOPBACK.test(req.socket.remoteAddress ?? '');
    const match = given.length === expected.length && timingSafeEqual(given, expected);
    next(local && match ? undefined : 'router');
  };
}
