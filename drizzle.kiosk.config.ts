import { defineConfig } from 'drizzle-kit';

// The kiosk's own database (electron/core); the reference server has drizzle.server.config.ts.
export default defineConfig({
  dialect: 'sqlite',
  schema: './electron/core/db/schema.ts',
  out: './drizzle/kiosk',
});
