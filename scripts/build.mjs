// Builds the browser bundle, the server-render bundle and the Node server into dist/.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import zopfli from '@gfx/zopfli';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

// The bundles are always production bundles: React's development build differs (and breaks
// server rendering under NODE_ENV=production), and the browser tests must run what users get,
// whatever NODE_ENV the command that asked for a build was started with (the tests use 'test').
process.env.NODE_ENV = 'production';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// DIST_DIR lets parallel checkouts of the test suite build side by side.
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const configFile = path.join(root, 'vite.config.ts');

/** Writes a zopfli .gz beside every script and stylesheet: a few percent smaller than gzip -9, served as is. */
async function precompress(dir) {
  const files = readdirSync(dir).filter((f) => /\.(js|css)$/.test(f));
  await Promise.all(
    files.map(async (f) => {
      const buf = readFileSync(path.join(dir, f));
      const iterations = buf.length > 50_000 ? 8 : 15;
      const out = await new Promise((resolve, reject) =>
        zopfli.gzip(buf, { numiterations: iterations }, (err, data) => (err ? reject(err) : resolve(data))),
      );
      writeFileSync(path.join(dir, `${f}.gz`), out);
    }),
  );
}

/**
 * The embedded database's image (server/db/data-image.ts): a migrated data folder a first start
 * unpacks instead of running initdb; and the sample photos' pack (server/db/seed/sample-photo-pack.ts),
 * so a first start with sample data draws none. The writers are TypeScript, bundled aside for the moment.
 */
async function writeBuildArtifacts(quiet) {
  const started = Date.now();
  const bundle = path.join(dist, '.build-artifacts.mjs');
  await esbuild({
    entryPoints: [path.join(root, 'server/db/build-artifacts.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  try {
    const { writeDataImage, writeSamplePhotoPack } = await import(pathToFileURL(bundle).href);
    await Promise.all([
      writeDataImage(path.join(dist, 'pglite-data.tar.gz'), path.join(dist, 'migrations')),
      writeSamplePhotoPack(path.join(dist, 'sample-photos.bin')),
    ]);
  } finally {
    rmSync(bundle, { force: true });
  }
  if (!quiet)
    console.log(
      `wrote the embedded database's image and the sample photos in ${((Date.now() - started) / 1000).toFixed(1)}s`,
    );
}

export async function buildAll({ quiet = false } = {}) {
  const started = Date.now();
  rmSync(dist, { recursive: true, force: true });
  const logLevel = quiet ? 'warn' : 'info';
  await viteBuild({
    configFile,
    logLevel,
    mode: 'production',
    build: { outDir: path.join(dist, 'client'), emptyOutDir: true },
  });
  await viteBuild({
    configFile,
    logLevel,
    mode: 'production',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: path.join(dist, 'ssr'),
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  await esbuild({
    entryPoints: [path.join(root, 'server/prod.ts')],
    outfile: path.join(dist, 'server/index.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: quiet ? 'warning' : 'info',
    // Vite is only used by the development renderer.
    external: ['vite'],
  });
  await precompress(path.join(dist, 'client', 'assets'));
  mkdirSync(path.join(dist, 'migrations'), { recursive: true });
  cpSync(path.join(root, 'migrations'), path.join(dist, 'migrations'), { recursive: true });
  await writeBuildArtifacts(quiet);
  writeFileSync(path.join(dist, '.build-stamp'), new Date().toISOString());
  if (!quiet) console.log(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll({ quiet: process.argv.includes('--quiet') });
}
