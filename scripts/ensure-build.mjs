// Builds dist/ when any source is newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const stamp = path.join(distDir, '.build-stamp');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export async function ensureBuild() {
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const files = ['package.json', 'vite.config.ts', 'tailwind.config.ts'].map(
    (f) => statSync(path.join(root, f)).mtimeMs,
  );
  const changedAt = Math.max(
    ...['client', 'server', 'shared', 'migrations'].map((d) => newestMtime(path.join(root, d))),
    ...files,
  );
  if (changedAt <= builtAt) return;
  console.log(builtAt ? 'Sources changed since the last build; rebuilding...' : 'Building the app (first run)...');
  // A separate process: Vite sets NODE_ENV=production while it builds, which must not leak into the server.
  const res = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('The build failed');
}
