// `npm run db:restore FILE`: replaces the embedded database (DATA_DIR) with a backup made by db:backup.
import { restoreEmbedded } from '../server/db/backup';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { loadDotEnv } from '../server/env';

loadDotEnv();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore FILE (a .tar.gz made by npm run db:backup)');
  process.exit(1);
}
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: restore the PostgreSQL server with pg_restore or psql (see the README, Production).',
  );
  process.exit(1);
}
const dataDir = process.env.DATA_DIR || '.data';
try {
  const { kept } = await restoreEmbedded(dataDir, file);
  console.log(
    `Restored ${dataDir} from ${file}.${kept ? ` The replaced database is kept in ${kept}; delete it when you no longer need it.` : ''}`,
  );
} catch (err) {
  console.error(
    err instanceof DataDirLockedError
      ? `${err.message}\nThe app must be stopped while it is restored.`
      : err instanceof Error
        ? err.message
        : String(err),
  );
  process.exit(1);
}
