/**
 * Wires the follow-ups of refused bookings (follow-ups.ts) and, where IT configured a mail
 * transport, the sender of the customer e-mails (mail-sender.ts) into the core: kiosk-core.ts
 * hands the SQLite store its refusal's writes, the API its handler and the booking features
 * their language and follow-up states, and starts and stops the sender with its loops.
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
import { createBookingLanguage, type BookingLanguage } from './booking-language';
import { createFollowUps, type FollowUps } from './follow-ups';
import type { MailTransportConfig } from '../config';
import { createMailSender, mailDomain, type MailSender } from './mail-sender';

export interface CustomerNoticeOptions {
  db: KioskDb;
  clock: Clock;
  log: Logger;
  timeZone: string;
  settings: Pick<SettingsService, 'get'>;
  mail: MailTransportConfig | undefined;
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
  /** Runs a booking the customer waits for in their language (booking-language.ts). */
  inLanguage: BookingLanguage['during'];
  /** Whether the customer may be written to (a mail transport is configured). */
  customerMail: boolean;
  /** The mail sender; null without a mail transport. */
  sender: MailSender | null;
  /** The language to send a booking in, by its Idempotency-Key (booking-language.ts). */
  bookingLanguage: (idempotencyKey: string) => string;
  /** Refused bookings staff have yet to act on (the status bar's count). */
  openCount(): number;
  /**
   * For retention, after the bookings' erasure: their e-mails and follow-ups lose the
   * customer's data too (the mail's key stays, so it is never sent twice).
   */
  retained: RetainedStore;
}

export function createCustomerNotice(options: CustomerNoticeOptions): CustomerNotice {
  const { mail } = options;
  const sender = mail
    ? createMailSender({ db: options.db, clock: options.clock, log: options.log, config: mail })
    : null;
  const shopLanguage = (): Language => options.settings.get().language ?? 'de';
  const language = createBookingLanguage({ db: options.db, shopLanguage });
  // A mail was written with the refusal: the sender looks now.
  options.events.on('booking.refused', ({ mailed }) => {
    if (mailed) sender?.poke();
  });
  const followUps = createFollowUps({
    db: options.db,
    clock: options.clock,
    timeZone: options.timeZone,
    mailDomain: () => (mail ? mailDomain(mail.from) : null),
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
    inLanguage: (chosen, fn) => language.during(chosen, fn),
    customerMail: mail !== undefined,
    sender,
    bookingLanguage: language.forKey,
    openCount: () => followUps.openCount(),
    retained: {
      name: 'customer e-mails and follow-ups',
      eraseBefore: (cutoff) =>
        eraseNoticesOfErasedBookings(options.db, cutoff, options.clock.now()),
    },
  };
}
