import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` installs exactly the lock file: a native package whose platform builds are missing
 * from it (npm drops those the registry does not have) installs on Linux and fails on a Mac or
 * Windows. Every optional dependency a locked package declares must be locked too.
 */
describe('package-lock.json', () => {
  it('locks every platform build of every native package', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const missing: string[] = [];
    for (const [path, pkg] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
        const nested = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${dep}`])
          missing.push(`${path || '(root)'} -> ${dep}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
