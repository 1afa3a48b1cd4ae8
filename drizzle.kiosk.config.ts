import { defineConfig } from 'drizzle-kit';

// The kiosk's own database (electron/core); the reference server has drizzle.server.config.ts.
// A room that owns its tables declares them in its own schema.ts (issue 40 item 2).
export default defineConfig({
  dialect: 'sqlite',
  schema: ['./electron/core/db/schema.ts', './electron/core/owner-day/schema.ts'],
  out: './drizzle/kiosk',
});
