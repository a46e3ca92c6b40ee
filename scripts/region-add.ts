// `npm run region:add -- <county>` (e.g. `wyoming`): adds a Pennsylvania county from the bundled
// dataset to the database the app uses (DATABASE_URL, or the embedded one in DATA_DIR, which the
// app must not hold open), migrating and setting it up first when it is new
// (docs/decisions/0098-counties-are-data.md).
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { seedDatabase } from '../server/db/seed';
import { DomainError } from '../server/domain/errors';
import { loadDotEnv, parseEnv, seedsSampleData } from '../server/env';
import { addCounty, listCounties } from '../server/counties/counties';

loadDotEnv();
const typed = process.argv.slice(2).join(' ').trim();
if (!typed) {
  console.error('Usage: npm run region:add -- <county>   (for example: npm run region:add -- wyoming)');
  process.exit(1);
}
const env = parseEnv();
let database;
try {
  database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
} catch (err) {
  console.error(
    err instanceof DataDirLockedError
      ? `${err.message}\nStop the app, or add the county from a server on PostgreSQL.`
      : err instanceof Error
        ? err.message
        : String(err),
  );
  process.exit(1);
}
try {
  await database.withStartupLock(async () => {
    await database.migrate();
    await seedDatabase(database.db, { sampleData: seedsSampleData(env) });
  });
  const added = await addCounty({ db: database.db }, typed);
  console.log(`Added ${added.name}, ${added.state}: ${added.towns} towns, ${added.services} services.`);
  console.log(
    `Counties: ${(await listCounties({ db: database.db })).map((c) => `${c.name}${c.isDefault ? ' (default)' : ''}`).join(', ')}.`,
  );
} catch (err) {
  if (!(err instanceof DomainError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
