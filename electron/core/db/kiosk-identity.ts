/**
 * The kiosk remembers that it had data: an identity (a random id and a generation) kept both in
 * kiosk.db (settings row `kioskIdentity`) and in a marker file beside it
 * (`kiosk-identity.json`, 0600). The generation grows at every start and every durable commit
 * (a booking stored, a state change); the database is always written first and the marker
 * second, so the marker's generation never runs ahead of what the database holds. A database
 * whose generation is below the marker's was rolled back (an older copy, a truncated WAL).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically, writeFileAtomicallyAsync } from '../platform';
import type { KioskDb } from './open';

export const MARKER_FILE = 'kiosk-identity.json';
const IDENTITY_KEY = 'kioskIdentity';

export const KioskIdentity = z.object({
  id: z.string().min(1).max(100),
  generation: z.number().int().nonnegative(),
});
export type KioskIdentity = z.infer<typeof KioskIdentity>;

export type MarkerRead =
  | { kind: 'none' }
  | { kind: 'ok'; identity: KioskIdentity }
  | { kind: 'unreadable'; reason: string };

function markerPath(dataDir: string): string {
  return join(dataDir, MARKER_FILE);
}

export function newIdentity(): KioskIdentity {
  return { id: randomUUID(), generation: 0 };
}

export function readMarker(dataDir: string): MarkerRead {
  let text: string;
  try {
    text = readFileSync(markerPath(dataDir), 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return code === 'ENOENT' ? { kind: 'none' } : { kind: 'unreadable', reason: code };
  }
  try {
    const parsed = KioskIdentity.safeParse(JSON.parse(text));
    return parsed.success
      ? { kind: 'ok', identity: parsed.data }
      : { kind: 'unreadable', reason: 'not a kiosk identity' };
  } catch {
    return { kind: 'unreadable', reason: 'not JSON' };
  }
}

/** Replaces the marker atomically (temp file 0600, fsync, rename): never half written. */
export function writeMarker(dataDir: string, identity: KioskIdentity): void {
  writeFileAtomically(markerPath(dataDir), `${JSON.stringify(identity)}\n`);
}

/** The same, without blocking: the marker written after a booking's commit. */
export async function writeMarkerAsync(dataDir: string, identity: KioskIdentity): Promise<void> {
  await writeFileAtomicallyAsync(markerPath(dataDir), `${JSON.stringify(identity)}\n`);
}

/** The identity the database holds; null when it has none (new, emptied or foreign). */
export function readDbIdentity(db: KioskDb): KioskIdentity | null {
  const row = db.$client.prepare('select value from settings where key = ?').get(IDENTITY_KEY) as
    { value: string } | undefined;
  if (row === undefined) return null;
  try {
    const parsed = KioskIdentity.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDbIdentity(db: KioskDb, identity: KioskIdentity): void {
  db.$client
    .prepare(
      'insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value',
    )
    .run(IDENTITY_KEY, JSON.stringify(identity));
}
