/**
 * The kiosk contract's data: catalog, days and slots with their freshness, local bookings and
 * the sync status. The method table that uses them is in kiosk-api.ts.
 */
import { z } from 'zod';
import {
  AvailableDaysSchema,
  BookingRequestSchema,
  BookingResponseSchema,
  EmployeeSchema,
  ServiceSchema,
  TimeSlotsSchema,
} from './api/schemas';
import { BOOKING_STATE_NAMES } from './booking/booking-states';

/** An id as the kiosk's methods take it (the API's ids are opaque strings). */
export const Id = z.string().trim().min(1).max(100);

/** Where an answer came from: the API just now, or the local mirror (with its fetch time). */
export const Freshness = z.object({
  source: z.enum(['live', 'cache']),
  asOf: z.string().nullable(), // ISO instant of the fetch; null when never fetched
});

export const Catalog = z.object({
  services: z.array(ServiceSchema),
  employees: z.array(EmployeeSchema),
  ...Freshness.shape,
});
export type Catalog = z.infer<typeof Catalog>;

export const AvailableDaysResult = AvailableDaysSchema.extend({
  ...Freshness.shape,
  /**
   * Days of the month (service given) whose time slots this kiosk has stored with a free slot:
   * the days a customer can book while the API cannot be reached.
   */
  bookableOffline: z.array(z.number().int().min(1).max(31)).optional(),
});
export type AvailableDaysResult = z.infer<typeof AvailableDaysResult>;

export const TimeSlotsResult = TimeSlotsSchema.extend(Freshness.shape);
export type TimeSlotsResult = z.infer<typeof TimeSlotsResult>;

/** The booking states are the rows of shared/booking/booking-states.ts: a new state is a row there. */
export const LocalBookingState = z.enum(BOOKING_STATE_NAMES);
export type LocalBookingState = z.infer<typeof LocalBookingState>;

export const LocalBookingError = z.object({
  status: z.number().int().nullable(), // HTTP status, null for a network failure
  message: z.string(),
});

/**
 * The message of a booking the API refused because its time was taken, whatever status it
 * said so with (electron/core/upstream/outcome-table.ts): staff's list shows it in their
 * language, the customer's e-mail offers other times.
 */
export const SLOT_TAKEN_REFUSAL = 'the time was taken by another booking first';

/** The short code the customer was shown (bookingReference in shared/booking/reference.ts). */
export const BookingReference = z.string().min(1).max(32);

/**
 * A refused booking staff must act on (`open`) or did (`contacted`, `dismissed`), and the
 * e-mail to the customer: `none` (no mail transport), `pending`, `sent`, `failed` (the server
 * refused it), `uncertain` (the kiosk stopped while sending it: it is never sent twice).
 */
export const FollowUp = z.object({
  state: z.enum(['open', 'contacted', 'dismissed']),
  mail: z.enum(['none', 'pending', 'claimed', 'sent', 'failed', 'uncertain']),
});
export type FollowUp = z.infer<typeof FollowUp>;

export const LocalBooking = z.object({
  localId: z.string(),
  reference: BookingReference,
  state: LocalBookingState,
  request: BookingRequestSchema,
  booking: BookingResponseSchema.nullable(),
  lastError: LocalBookingError.nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The customer's personal data was erased after the retention period (placeholders remain). */
  erased: z.boolean(),
  /** A rejected booking staff booked again (linkRebooking): the new booking's localId. */
  rebookedAs: z.string().nullable().optional(),
  /** Several services in one visit: the bookings of one visit share this id (null: alone). */
  visitId: z.string().nullable().optional(),
  /** A queued booking the API refused later: what staff did about it, and the customer's e-mail. */
  followUp: FollowUp.optional(),
});
export type LocalBooking = z.infer<typeof LocalBooking>;

/**
 * The booking as the customer screen may show it: the customer is what they typed (name,
 * e-mail), never the API's stored record of a returning customer (their number, an older name).
 */
export const CustomerBooking = BookingResponseSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type CustomerBooking = z.infer<typeof CustomerBooking>;

export const CreateBookingResult = z.object({
  localId: z.string(),
  reference: BookingReference,
  state: LocalBookingState,
  booking: CustomerBooking.nullable(),
});
export type CreateBookingResult = z.infer<typeof CreateBookingResult>;

export const RateLimitState = z.object({
  limit: z.number(),
  remaining: z.number(),
  resetAt: z.string(), // ISO instant
});

/** What is left of one rate window of the API key, as the kiosk counts it now (issue 28). */
const BudgetWindow = z.object({ limit: z.number(), remaining: z.number() });

export const SyncStatus = z.object({
  online: z.boolean(),
  mode: z.enum(['enabled', 'offline', 'paused']), // paused: the API refused our key (401/403)
  lastSyncAt: z.string().nullable(),
  queued: z.number().int(),
  unknown: z.number().int(), // bookings staff must check by hand
  /** Queued bookings the API refused later that staff have yet to act on (issue 19). */
  refused: z.number().int().optional(),
  rateLimit: RateLimitState.nullable(),
  /**
   * Requests left this minute and today, counted when the status is read (the kiosk's own
   * sends in each rolling window against the limits the API's headers taught it), so it is
   * never stale between requests the way `rateLimit` (the last answer's header) is.
   */
  budget: z.object({ minute: BudgetWindow, day: BudgetWindow }).optional(),
  clockSkewMs: z.number().nullable(), // API Date header minus our clock
  lastError: z.string().nullable(),
  upstream: z.enum(['embedded', 'remote']),
  /**
   * While offline, why the last try failed, for the UI to say in plain words: `connect` (no
   * connection), `timeout` (no answer in time), `reset` (connection cut), `other`.
   */
  offlineReason: z.enum(['connect', 'timeout', 'reset', 'other']).optional(),
  /**
   * `full`: the last write to the kiosk's database failed for lack of disk space (bookings
   * cannot be stored until space is freed); absent or `ok` otherwise.
   */
  storage: z.enum(['ok', 'full']).optional(),
  /** The API answers, but with 5xx (this one last): "the API has problems", not online. */
  problemStatus: z.number().int().optional(),
  /**
   * `false` while nothing is known of the API since the kiosk started (or was pointed at another
   * one): no answer yet and no failed connection. Neither online nor offline; absent once known.
   */
  known: z.literal(false).optional(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** What one "Sync now" did: the UI says it in the staff's language. */
export const SyncReport = z.object({
  /** online: the API answered; offline: it cannot be reached; key_refused: 401/403. */
  result: z.enum(['online', 'offline', 'key_refused']),
  /** Bookings this sync sent. */
  sent: z.number().int(),
  /** Bookings still waiting to be sent afterwards. */
  stillQueued: z.number().int(),
});
export type SyncReport = z.infer<typeof SyncReport>;
