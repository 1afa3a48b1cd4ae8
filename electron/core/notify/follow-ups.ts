/**
 * A queued booking that the API later refuses reaches the customer (issue 19):
 * - a refusal (an update to `rejected`, unless the customer heard it at the screen:
 *   `toldAtOnce`) opens a follow-up for staff and, with a mail transport, writes the customer's
 *   e-mail as a job of the queue (mail-job.ts), inside the entry's durable transaction (`refusalWrites`, the
 *   SQLite store's hook, db/outbox-store.ts; at most one mail per booking: its key);
 * - staff's list of bookings carries each one's follow-up and mail state (booking-admin.ts asks
 *   `withFollowUps`), and resolveFollowUp records what staff did ("Contacted", "Dismiss";
 *   "Rebook" is linkRebooking). The language a queued booking's follow-up keeps is written by
 *   the booking itself (booking/booking.ts, visit.ts).
 */
import type { Clock } from '../platform';
import { randomUUID } from 'node:crypto';
import { freeTimes } from '../../../shared/booking/free-times';
import { addDays, instantToWall } from '../../../shared/booking/time';
import type { KioskApi, LocalBooking } from '../../../shared/kiosk-api';
import { FollowUp } from '../../../shared/kiosk-data';
import { KioskFailure } from '../../../shared/result';
import type { Language } from '../../../shared/settings';
import {
  countOpenFollowUps,
  getFollowUp,
  listFollowUps,
  openFollowUp,
  setFollowUpState,
  loadService,
  kioskBlockersOn,
  loadDayLists,
  type KioskDb,
} from '../db';
import type { OutboxEntry } from '../outbox';
import { refusedAsTaken } from '../upstream';
import type { MailData } from './mail-job';
import { refusalMail } from './mail-text';
import { bookingReference } from '../../../shared/booking/reference';

export interface FollowUpOptions {
  db: KioskDb;
  clock: Clock;
  timeZone: string;
  /** The mail transport's sender domain for Message-IDs; null: no mail configured. */
  mailDomain: () => string | null;
  /** Writes the customer's e-mail as a job (inside the refusal's transaction), once per booking. */
  queueMail: (mail: MailData) => void;
  /** What staff see of each booking's e-mail (the mail jobs' states). */
  mailStates: (localIds: string[]) => Map<string, FollowUp['mail']>;
  /** The shop's default language (for a booking made before languages were kept). */
  defaultLanguage: () => Language;
  shop: () => { name: string | null; phone: string | null };
  /** Staff said what they did about a refused booking. */
  onResolved?: (localId: string) => void;
}

export interface FollowUps {
  /** Inside the refusal's transaction (db/outbox-store.ts): the follow-up and its e-mail. */
  refusalWrites: (entry: OutboxEntry) => { mailed: boolean };
  /** Each refused booking's follow-up and e-mail state, for staff's list. */
  withFollowUps(bookings: LocalBooking[]): LocalBooking[];
  /** What staff did ("Contacted", "Dismiss"; "Rebook" is linkRebooking). */
  resolveFollowUp: KioskApi['resolveFollowUp'];
  openCount(): number;
}

const NEXT_TIMES = 5;
const NEXT_DAYS = 7;

export function createFollowUps(options: FollowUpOptions): FollowUps {
  const { db, clock } = options;

  /**
   * Free times of the service with anyone from the cache, after now, the refused slot aside:
   * asked of the availability model (the kiosk's other bookings and refusals taken out).
   */
  function nextFreeTimes(entry: OutboxEntry): { date: string; time: string }[] {
    const now = instantToWall(clock.now(), options.timeZone);
    const found: { date: string; time: string }[] = [];
    for (let day = 0; day < NEXT_DAYS && found.length < NEXT_TIMES; day += 1) {
      const date = addDays(now.date, day);
      const { timeSlots } = freeTimes({
        date,
        durationMinutes: entry.hold.durationMinutes,
        ...loadDayLists(db, date, entry.request.serviceId),
        blockers: kioskBlockersOn(db, date),
      });
      for (const slot of timeSlots) {
        if (!slot.available || (date === now.date && slot.time <= now.time)) continue;
        if (date === entry.request.date && slot.time === entry.request.time) continue;
        found.push({ date, time: slot.time });
        if (found.length >= NEXT_TIMES) break;
      }
    }
    return found;
  }

  function refusalWrites(entry: OutboxEntry): { mailed: boolean } {
    const now = clock.now();
    const language = (getFollowUp(db, entry.localId)?.language ??
      options.defaultLanguage()) as Language;
    openFollowUp(db, entry.localId, language, now);
    const domain = options.mailDomain();
    if (domain === null || entry.erasedAt !== null) return { mailed: false };
    const shop = options.shop();
    const { subject, body } = refusalMail({
      language,
      customerName: entry.request.customer.name,
      shopName: shop.name,
      shopPhone: shop.phone,
      date: entry.request.date,
      time: entry.request.time,
      serviceName: loadService(db, entry.request.serviceId)?.title ?? null,
      reference: bookingReference(entry.localId),
      nextTimes: refusedAsTaken(entry.lastError) ? nextFreeTimes(entry) : [],
    });
    options.queueMail({
      localId: entry.localId,
      messageId: `<${randomUUID()}@${domain}>`,
      recipient: entry.request.customer.email,
      subject,
      body,
    });
    return { mailed: true };
  }

  return {
    refusalWrites,
    withFollowUps(bookings) {
      const ids = bookings.map((b) => b.localId);
      const followUps = new Map(listFollowUps(db, ids).map((f) => [f.localId, f]));
      const mails = options.mailStates(ids);
      return bookings.map((booking) => {
        const followUp = followUps.get(booking.localId);
        // A damaged follow-up row (issue 30) is left out, never a list the screen refuses;
        // a damaged mail job says "uncertain" (mail-job.ts): nobody knows whether it went.
        const state = FollowUp.shape.state.safeParse(followUp?.state);
        if (!state.success) return booking;
        return {
          ...booking,
          followUp: { state: state.data, mail: mails.get(booking.localId) ?? 'none' },
        };
      });
    },
    resolveFollowUp({ localId, action }) {
      const followUp = getFollowUp(db, localId);
      if (!followUp || followUp.state === 'waiting')
        return Promise.reject(new KioskFailure('invalid_request', 'this booking was not refused'));
      setFollowUpState(db, localId, action, clock.now());
      options.onResolved?.(localId);
      return Promise.resolve({
        localId,
        state: action,
        mail: options.mailStates([localId]).get(localId) ?? 'none',
      });
    },
    openCount: () => countOpenFollowUps(db),
  };
}
