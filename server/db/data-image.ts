import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * The embedded database's first start from an image (docs/decisions.md §6): the build writes a
 * migrated data folder as a tarball beside the migrations (dist/pglite-data.tar.gz, made by
 * scripts/build.mjs with server/db/data-image-build.ts), and a start on a folder without a database
 * unpacks it instead of running PostgreSQL's initdb, which took most of a first start (about 5 s) and
 * left the process holding several hundred megabytes. The migrations still run after it, so an
 * image from an older build is brought up to date like any database.
 */

/** The image's file name, in the build's folder (dist/). */
export const DATA_IMAGE_FILE = 'pglite-data.tar.gz';
/** PostgreSQL's marker of a data folder; PGlite resumes a folder that has it and runs initdb on one that has not. */
const MARKER = 'PG_VERSION';
/** Where an image is unpacked before its entries are moved into the data folder. */
const STAGING = '.image-unpacking';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The build's image: dist/pglite-data.tar.gz beside the built server (dist/server); a development tree has none. */
export function builtDataImage(): string | null {
  const file = path.resolve(here, '..', DATA_IMAGE_FILE);
  return existsSync(file) ? file : null;
}

/**
 * Unpacks the image into `dataDir` unless it already holds a database; answers whether it did.
 * The entries are unpacked aside and moved in with the marker last, so a start cut short leaves a
 * folder without the marker, which the next start unpacks again (the lock file and the session
 * secret beside the database are left alone).
 */
export function restoreDataImage(dataDir: string, image: string): boolean {
  if (existsSync(path.join(dataDir, MARKER))) return false;
  const staging = path.join(dataDir, STAGING);
  rmSync(staging, { recursive: true, force: true });
  untar(gunzipSync(readFileSync(image)), staging);
  const entries = readdirSync(staging);
  if (!entries.includes(MARKER)) throw new Error(`${image} is not a PostgreSQL data folder (no ${MARKER})`);
  for (const entry of entries.filter((e) => e !== MARKER)) {
    // Left by an unpacking cut short: no database has been here (there is no marker).
    rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    renameSync(path.join(staging, entry), path.join(dataDir, entry));
  }
  renameSync(path.join(staging, MARKER), path.join(dataDir, MARKER));
  rmSync(staging, { recursive: true, force: true });
  return true;
}

const text = (block: Buffer, start: number, length: number) => {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
};

/**
 * Writes a tar archive's (ustar) directories and files under `into`: the format of PGlite's
 * dumpDataDir, which has nothing else. Anything else is refused rather than skipped.
 */
export function untar(archive: Buffer, into: string): void {
  mkdirSync(into, { recursive: true, mode: 0o700 });
  for (let at = 0; at + 512 <= archive.length;) {
    const header = archive.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const prefix = text(header, 257, 6) === 'ustar' ? text(header, 345, 155) : '';
    const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const relative = name.replace(/^\/+/, '');
    if (!relative || relative.split('/').some((part) => part === '..')) throw new Error(`Refusing the archive entry ${JSON.stringify(name)}`);
    const target = path.join(into, relative);
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0' || type === '\0') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, archive.subarray(at + 512, at + 512 + size));
    } else throw new Error(`The archive entry ${name} is of a type this reader does not write (${JSON.stringify(type)})`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
