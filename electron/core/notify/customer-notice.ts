/**
 * Wires the follow-ups of refused bookings (follow-ups.ts) and, where IT configured a mail
 * transport, the customer e-mails (a kind of job of the core's queue, mail-job.ts) into the
 * core: kiosk-core.ts hands the SQLite store its refusal's writes, the API its handler and the
 * booking features their follow-up states; the queue runs the e-mails.
 */
import type { KioskApi } from '../../../shared/kiosk-api';
import type { Language } from '../../../shared/settings';
import type { Clock, DomainEvents, Logger } from '../platform';
import {
  type KioskDb,
  eraseNoticesOfErasedBookings,
  type RefusalWrites,
  type KioskOutboxEvents,
} from '../db';
import type { SettingsService } from '../staff';
import type { RetainedStore } from '../outbox';
import { createFollowUps, type FollowUps } from './follow-ups';
import type { MailTransportConfig } from '../config';
import type { JobQueue } from '../jobs';
import { createMailJob, MAIL_JOB, mailDomain, mailStateOf } from './mail-job';

export interface CustomerNoticeOptions {
  db: KioskDb;
  clock: Clock;
  log: Logger;
  timeZone: string;
  settings: Pick<SettingsService, 'get'>;
  mail: MailTransportConfig | undefined;
  /** The core's job queue: the e-mails are jobs on it (defined here with a mail transport). */
  jobs: Pick<JobQueue, 'define' | 'list'>;
  events: DomainEvents<NotifyEvents & Pick<KioskOutboxEvents, 'booking.refused'>>;
}

/** The domain events of the notify room (platform/domain-events.ts). */
export interface NotifyEvents {
  /** Staff said what they did about a refused booking (the status's count of refused ones). */
  'followUp.resolved': { localId: string };
}

export interface CustomerNotice {
  /** What a refusal writes with its entry: the SQLite store's hook (db/outbox-store.ts). */
  refusal: RefusalWrites;
  /** The notify room's part of the API: what staff did about a refused booking. */
  api: Pick<KioskApi, 'resolveFollowUp'>;
  /** Each refused booking's follow-up and e-mail state, for staff's list (booking-admin.ts). */
  withFollowUps: FollowUps['withFollowUps'];
  /** Whether the customer may be written to (a mail transport is configured). */
  customerMail: boolean;
  /** Refused bookings staff have yet to act on (the status bar's count). */
  openCount(): number;
  /**
   * For retention, after the bookings' erasure: their e-mails and follow-ups lose the
   * customer's data too (the mail's key stays, so it is never sent twice).
   */
  retained: RetainedStore;
}

export function createCustomerNotice(options: CustomerNoticeOptions): CustomerNotice {
  const { mail, jobs } = options;
  // Enqueueing pokes the queue (a timer: the refusal's transaction commits first).
  const mails = mail ? jobs.define(createMailJob({ config: mail, log: options.log })) : null;
  const shopLanguage = (): Language => options.settings.get().language ?? 'de';
  const followUps = createFollowUps({
    db: options.db,
    clock: options.clock,
    timeZone: options.timeZone,
    mailDomain: () => (mail ? mailDomain(mail.from) : null),
    queueMail: (data) => mails?.enqueue(data, { key: data.localId }),
    mailStates: (localIds) =>
      new Map(jobs.list(MAIL_JOB, localIds).map((job) => [job.key ?? '', mailStateOf(job)])),
    defaultLanguage: shopLanguage,
    shop: () => {
      const { name, phone } = options.settings.get().shop;
      return { name, phone };
    },
    onResolved: (localId) => options.events.emit('followUp.resolved', { localId }),
  });
  return {
    refusal: { write: followUps.refusalWrites, events: options.events },
    api: { resolveFollowUp: followUps.resolveFollowUp },
    withFollowUps: (bookings) => followUps.withFollowUps(bookings),
    customerMail: mail !== undefined,
    openCount: () => followUps.openCount(),
    retained: {
      name: 'customer e-mails and follow-ups',
      eraseBefore: (cutoff) =>
        eraseNoticesOfErasedBookings(options.db, MAIL_JOB, cutoff, options.clock.now()),
    },
  };
}
