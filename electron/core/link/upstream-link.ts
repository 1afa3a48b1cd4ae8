/**
 * The kiosk's link to its upstream: the target the settings name, the rate governor kept for
 * that target (governor-store.ts) and the HTTP client. Loops and the engine read `client()` and
 * `governor()` at each use, so a re-target reaches them at once.
 */
import type { Dispatcher } from 'undici';
import type { Clock, DomainEmitter, Logger } from '../platform';
import { classifyStartError, KioskStartRefusal, type KioskDb } from '../db';
import type { RetainedStore } from '../outbox';
import type { EmbeddedUpstream } from './embedded';
import type { SettingsService } from '../staff';
import type { GovernorOptions, RateGovernor } from '../governor';
import { createGovernorStore } from './governor-store';
import { createUpstreamClient, type UpstreamClient, type UpstreamEvents } from '../upstream';
import { createUpstreamTarget, type UpstreamTargetRef } from './upstream-target';

export interface UpstreamLink {
  client: () => UpstreamClient;
  governor: () => RateGovernor;
  kind: () => 'embedded' | 'remote';
  /** Where the upstream is now (null before the first resolve). */
  target: () => UpstreamTargetRef | null;
  embedded: () => EmbeddedUpstream | null;
  /** For retention: the embedded server's customer data, when the kiosk runs one. */
  retained: () => RetainedStore[];
  /** Follows a settings change: new target, a client for it, the governor kept for it. */
  retarget: () => Promise<void>;
  saveGovernor: () => void;
  close: () => Promise<void>;
}

export interface UpstreamLinkOptions {
  db: KioskDb;
  dataDir: string;
  serverMigrationsFolder?: string;
  settings: SettingsService;
  clock: Clock;
  dispatcher?: Dispatcher;
  governor?: Partial<GovernorOptions>;
  log: Logger;
  /** Hears every answer's headers (clock skew, rate limit, back online). */
  events: DomainEmitter<UpstreamEvents>;
}

/** Resolves the target first: a failure (the embedded server cannot start) is thrown. */
export async function openUpstreamLink(options: UpstreamLinkOptions): Promise<UpstreamLink> {
  const target = createUpstreamTarget(options);
  const governors = createGovernorStore({
    db: options.db,
    clock: options.clock,
    options: options.governor,
    target: target.current,
  });
  const makeClient = (): UpstreamClient =>
    createUpstreamClient({
      log: options.log,
      target: target.current,
      governor: governors.current(),
      clock: options.clock,
      dispatcher: options.dispatcher,
      onAnswer: (meta) => options.events.emit('upstream.answered', meta),
    });
  await target.resolve();
  governors.renew();
  let client = makeClient();
  return {
    client: () => client,
    governor: governors.current,
    kind: target.kind,
    target: target.current,
    embedded: target.embedded,
    retained() {
      const embedded = target.embedded();
      if (!embedded) return [];
      const eraseBefore = (cutoff: number) => embedded.eraseCustomerDataBefore(cutoff);
      return [{ name: 'embedded server', eraseBefore }];
    },
    async retarget() {
      governors.save();
      await target.resolve();
      await client.close();
      governors.renew();
      client = makeClient();
    },
    saveGovernor: governors.save,
    async close() {
      await client.close();
      await target.close();
    },
  };
}

/**
 * The link as a start opens it: a failure closes the kiosk's database (the start is over), and
 * the embedded server's database on a full disk ("disk I/O error") is refused as "disk full".
 */
export async function openUpstreamLinkAtStart(
  options: UpstreamLinkOptions & { dataDir: string },
): Promise<UpstreamLink> {
  try {
    return await openUpstreamLink(options);
  } catch (error) {
    options.db.$client.close();
    const refusal = classifyStartError(error, options.dataDir);
    throw refusal.reason === 'disk-full' ? new KioskStartRefusal(refusal) : error;
  }
}
