/**
 * The kiosk core: everything the kiosk does that is not UI (mirror, outbox, replay, local
 * engine), in plain Node. The Electron main process and the browser shell each create one and
 * adapt `api` to their transport.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { Dispatcher } from 'undici';
import type { AppInfo, KioskApi, KioskEvent, Language, LockableSetting, Settings, ShopProfile } from '../../shared/kiosk-api';
import { systemClock, type Clock } from './clock';
import { createPrivateFile, secureDataFolder } from './data-folder';
import { checkpointKioskDb, openKioskDb, purgeKioskWal } from './db/open';
import { saveServices } from './db/mirror-repo';
import { getSetting, setSetting } from './db/settings-repo';
import type { EmbeddedUpstream } from './embedded';
import { createLocalEngine, type EngineFreshness } from './engine/engine';
import { buildDiagnostics, OUTBOX_STATES, writeDiagnosticsFile, type OutboxCounts } from './diagnostics';
import { createEventHub } from './engine/events';
import { createSettingsService } from './engine/settings-service';
import { createRecoveryProbe } from './engine/recovery-probe';
import { createStaffAccess } from './engine/staff-access';
import { SyncStatusTracker } from './engine/sync-status';
import { RateGovernor, type GovernorOptions } from './governor/rate-governor';
import { createLogger, type LogSink } from './log';
import { createMirror, type Mirror, type OpeningHours } from './mirror/mirror';
import type { MirrorPolicy } from './mirror/plan';
import { createReplayer } from './outbox/replayer';
import { createRetention } from './outbox/retention';
import { createSqliteOutboxStore } from './outbox/sqlite-store';
import type { ReplayPolicy } from './outbox/transitions';
import type { PinAttemptPolicy } from './settings/pin-attempts';
import { createFileSecretStore, type SecretStore } from './settings/secret-store';
import { newSetupCode } from './settings/setup-code';
import { readShopLogo } from './settings/shop-logo';
import { createStaffSessions } from './settings/staff-sessions';
import { createUpstreamClient, type UpstreamClient } from './upstream/client';
import type { UpstreamOutcome } from './upstream/outcome';

export type { SecretStore };

const GOVERNOR_SETTING = 'governorSends';
const SavedGovernor = z.object({ identity: z.string(), sends: z.array(z.number()).max(100_000) });

function safeJsonParse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface KioskCoreOptions {
  dataDir: string; // SQLite file and embedded server data live here
  /** undefined: keep the stored setting (embedded when none is stored); null: force embedded. */
  upstreamUrl?: string | null;
  apiKey?: string | null; // undefined: keep the stored key; null: forget it
  /** IT's mode from the machine config, applied at start; undefined keeps the staff setting. */
  mode?: Settings['mode'];
  /** Settings the machine config locks (its `locked`): updateSettings refuses changes to them. */
  locked?: readonly LockableSetting[];
  /** IT's staff PIN hash (machine config `staffPinHash`): staff cannot change the PIN. */
  staffPinHash?: string;
  /**
   * IT's values from the machine config: defaults for staff, fixed when locked. retentionDays:
   * days an ended booking keeps its customer's personal data (default 14).
   */
  staffIdleTimeoutSec?: number;
  retentionDays?: number;
  /** IT's shop profile (machine config `shop`): defaults for staff, fixed when `shop` is locked. */
  shop?: Partial<ShopProfile>;
  /** IT's logo file (machine config `shop.logoFile`), read once at start (see shop-logo.ts). */
  shopLogoFile?: string;
  /** IT's default language for the screen (machine config `language`). */
  language?: Language;
  pinAttempts?: PinAttemptPolicy;
  secretStore?: SecretStore;
  clock?: Clock;
  dispatcher?: Dispatcher;
  mirrorDays?: number; // default 7
  autoStart?: boolean; // default true: start mirror + replay loops
  /** The business's time zone (dates and times of the API); default Europe/Berlin. */
  timeZone?: string;
  /** When the mirror spends its budget; default: the day's slot span from the cache. */
  openingHours?: OpeningHours;
  governor?: Partial<GovernorOptions>;
  mirrorPolicy?: MirrorPolicy;
  replayPolicy?: ReplayPolicy;
  freshness?: EngineFreshness;
  /** Total timeout of a replayed booking request (ms). */
  replayTimeoutMs?: number;
  bookingTimeoutMs?: number;
  lookupTimeoutMs?: number;
  /** While offline, how often a lookup or booking tries the API itself (default 15 s). */
  offlineProbeMs?: number;
  migrationsFolder?: string;
  /** The reference server's migrations (embedded upstream); the Electron bundle names it. */
  serverMigrationsFolder?: string;
  /** What only the host knows: the app's version and updates, and what diagnostics include. */
  host?: KioskHost;
  /** Where the core's log lines go (the Electron app's log file); default stderr. */
  logSink?: LogSink;
}

