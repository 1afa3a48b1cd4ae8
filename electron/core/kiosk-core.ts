/**
 * The kiosk core: everything the kiosk does that is not UI (mirror, outbox, replay, local
 * engine), in plain Node. The Electron main process and the browser shell each create one and
 * adapt `api` to their transport. This file only wires the modules together, each value
 * declared before it is used.
 */
import { join } from 'node:path';
import {
  monotonicNow,
  systemClock,
  secureDataFolder,
  createLogger,
  serviceList,
  createDomainEvents,
} from './platform';
import {
  databaseHealth,
  openCheckedKioskDb,
  checkpointKioskDb,
  DEFAULT_SNAPSHOT_DAYS,
  classifyStartError,
  KioskStartRefusal,
  catalogHas,
  openFollowUpsSummary,
  openKioskOutbox,
  createSqliteOutboxStore,
  type KioskOutboxEvents,
} from './db';
import {
  createSqlitePinAttemptStore,
  createSettingsService,
  APP_SCREEN,
  createStaffAccess,
  type UnguardedApi,
  createStaffCalls,
  createFileSecretStore,
  keyCopyNote,
  readShopLogo,
  staffCodesAtStart,
  createStaffSessions,
} from './staff';
import { createLocalEngine } from './kiosk-engine';
import {
  createEventHub,
  subscribeWithSession,
  backgroundNotes,
  createOutcomeNotes,
  probeUpstream,
  watchUpstream,
  createStatusEvents,
  SyncStatusTracker,
  statusListens,
  type StatusRoomEvents,
} from './status';
import { createScreenHolds } from './booking';
import { budgetLeft } from './governor';
import {
  coreMetricsSource,
  backupAgeSeconds,
  integrityVerdict,
  newestBackupAt,
  createSpeechVoices,
} from './metrics';
import {
  createHostApi,
  defaultHost,
  outboxCounts,
  type KioskHost,
  createMaintenance,
} from './host';
import { createMirror } from './mirror';
import { createAppointmentTime, createReplayer, createSendPath } from './outbox';
import { watchBookedTimes, openUpstreamLink } from './link';
import { createCustomerNotice, type NotifyEvents } from './notify';
import type { UpstreamEvents } from './upstream';

import type { KioskCore, KioskCoreInternals, KioskCoreOptions } from './kiosk-core-types';

/** Every domain event of the core (platform/domain-events.ts), each declared by its room. */
type CoreEvents = KioskOutboxEvents & UpstreamEvents & NotifyEvents & StatusRoomEvents;

export type { KioskCore, KioskCoreInternals, KioskCoreOptions, KioskHost };

export async function createKioskCore(options: KioskCoreOptions): Promise<KioskCore> {
  return createKioskCoreInternals(options);
}

