// The embedded database's floor for bench:memory: a bare node process that opens the app's data
// folder with PGlite and the app's memory settings (PGLITE_MEMORY_SETTINGS in server/db/client.ts,
// passed in) and runs queries of the kind the app runs, and nothing else. Its memory is what any
// app on this database pays; the app's own figures are read against it.
// Started by bench/memory.ts: node pglite-floor.mjs <data folder> <settings as JSON> <queries> [V8 flags]
// (the app's PGLITE_V8_FLAGS, or none for V8's defaults).
// Prints one JSON line: RSS in bytes after opening and after the queries.
import v8 from 'node:v8';

const [dataDir, settingsJson, queriesArg, v8Flags] = process.argv.slice(2);
const settings = JSON.parse(settingsJson);
const queries = Number(queriesArg ?? 200);
if (v8Flags) v8.setFlagsFromString(v8Flags);
const { PGlite } = await import('@electric-sql/pglite');

const db = await PGlite.create(dataDir, {
  startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
});
const opened = process.memoryUsage().rss;
const ids = (await db.query('select id from contractors order by id')).rows.map((r) => r.id);
const statements = [
  (i) => db.query('select * from contractors where id = $1', [ids[i % ids.length] ?? 0]),
  () =>
    db.query(
      "select c.id, c.name, c.rating from contractors c where c.approval_status = 'approved' and c.is_visible order by c.rating desc, c.id limit 24",
    ),
  (i) =>
    db.query(
      'select s.slug from contractor_services cs join services s on s.id = cs.service_id where cs.contractor_id = $1',
      [ids[i % ids.length] ?? 0],
    ),
  () => db.query('select slug, title, excerpt from blog_posts order by published_at desc limit 20'),
];
for (let i = 0; i < queries; i++) await statements[i % statements.length](i);
const afterQueries = process.memoryUsage().rss;
await db.close();
process.stdout.write(`${JSON.stringify({ opened, afterQueries })}\n`);