export interface KioskHost {
  appInfo(): AppInfo;
  diagnostics: {
    folder: string; // where "Save diagnostics" writes its file
    versions: Readonly<Record<string, string | undefined>>;
    config: Readonly<Record<string, unknown>>; // the machine config; secrets are removed
    recentLog(): string;
  };
}

export interface KioskEventSubscription {
  /**
   * The staff session this subscriber presents, read at each event: booking events (which carry
   * customer data) reach it only while that session is live. Status events reach everyone.
   */
  session?: () => string | null | undefined;
}

export interface KioskCore {
  api: KioskApi;
  events: { subscribe(listener: (event: KioskEvent) => void, options?: KioskEventSubscription): () => void };
  /**
   * The one-time code for the first staff PIN, while a remote kiosk has none (null otherwise).
   * The caller prints it at start-up as `setup code: XXXX-XXXX` (the core logs it too).
   */
  setupCode: string | null;
  /** Bookings per outbox state, and how many queued ones are due (the update gate reads it). */
  outboxCounts(): OutboxCounts;
  close(): Promise<void>;
}

/** The core plus handles that tests and benchmarks drive directly. */
export interface KioskCoreInternals extends KioskCore {
  mirror: Pick<Mirror, 'step' | 'sweep' | 'requests' | 'requestsByKind'>;
  replayer: { runOnce(): Promise<void>; recover(): number };
  governor(): RateGovernor;
}

export async function createKioskCore(options: KioskCoreOptions): Promise<KioskCore> {
  return createKioskCoreInternals(options);
}