export async function createKioskCoreInternals(
  options: KioskCoreOptions,
): Promise<KioskCoreInternals> {
  const logFor = (prefix: string) => createLogger(prefix, { sink: options.logSink });
  const log = logFor('core');
  const clock = options.clock ?? systemClock;
  const timeZone = options.timeZone ?? 'Europe/Berlin';
  secureDataFolder(options.dataDir, { log });
  // A missing, emptied, rolled-back or damaged kiosk.db stops the start (db/integrity.ts).
  const opened = openCheckedKioskDb({
    dataDir: options.dataDir,
    migrationsFolder: options.migrationsFolder,
    log,
  });
  if (!opened.ok) throw new KioskStartRefusal(opened.refusal);
  const db = opened.db;
  const secrets =
    options.secretStore ?? createFileSecretStore(join(options.dataDir, 'api-key.secret'));
  // A logo IT named but the kiosk cannot use is logged, not fatal: the shop runs without one.
  const logoFile = options.shop?.logoFile;
  const logo = logoFile === undefined ? null : readShopLogo(logoFile);
  if (logo && !logo.ok) log.warn('shop logo not used', { path: logoFile, reason: logo.reason });
  const logoUrl = logo?.ok ? logo.dataUrl : null;
  const settings = createSettingsService(db, secrets, { it: options, shopLogoSet: !!logoUrl });
  settings.override(options);
  if (options.apiKeyFile !== undefined && options.apiKey) {
    const note = keyCopyNote(options.apiKeyFile, secrets);
    if (note !== null) log.info(note);
  }

  const events = createDomainEvents<CoreEvents>(logFor('core:events'));
  // A refused queued booking opens a follow-up and, with a mail transport, an e-mail (notify/).
  const notice = createCustomerNotice({
    db,
    clock,
    log: logFor('core:notify'),
    timeZone,
    settings,
    mail: options.mail,
    events,
  });
  const held = openKioskOutbox(db, createSqliteOutboxStore(db, notice.refusal), {
    clock,
    log: logFor('core:storage'),
    diskFull: options.diskFull,
    events,
  });
  const store = held.store;
  const link = await openUpstreamLink({
    db,
    dataDir: options.dataDir,
    serverMigrationsFolder: options.serverMigrationsFolder,
    settings,
    clock,
    dispatcher: options.dispatcher,
    governor: options.governor,
    bookingLanguage: notice.bookingLanguage,
    log: logFor('core:upstream'),
    events,
  }).catch((error: unknown) => {
    db.$client.close();
    // The embedded server's database on a full disk says "disk I/O error": say "disk full".
    const refusal = classifyStartError(error, options.dataDir);
    throw refusal.reason === 'disk-full' ? new KioskStartRefusal(refusal) : error;
  });
  const hub = createEventHub(log);
  const status = new SyncStatusTracker(link.kind, () => monotonicNow(clock));
  const statusEvents = createStatusEvents({
    status,
    store,
    events: hub,
    storageFull: held.full,
    refused: () => notice.openCount(),
    budget: () => budgetLeft(link.governor().snapshot(clock.now())),
    log: logFor('core:status'),
    now: () => clock.now(),
  });
  const host = options.host ?? defaultHost(options.dataDir);
  const speechVoices = createSpeechVoices();
  const integrity = integrityVerdict();
  const metrics = coreMetricsSource({
    clock,
    monotonicNow: () => monotonicNow(clock),
    store,
    status: statusEvents.snapshot,
    offlineSince: () => status.offlineSince,
    openFollowUps: () => openFollowUpsSummary(db),
    governor: () => link.governor(),
    health: () => ({
      backupAgeSeconds: backupAgeSeconds(newestBackupAt(options.dataDir), clock.now()),
      databaseChecks: { start: true, integrity: integrity.passed() },
      update: host.appInfo().update.state,
      speechVoices: speechVoices.current(),
    }),
  });
  const appointmentTime = createAppointmentTime(clock, timeZone);
  // Every answer: metrics, the API's clock, then the tracker (which may say "back online").
  events.on('upstream.answered', (meta) => metrics.noteAnswer(meta.receivedAt));
  events.on('upstream.answered', (meta) => appointmentTime.noteServerDate(meta.serverDate));
  statusListens(events, status, statusEvents);
  const noteOutcome = createOutcomeNotes(status, () => clock.now());
  // Every slot list the kiosk is answered is looked at: does this upstream keep booked times free?
  const bookedTimes = watchBookedTimes({ db, store, clock, log: logFor('core:upstream'), link });

  const send = createSendPath({
    store,
    client: bookedTimes.client,
    clock,
    policy: options.replayPolicy,
    bookingTimeoutMs: options.bookingTimeoutMs,
    replayTimeoutMs: options.replayTimeoutMs,
    lookupTimeoutMs: options.lookupTimeoutMs,
    inCatalog: (request) => catalogHas(db, request),
    onOutcome: (outcome, purpose) => noteOutcome(outcome, { kind: purpose }),
    appointmentPassed: (entry) => appointmentTime.passed(entry),
    settleWrite: (localId, patch) => held.settle(localId, patch),
    upstreamBlocksBookedTimes: bookedTimes.blocksBookedTimes,
  });
  const replayer = createReplayer({
    log: logFor('core:replay'),
    store,
    send,
    governor: link.governor,
    clock,
    onChange: (entry) => events.emit('booking.changed', { entry }),
    // The tracker already heard the refused key (send path -> outcome-status.ts).
    onPause: (error) => events.emit('replay.paused', { error }),
  });
  const noteBackground = backgroundNotes({
    noteOutcome,
    pauseQueue: () => replayer.pause(),
    emitStatus: statusEvents.emitStatus,
  });
  const mirror = createMirror({
    log: logFor('core:mirror'),
    db,
    client: bookedTimes.client,
    governor: link.governor,
    clock,
    timeZone,
    mirrorDays: options.mirrorDays ?? 7,
    openingHours: options.openingHours,
    policy: options.mirrorPolicy,
    enabled: () => !status.paused,
    onOutcome: noteBackground('mirror refresh'),
  });
  events.on('outbox.due', () => replayer.poke());
  events.on('upstream.backOnline', () => replayer.wakeQueued());
  events.on('upstream.backOnline', () => mirror.poke());
  const probe = probeUpstream({
    db,
    clock,
    client: bookedTimes.client,
    status,
    store,
    onOutcome: noteBackground('probe'),
  });

  const reach = watchUpstream({ clock, link, status, statusEvents, probe });

  const engine = createLocalEngine({
    db,
    store,
    clock,
    timeZone,
    log,
    events,
    client: bookedTimes.client,
    status,
    noteOutcome,
    statusEvents,
    settings,
    send,
    replayer,
    mirror,
    probe,
    link,
    notice,
    freshness: options.freshness,
    lookupTimeoutMs: options.lookupTimeoutMs,
    offlineProbeMs: options.offlineProbeMs,
    storage: held,
  });

  const sessions = createStaffSessions({
    now: () => clock.now(),
    idleMs: () => settings.get().staffIdleTimeoutSec * 1000,
  });
  const { setupCode, recoveryCode } = staffCodesAtStart(settings.hasPin(), options.dataDir, log);
  const access = createStaffAccess({
    settings,
    sessions,
    now: () => clock.now(),
    upstreamKind: link.kind,
    setupCode: () => setupCode,
    recoveryCode: () => recoveryCode,
    pinAttempts: options.pinAttempts,
    pinAttemptStore: createSqlitePinAttemptStore(db),
    log,
  });
  const hostApi = createHostApi({
    host,
    clock,
    timeZone,
    log,
    settings,
    access,
    store,
    logoUrl,
    customerMail: notice.customerMail,
    accessDefaults: options.access,
    upstreamKind: link.kind,
    syncStatus: statusEvents.snapshot,
    databaseHealth: () => {
      const health = databaseHealth(db, options.dataDir);
      integrity.note(health.integrityCheck);
      return health;
    },
    speechVoices: () => speechVoices.current(),
    bookedTimes: bookedTimes.report,
  });
  const shared = { ...engine.api, ...hostApi, ...speechVoices.api, ...notice.api };
  // Each screen's own hold (issue 28): the app's window is the screen `app`, as for its lockout.
  const holds = createScreenHolds({ now: () => clock.now(), minutesOf: engine.serviceMinutes });
  // Calls for help are per caller (rate limit, one open call each): each screen's API its own.
  const staffCalls = createStaffCalls({
    now: () => clock.now(),
    emit: (event) => hub.emit(event),
    log,
  });
  const unguardedFor = (screen: string): UnguardedApi => ({
    ...holds.forScreen(shared, screen),
    ...staffCalls.api(screen),
  });
  const api = access.guard(unguardedFor(APP_SCREEN));

  // nextAttemptAt is monotonic time, whose origin moved with the restart: all due now.
  store.wakeAll(monotonicNow(clock), { restart: true });
  replayer.recover();
  notice.sender?.recover();
  const maintenance = createMaintenance({
    db,
    store,
    clock,
    log,
    retentionDays: () => settings.get().retentionDays,
    saveGovernor: link.saveGovernor,
    dataDir: options.dataDir,
    snapshotDays: options.snapshotDays ?? DEFAULT_SNAPSHOT_DAYS,
    others: () => {
      const embedded = link.embedded();
      return embedded
        ? [
            notice.retained,
            {
              name: 'embedded server',
              eraseBefore: (cutoff: number) => embedded.eraseCustomerDataBefore(cutoff),
            },
          ]
        : [notice.retained];
    },
  });
  maintenance.eraseDue();
  // Every background loop, in the order it starts (platform/services.ts); close stops them.
  const services = serviceList([
    replayer, // the booking queue
    mirror, // the catalog and slots
    probe, // offline: asks the API until it answers
    reach, // connections to the API's host, at no budget
    maintenance, // retention, WAL checkpoint, snapshots
    notice.sender, // customer e-mails (with a mail transport)
  ]);
  if (options.autoStart ?? true) services.start();

  let closing: Promise<void> | null = null;
  return {
    api,
    events: {
      subscribe: (listener, subscription) =>
        subscribeWithSession(
          hub,
          (session) => sessions.isLive(session),
          listener,
          subscription?.session,
        ),
    },
    apiFor: (screen) => access.guard(unguardedFor(screen), screen),
    setupCode,
    outboxCounts: () => outboxCounts(store, monotonicNow(clock)),
    isStaffSession: (session) => sessions.isLive(session),
    receiptPrinter: () => settings.get().printer,
    metrics: metrics.read,
    mirror,
    replayer,
    mail: notice.sender,
    governor: link.governor,
    close() {
      closing ??= (async () => {
        sessions.endAll();
        held.stop();
        await services.stop();
        link.saveGovernor();
        checkpointKioskDb(db);
        await link.close();
        await opened.marker.settled();
        db.$client.close();
      })();
      return closing;
    },
  };
}
