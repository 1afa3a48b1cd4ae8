/**
 * Which upstream the kiosk talks to, as the settings name it: the embedded reference server
 * (started on demand, in this process) or a remote one. `resolve` switches after a change.
 */
import type { KioskDb } from '../db';
import type { EmbeddedUpstream } from './embedded';
import type { Logger } from '../platform';
import type { SettingsService } from '../staff';

export interface UpstreamTargetRef {
  baseUrl: string;
  apiKey: string | null;
  kind: 'embedded' | 'remote';
}

export interface UpstreamTarget {
  current: () => UpstreamTargetRef | null;
  kind: () => 'embedded' | 'remote';
  /** The embedded server while it is the target (its retention erases customers too). */
  embedded: () => EmbeddedUpstream | null;
  /** Points at the upstream the settings name now (starting or stopping the embedded one). */
  resolve: () => Promise<void>;
  close: () => Promise<void>;
}

export function createUpstreamTarget(deps: {
  db: KioskDb;
  dataDir: string;
  serverMigrationsFolder?: string;
  settings: SettingsService;
  /** The embedded server's warnings and errors go into the kiosk's log. */
  log: Logger;
}): UpstreamTarget {
  let embedded: EmbeddedUpstream | null = null;
  let target: UpstreamTargetRef | null = null;
  return {
    current: () => target,
    kind: () => target?.kind ?? 'embedded',
    embedded: () => embedded,
    async resolve() {
      const wanted = deps.settings.upstream();
      if (wanted.upstreamUrl === null) {
        // Loaded on demand: a kiosk with a remote upstream never loads the server's modules.
        const { startEmbeddedUpstream } = await import('./embedded');
        embedded ??= await startEmbeddedUpstream(
          deps.db,
          deps.dataDir,
          deps.serverMigrationsFolder,
          deps.log,
        );
        target = { baseUrl: embedded.url, apiKey: embedded.apiKey, kind: 'embedded' };
      } else {
        const old = embedded;
        embedded = null;
        await old?.close();
        target = { baseUrl: wanted.upstreamUrl, apiKey: wanted.apiKey, kind: 'remote' };
      }
    },
    async close() {
      await embedded?.close();
    },
  };
}