export async function createKioskCoreInternals(options: KioskCoreOptions): Promise<KioskCoreInternals> {
  const logFor = (prefix: string) => createLogger(prefix, { sink: options.logSink });
  const log = logFor('core');
  const clock = options.clock ?? systemClock;
  const timeZone = options.timeZone ?? 'Europe/Berlin';
  secureDataFolder(options.dataDir, { log });
  createPrivateFile(join(options.dataDir, 'kiosk.db'));
  const db = openKioskDb({ dataDir: options.dataDir, migrationsFolder: options.migrationsFolder });
  const secrets = options.secretStore ?? createFileSecretStore(join(options.dataDir, 'api-key.secret'));
  // A logo IT named but the kiosk cannot use is logged, not fatal: the shop runs without one.
  const logo = options.shopLogoFile === undefined ? null : readShopLogo(options.shopLogoFile);
  if (logo && !logo.ok) log.warn('shop logo not used', { path: options.shopLogoFile, reason: logo.reason });
  const logoUrl = logo?.ok ? logo.dataUrl : null;
  const settings = createSettingsService(db, secrets, {
    locked: options.locked,
    itPinHash: options.staffPinHash,
    configured: {
      staffIdleTimeoutSec: options.staffIdleTimeoutSec,
      retentionDays: options.retentionDays,
      language: options.language,
    },
    shop: options.shop,
    shopLogoSet: logoUrl !== null,
  });
  settings.override({ upstreamUrl: options.upstreamUrl, apiKey: options.apiKey, mode: options.mode });

  const store = createSqliteOutboxStore(db);
  const hub = createEventHub(log);
  let embedded: EmbeddedUpstream | null = null;
  let target: { baseUrl: string; apiKey: string | null; kind: 'embedded' | 'remote' } | null = null;
  let governor = new RateGovernor(options.governor);
  // The governor's own count of the day survives restarts, for the same upstream and key only.
  const governorIdentity = (): string =>
    target ? `${target.kind}|${target.baseUrl}|${createHash('sha256').update(target.apiKey ?? '').digest('hex').slice(0, 16)}` : '';
  const saveGovernor = (): void => {
    setSetting(db, GOVERNOR_SETTING, JSON.stringify({ identity: governorIdentity(), sends: governor.exportSends(clock.now()) }));
  };
  const loadGovernor = (): void => {
    const saved = SavedGovernor.safeParse(safeJsonParse(getSetting(db, GOVERNOR_SETTING)));
    if (saved.success && saved.data.identity === governorIdentity()) governor.importSends(saved.data.sends, clock.now());
  };
  const status = new SyncStatusTracker(() => target?.kind ?? 'embedded');

  const makeClient = (): UpstreamClient =>
    createUpstreamClient({
      log: logFor('core:upstream'),
      target: () => target,
      governor,
      clock,
      dispatcher: options.dispatcher,
      onAnswer: (meta) => {
        const wasOffline = status.offlineSince !== null;
        status.onAnswer(meta);
        // Back online: queued bookings need not sit out a backoff grown while the API was away,
        // nor the mirror its offline backoff.
        if (!wasOffline) return;
        if (store.wakeAll(clock.now()) > 0) replayer.poke();
        mirror.poke();
      },
    });
  let client = makeClient();

  async function resolveTarget(): Promise<void> {
    const wanted = settings.upstream();
    if (wanted.upstreamUrl === null) {
      // Loaded on demand: a kiosk with a remote upstream never loads the server's modules.
      const { startEmbeddedUpstream } = await import('./embedded');
      embedded ??= await startEmbeddedUpstream(db, options.dataDir, options.serverMigrationsFolder);
      target = { baseUrl: embedded.url, apiKey: embedded.apiKey, kind: 'embedded' };
    } else {
      const old = embedded;
      embedded = null;
      await old?.close();
      target = { baseUrl: wanted.upstreamUrl, apiKey: wanted.apiKey, kind: 'remote' };
    }
  }
  try {
    await resolveTarget();
  } catch (error) {
    await client.close();
    db.$client.close();
    throw error;
  }
  loadGovernor();

  const replayer = createReplayer({
    log: logFor('core:replay'),
    store,
    client: () => client,
    governor: () => governor,
    clock,
    policy: options.replayPolicy,
    timeoutMs: options.replayTimeoutMs,
    onChange: (entry) => engine.onBookingChange(entry),
    onPause: (error) => {
      status.onAuthError(error);
      engine.emitStatus();
    },
  });

  const mirror = createMirror({
    log: logFor('core:mirror'),
    db,
    client: () => client,
    governor: () => governor,
    clock,
    timeZone,
    mirrorDays: options.mirrorDays ?? 7,
    openingHours: options.openingHours,
    policy: options.mirrorPolicy,
    enabled: () => !status.paused,
    onOutcome: (outcome) => noteOutcome(outcome, 'mirror refresh'),
  });

  /** What a background request (mirror refresh, recovery probe) says about the upstream. */
  function noteOutcome(outcome: UpstreamOutcome<unknown>, what: string): void {
    switch (outcome.kind) {
      case 'ok':
        status.onSuccess(clock.now());
        break;
      case 'network':
        status.onNetworkFailure(clock.now(), outcome.reason);
        break;
      case 'http':
        if (outcome.status === 401 || outcome.status === 403) {
          status.onAuthError({ status: outcome.status, message: outcome.message });
          replayer.pause();
        } else status.onFailure(`${what} failed (HTTP ${outcome.status})`);
        break;
      case 'invalidBody':
        status.onFailure(`${what} failed (invalid response body)`);
        break;
      case 'rateLimited':
      case 'throttled':
        break;
    }
    engine.emitStatus();
  }

  const probe = createRecoveryProbe({
    clock,
    client: () => client,
    offlineSince: () => status.offlineSince,
    paused: () => status.paused,
    urgent: () => store.count('queued') + store.count('sending') > 0,
    onOutcome: (outcome) => {
      // The answer is the catalog's services: worth keeping.
      if (outcome.kind === 'ok') saveServices(db, outcome.data.filter((s) => s.enabled), clock.now());
      noteOutcome(outcome, 'probe');
    },
  });

  const engine = createLocalEngine({
    db,
    store,
    clock,
    timeZone,
    client: () => client,
    status,
    settings,
    replayer,
    mirror,
    probe,
    events: hub,
    freshness: options.freshness,
    lookupTimeoutMs: options.lookupTimeoutMs,
    offlineProbeMs: options.offlineProbeMs,
    bookingTimeoutMs: options.bookingTimeoutMs,
    retarget: async () => {
      saveGovernor();
      await resolveTarget();
      await client.close();
      governor = new RateGovernor(options.governor);
      loadGovernor();
      client = makeClient();
      status.reset();
      replayer.resume();
      replayer.poke();
      mirror.poke();
      log.info('upstream re-targeted', { kind: target?.kind });
    },
  });

  const sessions = createStaffSessions({
    now: () => clock.now(),
    idleMs: () => settings.get().staffIdleTimeoutSec * 1000,
  });
  // New at every start while a remote kiosk has no PIN: whoever sees the console or log sets it.
  const upstreamKind = (): 'embedded' | 'remote' => target?.kind ?? 'embedded';
  const setupCode = !settings.hasPin() && upstreamKind() === 'remote' ? newSetupCode() : null;
  if (setupCode !== null) log.warn(`setup code: ${setupCode}`);
  const access = createStaffAccess({
    settings,
    sessions,
    now: () => clock.now(),
    upstreamKind,
    setupCode: () => setupCode,
    pinAttempts: options.pinAttempts,
    log,
  });
  const host: KioskHost = options.host ?? {
    appInfo: () => ({ version: 'development', update: { state: 'off', version: null } }),
    diagnostics: { folder: join(options.dataDir, 'diagnostics'), versions: { ...process.versions }, config: {}, recentLog: () => '' },
  };
  const outboxCounts = (): OutboxCounts => {
    const counts = Object.fromEntries(OUTBOX_STATES.map((state) => [state, store.count(state)])) as Record<(typeof OUTBOX_STATES)[number], number>;
    return { ...counts, dueNow: store.due(clock.now(), 1_000).length };
  };
  const api = access.guard({
    ...engine.api,
    getAppInfo: () => Promise.resolve(host.appInfo()),
    saveDiagnostics: () =>
      Promise.resolve().then(() => {
        const now = new Date(clock.now());
        const content = buildDiagnostics({
          now,
          app: host.appInfo(),
          versions: host.diagnostics.versions,
          config: host.diagnostics.config,
          sync: engine.statusSnapshot(),
          outbox: outboxCounts(),
          recentLog: host.diagnostics.recentLog(),
        });
        const path = writeDiagnosticsFile(host.diagnostics.folder, content, now);
        log.info('diagnostics saved', { path });
        return { path };
      }),
    getPublicSettings: () => {
      const { shop, ...rest } = settings.publicPart();
      return Promise.resolve({ ...rest, shop: { ...shop, logo: logoUrl }, setup: access.setup(), upstream: upstreamKind() });
    },
  });

  replayer.recover();
  const retention = createRetention({
    store,
    clock,
    // The staff setting (or IT's value), read at every run so that a change applies at once.
    retentionDays: () => settings.get().retentionDays,
    log,
    afterErase: () => {
      if (!purgeKioskWal(db)) log.warn('the WAL could not be truncated after an erasure; retrying at the next one');
    },
  });
  const eraseDue = (): void => {
    try {
      retention.run();
    } catch (error) {
      log.warn('retention failed', { error });
    }
  };
  eraseDue();
  const CHECKPOINT_EVERY_MS = 60_000;
  let checkpointTimer: ReturnType<Clock['setTimeout']> | null = null;
  const checkpoint = (): void => {
    eraseDue();
    try {
      saveGovernor();
      checkpointKioskDb(db);
    } catch (error) {
      log.warn('checkpoint failed', { error });
    }
    checkpointTimer = clock.setTimeout(checkpoint, CHECKPOINT_EVERY_MS);
  };
  if (options.autoStart ?? true) {
    replayer.start();
    mirror.start();
    probe.start();
    checkpointTimer = clock.setTimeout(checkpoint, CHECKPOINT_EVERY_MS);
  }

  let closing: Promise<void> | null = null;
  return {
    api,
    events: {
      subscribe: (listener, subscription) =>
        hub.subscribe((event) => {
          if (event.type === 'booking') {
            const session = subscription?.session?.();
            if (!session || !sessions.isLive(session)) return;
          }
          listener(event);
        }),
    },
    setupCode,
    outboxCounts,
    mirror,
    replayer,
    governor: () => governor,
    close() {
      closing ??= (async () => {
        sessions.endAll();
        await replayer.stop();
        await mirror.stop();
        await probe.stop();
        if (checkpointTimer !== null) clock.clearTimeout(checkpointTimer);
        saveGovernor();
        checkpointKioskDb(db);
        await client.close();
        await embedded?.close();
        db.$client.close();
      })();
      return closing;
    },
  };
}
