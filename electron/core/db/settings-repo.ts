/** Non-secret settings as key/value rows (the API key lives in the SecretStore). */
import { eq, sql } from 'drizzle-orm';
import type { KioskDb } from './open';
import { settings } from './schema';

export function getSetting(db: KioskDb, key: string): string | null {
  return db.select().from(settings).where(eq(settings.key, key)).get()?.value ?? null;
}

export function setSetting(db: KioskDb, key: string, value: string | null): void {
  if (value === null) {
    db.delete(settings).where(eq(settings.key, key)).run();
    return;
  }
  db.insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } })
    .run();
}

export function setSettings(db: KioskDb, values: Record<string, string | null>): void {
  db.transaction(() => {
    for (const [key, value] of Object.entries(values)) setSetting(db, key, value);
  });
}

/** Deletes every row whose key starts with `prefix` (exactly: no wildcards); how many. */
export function deleteSettingsWithPrefix(db: KioskDb, prefix: string): number {
  return db
    .delete(settings)
    .where(sql`substr(${settings.key}, 1, ${prefix.length}) = ${prefix}`)
    .run().changes;
}
