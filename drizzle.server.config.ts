import { defineConfig } from 'drizzle-kit';

// Migrations of the reference server; generated, committed, applied at start-up by migrate().
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/schema.ts',
  out: './drizzle/server',
});
