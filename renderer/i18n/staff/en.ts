/**
 * Strings only staff's screens use (Settings, bookings, follow-ups, today's view, the counter's
 * booking): English is bundled with the rest of English, the fallback of every key; the other
 * languages' are fetched when the staff area first opens in them (load.ts), not with the
 * customer's first screen (its first-load budget, bench/RESULTS.md).
 */
import { settingsEn } from '../settings/en';

export const staffEn = {
  settings: settingsEn,
  outbox: {
    erased: 'Customer details erased (retention period)',
    title: 'Bookings of this kiosk',
    empty: 'No bookings yet.',
    refresh: 'Refresh',
    retry: 'Retry',
    retried: 'Sent again: now {{state}}',
    discard: 'Discard',
    rebook: 'Rebook',
    // One form for every count: Polish, Ukrainian and Arabic have more plural forms than English.
    attempts: 'attempts: {{count}}',
    created: 'created {{time}}',
    reference: 'Ref. {{reference}}',
    with: 'with {{name}}',
    states: {
      queued: 'Queued',
      sending: 'Sending',
      sent: 'Sent',
      rejected: 'Rejected',
      unknown: 'Check by hand',
      quarantined: 'Unreadable (set aside)',
      discarded: 'Discarded',
    },
  },
  followUp: {
    count: 'Refused bookings that need a call or e-mail: {{count}}',
    phone: 'Phone',
    email: 'E-mail',
    contacted: 'Contacted',
    dismiss: 'Dismiss',
    states: { contacted: 'Customer contacted', dismissed: 'Dismissed' },
    mail: {
      none: 'No e-mail (no mail transport)',
      pending: 'E-mail waiting to be sent',
      claimed: 'E-mail being sent',
      sent: 'E-mail sent to the customer',
      failed: 'E-mail refused by the mail server: call the customer',
      uncertain: 'E-mail may not have been sent: call the customer',
    },
  },
  bookings: {
    search: 'Search',
    searchHint: 'Reference, appointment number or name',
    state: 'Show',
    filters: {
      all: 'All bookings',
      attention: 'Needs attention',
      followUp: 'Refused: contact the customer',
      only: 'Only: {{state}}',
    },
    noMatch: 'No booking matches.',
    reference: 'Reference',
    confirmDiscard: 'Discard this booking?',
    confirmYes: 'Yes, discard',
    confirmNo: 'Keep it',
    discarded: 'Booking {{reference}} discarded.',
    undo: 'Undo',
    rebookedAs: 'Booked again: {{reference}}',
  },
  glance: {
    title: 'Today at a glance',
    hint: 'Tap a free time to book it.',
    free: 'free',
    busy: 'busy',
    past: 'past',
    notKnown: 'Not known yet: the kiosk fetches this day within a few minutes.',
    closed: 'No one works this day: the shop is closed.',
    asOf: 'as of {{time}}',
    none: 'No employee is known yet.',
    cellFree: '{{time}}, {{name}}: free',
    off: 'Not working this day',
    titleOn: '{{date}} at a glance',
  },
  desk: {
    title: 'New booking',
    service: 'Service',
    day: 'Day',
    time: 'Time',
    customer: 'Customer',
    book: 'Book',
    booking: 'Booking…',
    enterHint: 'Enter books.',
    pickTime: 'Choose a time first.',
    booked: 'Booked: {{number}}',
    queued: 'Queued, reference {{reference}}: it is sent when the API answers.',
    rebooking: 'Booking again for {{name}}: the old time is taken, choose a new one.',
    rebooked: 'The rejected booking now links to this one.',
    notRebooked: 'Another customer: not linked to the rejected booking of {{name}}.',
    noSlots: 'Nothing free on {{date}}.',
    timeOn: 'Times on {{date}}',
    personOff: '{{name}} does not work on {{date}}. Choose another day or person.',
    personBusy: '{{name}} has nothing free on {{date}}. Choose another day or person.',
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language fills: the same keys, any strings. */
export type StaffText = DeepStrings<typeof staffEn>;
