/**
 * The staff list from two sources that can cross: a `listBookings` answer (computed when the
 * core read it) and booking events (each sent as the core writes). A list that was read while
 * a booking was `sending` can arrive after that booking's `sent` event; it must not put it back.
 * The newer version of each booking wins by `updatedAt`; at the same instant, the one already
 * shown (an event's) stays. Only lists carry the follow-up, so a kept event takes the list's.
 * A booking that is new since the list was read is in no list yet: one that arrived by event
 * while the list was under way stays, first, as an event puts it.
 */
import type { LocalBooking } from '../../shared/kiosk-api';

export function mergeList(
  current: readonly LocalBooking[] | null,
  list: readonly LocalBooking[],
  arrivedMeanwhile: ReadonlySet<string> = new Set(),
): LocalBooking[] {
  const known = new Map(current?.map((booking) => [booking.localId, booking]));
  const listed = new Set(list.map((booking) => booking.localId));
  const newer = (current ?? []).filter(
    (booking) => arrivedMeanwhile.has(booking.localId) && !listed.has(booking.localId),
  );
  return [
    ...newer,
    ...list.map((listed) => {
      const shown = known.get(listed.localId);
      return shown && shown.updatedAt >= listed.updatedAt
        ? { ...shown, followUp: listed.followUp ?? shown.followUp }
        : listed;
    }),
  ];
}

/** Which bookings arrived by event while each list read was under way. */
export interface ListReads {
  /** Starts a read; calling what it returns ends it and gives the ids that arrived meanwhile. */
  begin(): () => ReadonlySet<string>;
  /** A booking event arrived. */
  saw(localId: string): void;
}

export function createListReads(): ListReads {
  const open = new Set<Set<string>>();
  return {
    begin() {
      const seen = new Set<string>();
      open.add(seen);
      return () => {
        open.delete(seen);
        return seen;
      };
    },
    saw(localId) {
      for (const seen of open) seen.add(localId);
    },
  };
}

/** One booking from an event into the list: new ones first; an older version never replaces a newer. */
export function upsertBooking(
  current: readonly LocalBooking[] | null,
  next: LocalBooking,
): LocalBooking[] {
  const shown = current?.find((booking) => booking.localId === next.localId);
  if (!shown) return [next, ...(current ?? [])];
  if (shown.updatedAt > next.updatedAt) return [...(current ?? [])];
  return (current ?? []).map((booking) =>
    booking.localId === next.localId
      ? { ...next, followUp: next.followUp ?? booking.followUp } // events carry none
      : booking,
  );
}
