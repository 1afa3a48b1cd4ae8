/**
 * The kiosk methods the core answers from what only its host knows (the app's version and
 * updates, where diagnostics go) and from the settings: app info, "Save diagnostics", the
 * public settings. Plus the outbox's counts per state, which diagnostics and the update gate read.
 */
import { join } from 'node:path';
import { publicAccess, type AccessConfig } from '../../../shared/access-config';
import type { AppInfo, KioskApi, Printer, SyncStatus } from '../../../shared/kiosk-api';
import { monotonicNow, type Clock, type Logger } from '../platform';
import {
  buildDiagnostics,
  OUTBOX_STATES,
  writeDiagnosticsFile,
  type DiagnosticsInput,
  type OutboxCounts,
} from './diagnostics';
import type { HostKioskMethod } from '../engine';
import type { SettingsService, StaffAccess } from '../staff';
import type { DatabaseHealth } from '../db';
import type { OutboxStore } from '../outbox';

export interface KioskHost {
  appInfo(): AppInfo;
  /**
   * The system's printers (the Electron app: getPrintersAsync), for the receipt printer setting.
   * Absent: this host prints with the browser's dialog, so there is no printer to choose.
   */
  printers?: () => Promise<Printer[]>;
  diagnostics: {
    folder: string; // where "Save diagnostics" writes its file
    versions: Readonly<Record<string, string | undefined>>;
    config: Readonly<Record<string, unknown>>; // the machine config; secrets are removed
    recentLog(): string;
  };
}

/** Without a host (tests, the browser shell): a development version, no updates. */
export function defaultHost(dataDir: string): KioskHost {
  return {
    appInfo: () => ({ version: 'development', update: { state: 'off', version: null } }),
    diagnostics: {
      folder: join(dataDir, 'diagnostics'),
      versions: { ...process.versions },
      config: {},
      recentLog: () => '',
    },
  };
}

export function outboxCounts(store: OutboxStore, now: number): OutboxCounts {
  const counts = Object.fromEntries(
    OUTBOX_STATES.map((state) => [state, store.count(state)]),
  ) as Record<(typeof OUTBOX_STATES)[number], number>;
  return { ...counts, dueNow: store.due(now, 1_000).length };
}

export function createHostApi(deps: {
  host: KioskHost;
  clock: Clock;
  /** The business's zone: the customer's calendar event needs it (renderer/lib/ical.ts). */
  timeZone: string;
  log: Logger;
  settings: SettingsService;
  access: Pick<StaffAccess, 'setup'>;
  store: OutboxStore;
  /** IT's accessibility defaults (the machine file's `access`). */
  accessDefaults: AccessConfig | undefined;
  /** The shop logo IT configured, as a data URL (null: none, or not usable). */
  logoUrl: string | null;
  /** Whether the customer may be written to (notify/: a mail transport is configured). */
  customerMail: boolean;
  upstreamKind: () => 'embedded' | 'remote';
  syncStatus: () => SyncStatus;
  /** integrity_check and the identity's generation, for diagnostics (db/database-health.ts). */
  databaseHealth: () => DatabaseHealth;
  /** The speech voices the kiosk screen last reported (metrics/speech-voices.ts). */
  speechVoices: () => DiagnosticsInput['speechVoices'];
  /** Whether the upstream was seen keeping booked times free (link/booked-times-watch.ts). */
  bookedTimes?: () => DiagnosticsInput['bookedTimes'];
}): Pick<KioskApi, HostKioskMethod> {
  const { host, clock } = deps;
  return {
    getAppInfo: () => Promise.resolve(host.appInfo()),
    saveDiagnostics: () =>
      Promise.resolve().then(() => {
        const now = new Date(clock.now());
        const content = buildDiagnostics({
          now,
          app: host.appInfo(),
          versions: host.diagnostics.versions,
          config: host.diagnostics.config,
          sync: deps.syncStatus(),
          outbox: outboxCounts(deps.store, monotonicNow(clock)),
          recentLog: host.diagnostics.recentLog(),
          database: deps.databaseHealth(),
          speechVoices: deps.speechVoices(),
          bookedTimes: deps.bookedTimes?.(),
        });
        const path = writeDiagnosticsFile(host.diagnostics.folder, content, now);
        deps.log.info('diagnostics saved', { path });
        return { path };
      }),
    getPublicSettings: () => {
      const { shop, ...rest } = deps.settings.publicPart();
      return Promise.resolve({
        ...rest,
        shop: { ...shop, logo: deps.logoUrl },
        setup: deps.access.setup(),
        upstream: deps.upstreamKind(),
        timeZone: deps.timeZone,
        access: publicAccess(deps.accessDefaults),
        customerMail: deps.customerMail,
        // A host that prints silently says whether a printer is chosen; a browser says nothing.
        ...(host.printers ? { receiptPrinter: deps.settings.get().printer !== null } : {}),
      });
    },
    listPrinters: async () => {
      if (!host.printers) return { system: false, printers: [] };
      const printers = await host.printers().catch((error: unknown) => {
        deps.log.warn('the system did not list its printers', { error });
        return [];
      });
      return { system: true, printers };
    },
  };
}
