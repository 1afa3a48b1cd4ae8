/** The domain events of the outbox (platform/domain-events.ts): who emits them is named on each. */
import type { LocalError } from '../upstream';
import type { OutboxEntry } from './entry';

export interface OutboxEvents {
  /**
   * An entry changed: sent, queued, refused, retried, discarded or its held answer written
   * (booking/, the replayer, db/kiosk-outbox.ts). The status bar and the screens hear it.
   */
  'booking.changed': { entry: OutboxEntry };
  /**
   * A lone online booking refused while the customer waited was dropped from the outbox
   * (booking/): no entry is left to show, but the status bar's counts moved.
   */
  'booking.dropped': { localId: string };
  /** The API refused our key: the replayer paused the queue (the status shows it). */
  'replay.paused': { error: LocalError };
  /** The disk under the outbox turned full, or took writes again (held-writes.ts). */
  'storage.changed': { full: boolean };
  /** Queued bookings may be due now (held answers written, space back): the replayer looks. */
  'outbox.due': Record<string, never>;
  /**
   * The API answered a lost answer's re-send with a booking of a time it had just listed taken:
   * it answered our first booking again, so it honours the Idempotency-Key (send.ts). The
   * booked-times watch keeps when it last saw that (link/booked-times-watch.ts).
   */
  'booking.keyHonoured': { localId: string; at: number };
}
