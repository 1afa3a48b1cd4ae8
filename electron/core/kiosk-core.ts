/**
 * The kiosk core: everything the kiosk does that is not UI (mirror, outbox, replay, local
 * engine), in plain Node. The Electron main process and the browser shell each create one and
 * adapt `api` to their transport.
 */
import type { Dispatcher } from 'undici';
import type { KioskApi, KioskEvent } from '../../shared/kiosk-api';
import type { Clock } from './clock';

/** Structurally the shell engineer's `SecretStore` (electron/core/settings/secret-store). */
export interface SecretStore {
  get(): string | null;
  set(value: string | null): void;
}

export interface KioskCoreOptions {
  dataDir: string; // SQLite file and embedded server data live here
  upstreamUrl?: string | null; // null/undefined: embedded reference server with demo data
  apiKey?: string | null;
  secretStore?: SecretStore;
  clock?: Clock;
  dispatcher?: Dispatcher;
  mirrorDays?: number; // default 7
  autoStart?: boolean; // default true: start mirror + replay loops
}

export interface KioskCore {
  api: KioskApi;
  events: { subscribe(listener: (event: KioskEvent) => void): () => void };
  close(): Promise<void>;
}

export function createKioskCore(_options: KioskCoreOptions): Promise<KioskCore> {
  return Promise.reject(new Error('kiosk core: not implemented yet (issue 3)'));
}
