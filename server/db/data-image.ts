import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from 'tar';

/**
 * The embedded database's first start from an image
 * (docs/decisions/0073-embedded-database-memory.md): the build writes a migrated data folder as a
 * tarball beside the migrations (dist/pglite-data.tar.gz, made by scripts/build.mjs with
 * server/db/data-image-build.ts), and a start on a folder without a database unpacks it instead of
 * running PostgreSQL's initdb, which took most of a first start (about 5 s) and left the process
 * holding several hundred megabytes. The migrations still run after it, so an image from an older
 * build is brought up to date like any database.
 */

/** The image's file name, in the build's folder (dist/). */
export const DATA_IMAGE_FILE = 'pglite-data.tar.gz';
/** PostgreSQL's marker of a data folder; PGlite resumes a folder that has it and runs initdb on one that has not. */
const MARKER = 'PG_VERSION';
/** Where an image is unpacked before its entries are moved into the data folder. */
const STAGING = '.image-unpacking';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A file the build wrote beside the built server (dist/server), such as the image; a development tree has none. */
export function builtArtifact(name: string): string | null {
  const file = path.resolve(here, '..', name);
  return existsSync(file) ? file : null;
}

export const builtDataImage = (): string | null => builtArtifact(DATA_IMAGE_FILE);

/**
 * Unpacks the image into `dataDir` unless it already holds a database; answers whether it did.
 * The entries are unpacked aside and moved in with the marker last, so a start cut short leaves a
 * folder without the marker, which the next start unpacks again (the lock file and the session
 * secret beside the database are left alone).
 */
export function restoreDataImage(dataDir: string, image: string): boolean {
  const staging = path.join(dataDir, STAGING);
  if (existsSync(path.join(dataDir, MARKER))) {
    // Left by a start cut short after the marker went in: the database is whole, the staging folder is not needed.
    rmSync(staging, { recursive: true, force: true });
    return false;
  }
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  // PGlite's dump names its entries from the root ('/base/1/...'): node-tar writes them under the
  // staging folder (the leading / stripped) and never outside it (an entry with '..' is skipped).
  // The dump is of an open database, so it holds that instance's postmaster.pid: left out.
  extract({ file: image, cwd: staging, sync: true, filter: (entry) => !/(^|\/)postmaster\.pid$/.test(entry) });
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
