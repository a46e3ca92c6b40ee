// `npm test`: everything the project promises, in order. Installs Debian's Chromium for the
// browser tests when it is missing (as root), runs the API tests on the embedded database and,
// when a PostgreSQL server is reachable (TEST_DATABASE_URL, or the local one at
// 127.0.0.1:5432), on that server too; then builds the app and runs the browser tests.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

function run(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title}\n`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(res.status ?? 1);
  }
  console.log(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(0)}s)`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian chromium for the browser tests...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    return;
  }
  console.error(
    `Chromium is needed at ${CHROMIUM} for the browser tests: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

ensureChromium();
let pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl && !(await reachable(pgUrl))) {
  console.error(`TEST_DATABASE_URL is set but the server does not answer: ${pgUrl.replace(/:[^:@/]+@/, ':***@')}`);
  process.exit(1);
}
if (!pgUrl && (await reachable(LOCAL_PG))) pgUrl = LOCAL_PG;

run('Type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('Lint (ESLint boundaries and hooks, import cycles, Prettier)', 'npm', ['run', '--silent', 'lint']);
run('Unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
run('API tests on the embedded database (PGlite)', 'npx', ['vitest', 'run', '--project', 'api'], {
  TEST_DATABASE_URL: '',
});
if (pgUrl)
  run('API tests on the PostgreSQL server', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: pgUrl });
else
  console.warn(
    '\n! No PostgreSQL server answered (set TEST_DATABASE_URL): the API tests ran on the embedded database only.',
  );
run('Build', 'node', ['scripts/build.mjs']);
run('Browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], { CI: process.env.CI ?? '1' });
console.log('\nAll tests passed.');
