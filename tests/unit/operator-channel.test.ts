import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import {
  createOperatorChannel,
  findOperatorChannel,
  OPERATOR_FILE,
  requireOperator,
} from '../../server/http/operator-channel';

/** What requireOperator passes to next for a request from `remote` with `authorization`. */
function verdict(token: string, remote: string, authorization?: string): unknown {
  const req = { socket: { remoteAddress: remote }, get: () => authorization } as unknown as Request;
  let passed: unknown = 'not called';
  requireOperator(token)(req, {} as Response, (arg?: unknown) => (passed = arg));
  return passed;
}

describe('the operator channel (docs/decisions/0134-operator-channel.md)', () => {
  it('publishes its address and token for this machine only, and takes its file away when closed', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    const channel = createOperatorChannel(dir);
    expect(findOperatorChannel(dir)).toBeNull();
    channel.publish(4123, '0.0.0.0');
    const file = path.join(dir, OPERATOR_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(findOperatorChannel(dir)).toEqual({ url: 'http://127.0.0.1:4123', token: channel.token });
    channel.publish(4123, '::1');
    expect(findOperatorChannel(dir)?.url).toBe('http://[::1]:4123');
    channel.close();
    expect(findOperatorChannel(dir)).toBeNull();
  });

  it("leaves a later process's file alone, and ignores one whose process is gone or that is not its shape", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    const file = path.join(dir, OPERATOR_FILE);
    const earlier = createOperatorChannel(dir);
    earlier.publish(4000, '127.0.0.1');
    const later = createOperatorChannel(dir);
    later.publish(4001, '127.0.0.1');
    earlier.close();
    expect(findOperatorChannel(dir)?.token).toBe(later.token);

    // A pid that cannot be a running process (above Linux's pid_max).
    writeFileSync(file, JSON.stringify({ pid: 2 ** 30, url: 'http://127.0.0.1:1', token: 't' }));
    expect(findOperatorChannel(dir)).toBeNull();
    writeFileSync(file, '{"pid":"1"}');
    expect(findOperatorChannel(dir)).toBeNull();
    writeFileSync(file, 'not json');
    expect(findOperatorChannel(dir)).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe('not json');
  });

  it('lets in only a caller on loopback with the exact token; anyone else goes past its routes', () => {
    const token = 'a'.repeat(43);
    expect(verdict(token, '127.0.0.1', `Bearer ${token}`)).toBeUndefined();
    expect(verdict(token, '::1', `Bearer ${token}`)).toBeUndefined();
    expect(verdict(token, '::ffff:127.0.0.1', `Bearer ${token}`)).toBeUndefined();
    expect(verdict(token, '10.0.0.7', `Bearer ${token}`)).toBe('router');
    expect(verdict(token, '::ffff:192.168.1.4', `Bearer ${token}`)).toBe('router');
    expect(verdict(token, '127.0.0.1', `Bearer ${'a'.repeat(42)}b`)).toBe('router');
    expect(verdict(token, '127.0.0.1', token)).toBe('router');
    expect(verdict(token, '127.0.0.1', undefined)).toBe('router');
  });
});
