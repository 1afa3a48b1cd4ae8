/**
 * The kiosk core: everything the kiosk does that is not UI (mirror, outbox, replay, local
 * engine), in plain Node. The Electron main process and the browser shell each create one and
 * adapt `api` to their transport. This file only wires the modules together, each value
 * declared before it is used.
 */
import {
  monotonicNow,
  systemClock,
  createLogger,
  serviceList,
  createDomainEvents,
} from './platform';
import {
  openKioskDbAtStart,
  checkpointKioskDb,
  DEFAULT_SNAPSHOT_DAYS,
  catalogKnows,
  openFollowUpsSummary,
  openKioskOutbox,
  createSqliteOutboxStore,
  createSqliteJobStore,
  type KioskOutboxEvents,
} from './db';
import { createJobQueue } from './jobs';
import { createStaffRoom, openStartSettings } from './staff';
import { createLocalEngine, createScreenApis } from './kiosk-engine';
import {
  subscribeWithSession,
  probeUpstream,
  watchUpstream,
  createStatusRoom,
  type StatusRoomEvents,
} from './status';
import { budgetLeft } from './governor';
import { coreMetricsSource, createKioskHealth, createSpeechVoices } from './metrics';
import {
  createHostApi,
  defaultHost,
  outboxCounts,
  type KioskHost,
  createMaintenance,
} from './host';
import { createMirror } from './mirror';
import { createAppointmentTime, createQueue } from './outbox';
import { watchBookedTimes, openUpstreamLinkAtStart } from './link';
import { createCustomerNotice, type NotifyEvents } from './notify';
import type { UpstreamEvents, UpstreamOutcome } from './upstream';
import { createKioskDay } from './owner-day';

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
  // A missing, emptied, rolled-back or damaged kiosk.db stops the start (db/integrity.ts).
  const opened = openKioskDbAtStart({
    dataDir: options.dataDir,
    migrationsFolder: options.migrationsFolder,
    log,
  });
  const db = opened.db;
  const { settings, logoUrl } = openStartSettings(db, options, log);

  const events = createDomainEvents<CoreEvents>(logFor('core:events'));
  // The one durable job queue (jobs/): the rooms define their kinds of jobs on it.
  const jobs = createJobQueue({ store: createSqliteJobStore(db), clock, log: logFor('core:jobs') });
  // A refused queued booking opens a follow-up and, with a mail transport, an e-mail (notify/).
  const notice = createCustomerNotice({
    db,
    clock,
    log: logFor('core:notify'),
    timeZone,
    settings,
    mail: options.mail,
    jobs,
    events,
  });
  const held = openKioskOutbox(db, createSqliteOutboxStore(db, notice.refusal), {
    clock,
    log: logFor('core:storage'),
    diskFull: options.diskFull,
    events,
  });
  const store = held.store;
  const link = await openUpstreamLinkAtStart({
    db,
    dataDir: options.dataDir,
    serverMigrationsFolder: options.serverMigrationsFolder,
    settings,
    clock,
    dispatcher: options.dispatcher,
    governor: options.governor,
    log: logFor('core:upstream'),
    events,
  });
  const appointmentTime = createAppointmentTime(clock, timeZone);
  // Every answer: the API's clock, then the tracker (which may say "back online"), metrics.
  events.on('upstream.answered', (meta) => appointmentTime.noteServerDate(meta.serverDate));
  const { hub, status, statusEvents } = createStatusRoom({
    events,
    upstreamKind: link.kind,
    clock,
    store,
    storageFull: held.full,
    refused: () => notice.openCount(),
    budget: () => budgetLeft(link.governor().snapshot(clock.now())),
    log,
    stateLog: logFor('core:status'),
  });
  const host = options.host ?? defaultHost(options.dataDir);
  // The owner's kiosk day: counts of the customers' walk, per hour (issue 41 part 3).
  const kioskDay = createKioskDay({ db, clock, timeZone, log: logFor('core:kiosk-day') });
  const speechVoices = createSpeechVoices();
  const health = createKioskHealth({
    db,
    dataDir: options.dataDir,
    now: () => clock.now(),
    update: () => host.appInfo().update.state,
    speechVoices: () => speechVoices.current(),
  });
  const metrics = coreMetricsSource({
    clock,
    monotonicNow: () => monotonicNow(clock),
    store,
    status: statusEvents.snapshot,
    offlineSince: () => status.offlineSince,
    openFollowUps: () => openFollowUpsSummary(db),
    governor: () => link.governor(),
    health: health.read,
    kioskDay: kioskDay.today,
  });
  events.on('upstream.answered', (meta) => metrics.noteAnswer(meta.receivedAt));
  // Every slot list the kiosk is answered is looked at: does this upstream keep booked times free?
  const bookedTimes = watchBookedTimes({
    db,
    store,
    clock,
    log: logFor('core:upstream'),
    link,
    events,
  });

  const { send, replayer } = createQueue({
    store,
    client: bookedTimes.client,
    clock,
    policy: options.replayPolicy,
    bookingTimeoutMs: options.bookingTimeoutMs,
    replayTimeoutMs: options.replayTimeoutMs,
    lookupTimeoutMs: options.lookupTimeoutMs,
    inCatalog: (request) => catalogKnows(db, request),
    appointmentPassed: (entry) => appointmentTime.passed(entry),
    settleWrite: (localId, patch) => held.settle(localId, patch),
    upstreamBlocksBookedTimes: bookedTimes.blocksBookedTimes,
    governor: link.governor,
    log: logFor('core:replay'),
    events,
  });
  events.on('upstream.keyRefused', () => replayer.pause());
  events.on('upstream.keyAccepted', () => replayer.resume());
  // What a background loop's request came to, for the status room (status/status-room.ts).
  const background = (what: string) => (outcome: UpstreamOutcome<unknown>) =>
    events.emit('upstream.outcome', { outcome, purpose: { kind: 'background', what } });
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
    onOutcome: background('mirror refresh'),
  });
  events.on('upstream.backOnline', () => replayer.wakeQueued());
  events.on('upstream.backOnline', () => mirror.poke());
  // A booking of this kiosk sent, queued or perhaps made leaves that day's lists stale: the
  // mirror brings their refresh forward (issue 37).
  events.on('booking.changed', ({ entry }) => {
    if (entry.state === 'sent' || entry.state === 'queued' || entry.state === 'unknown')
      mirror.noteBooked(entry.request);
  });
  const probe = probeUpstream({
    db,
    clock,
    client: bookedTimes.client,
    status,
    store,
    onOutcome: background('probe'),
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

  const { sessions, access, setupCode } = createStaffRoom({
    db,
    settings,
    clock,
    dataDir: options.dataDir,
    upstreamKind: link.kind,
    pinAttempts: options.pinAttempts,
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
    databaseHealth: health.checkDatabase,
    speechVoices: () => speechVoices.current(),
    bookedTimes: bookedTimes.report,
  });
  const { api, apiFor } = createScreenApis({
    shared: { ...engine.api, ...hostApi, ...speechVoices.api, ...notice.api, ...kioskDay.api },
    flowFor: kioskDay.forScreen,
    serviceMinutes: engine.serviceMinutes,
    held: engine.held,
    access,
    now: () => clock.now(),
    emit: (event) => hub.emit(event),
    log,
  });

  // nextAttemptAt is monotonic time, whose origin moved with the restart: all due now.
  store.wakeAll(monotonicNow(clock), { restart: true });
  replayer.recover();
  jobs.recover();
  const maintenance = createMaintenance({
    db,
    store,
    clock,
    log,
    retentionDays: () => settings.get().retentionDays,
    saveGovernor: link.saveGovernor,
    dataDir: options.dataDir,
    snapshotDays: options.snapshotDays ?? DEFAULT_SNAPSHOT_DAYS,
    others: () => [notice.retained, ...link.retained()],
  });
  maintenance.eraseDue();
  // Every background loop, in the order it starts (platform/services.ts); close stops them.
  const services = serviceList([
    replayer, // the booking queue
    mirror, // the catalog and slots
    probe, // offline: asks the API until it answers
    reach, // connections to the API's host, at no budget
    maintenance, // retention, WAL checkpoint, snapshots
    jobs, // the job queue: customer e-mails (with a mail transport)
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
    apiFor,
    setupCode,
    outboxCounts: () => outboxCounts(store, monotonicNow(clock)),
    isStaffSession: (session) => sessions.isLive(session),
    receiptPrinter: () => settings.get().printer,
    metrics: metrics.read,
    mirror,
    replayer,
    mail: notice.customerMail ? jobs : null,
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
