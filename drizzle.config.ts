import { defineConfig } from 'drizzle-kit';

// Only generates SQL from the schema; the app applies migrations itself at start-up on both drivers.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
