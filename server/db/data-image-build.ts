import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * Writes the embedded database's image (server/db/data-image.ts): a data folder made by initdb
 * and migrated with the folder's migrations, as PGlite's gzip tarball. Run by scripts/build.mjs
 * into dist/, so the image is always of the PGlite the app runs with.
 */
export async function writeDataImage(file: string, migrationsFolder: string): Promise<void> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
    // Planner statistics and a checkpoint, so the first start has neither to do.
    await client.exec('vacuum analyze');
    await client.exec('checkpoint');
    const image = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await client.close();
  }
}
