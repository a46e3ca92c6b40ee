// `npm run db:backup [FILE]`: a consistent copy of the embedded database (DATA_DIR) as a .tar.gz.
import { backupEmbedded } from '../server/db/backup';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { loadDotEnv } from '../server/env';

loadDotEnv();
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up the PostgreSQL server with pg_dump (see the README, Production).');
  process.exit(1);
}
const dataDir = process.env.DATA_DIR || '.data';
const file = process.argv[2] ?? `backups/contractors-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
try {
  const { file: written, bytes } = await backupEmbedded(dataDir, file);
  console.log(`Backed up ${dataDir} to ${written} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
} catch (err) {
  console.error(
    err instanceof DataDirLockedError
      ? `${err.message}\nThe app must be stopped while it is backed up.`
      : err instanceof Error
        ? err.message
        : String(err),
  );
  process.exit(1);
}
