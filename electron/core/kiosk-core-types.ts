/**
 * The kiosk core's interface: what its creators pass in (IT's values plus the core's own
 * policies and test seams) and what they get back. The wiring is in kiosk-core.ts.
 */
import type { Dispatcher } from 'undici';
import type { KioskApi, KioskEvent } from '../../shared/kiosk-api';
import type { Clock, LogSink } from './platform';
import type { ItConfig } from './config';
import type { OutboxCounts, KioskHost } from './host';
import type { EngineFreshness } from './engine';
import type { GovernorOptions, RateGovernor } from './governor';
import type { CoreMetrics } from './metrics';
import type { Mirror, OpeningHours, MirrorPolicy } from './mirror';
import type { Replayer, ReplayPolicy } from './outbox';
import type { PinAttemptPolicy, SecretStore } from './staff';

/**
 * IT's values (ItConfig, from electron/core/config/config.ts: upstream, key, locked settings, PIN hash,
 * shop profile with its logo file, and the staff settings IT may set) plus the core's own.
 * upstreamUrl undefined keeps the stored setting (embedded when none is stored), null forces the
 * embedded server; apiKey undefined keeps the stored key, null forgets it.
 */
export interface KioskCoreOptions extends ItConfig {
  dataDir: string; // SQLite file and embedded server data live here
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
  /** Days of daily kiosk.db copies kept in backups/ (db/snapshots.ts); default 7, 0: none. */
  snapshotDays?: number;
  /** The reference server's migrations (embedded upstream); the Electron bundle names it. */
  serverMigrationsFolder?: string;
  /** What only the host knows: the app's version and updates, and what diagnostics include. */
  host?: KioskHost;
  /** Where the core's log lines go (the Electron app's log file); default stderr. */
  logSink?: LogSink;
  /** A fault drill: while it returns true, every durable commit fails as on a full disk. */
  diskFull?: () => boolean;
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
  events: {
    subscribe(listener: (event: KioskEvent) => void, options?: KioskEventSubscription): () => void;
  };
  /**
   * The API for one screen other than the app's window (`api`): its own PIN lockout. The
   * transport names it (the browser shell from its token), never the caller.
   */
  apiFor(screen: string): KioskApi;
  /**
   * The one-time code for the first staff PIN, while the kiosk has none (null otherwise).
   * The caller prints it at start-up as `setup code: XXXX-XXXX` (the core logs it too).
   */
  setupCode: string | null;
  /** Bookings per outbox state, and how many queued ones are due (the update gate reads it). */
  outboxCounts(): OutboxCounts;
  /** A live staff session? Not renewed: a hub screen that polls must not keep one open. */
  isStaffSession(session: string): boolean;
  /** The receipt printer staff chose (or IT set, `printer`), read at each print; null: none. */
  receiptPrinter(): string | null;
  /** Counts and ages for IT's monitoring (metrics/), no customer data. */
  metrics(): CoreMetrics;
  close(): Promise<void>;
}

/** The core plus handles that tests and benchmarks drive directly. */
export interface KioskCoreInternals extends KioskCore {
  mirror: Pick<Mirror, 'step' | 'sweep' | 'requests' | 'requestsByKind'>;
  replayer: Pick<Replayer, 'runOnce' | 'recover' | 'sendDueNow'>;
  /** The job queue that sends the customer e-mails (null without a mail transport). */
  mail: { runOnce(): Promise<void>; recover(): number } | null;
  governor(): RateGovernor;
}
