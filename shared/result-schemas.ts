/**
 * The zod schemas of a Result's error (shared/result.ts), apart from it: the renderer's first
 * load uses `fail` and `assertNever` without building zod (the contract's chunk builds these).
 */
import { z } from 'zod';

export const ErrorCode = z.enum([
  'invalid_input', // the caller's input failed the contract's schema
  'invalid_request', // the API refused the request as malformed or not bookable (400)
  'not_found', // unknown service, employee or local booking (404)
  'slot_taken', // the slot is held or booked already (409, or a local hold)
  'unauthorized', // missing or wrong kiosk token / staff PIN
  'config', // the kiosk is misconfigured (API key refused, clock skew)
  'unavailable', // the data is neither live nor cached
  'storage_full', // the kiosk's disk is full: the booking could not be stored (nothing was promised)
  'setup_required', // a remote kiosk without a staff PIN takes no bookings until staff set it up
  'not_available', // the API answered, but nothing usable (issue 18), and nothing is cached
  'internal', // anything unexpected; the message never carries a stack trace
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const KioskErrorSchema = z.object({ code: ErrorCode, message: z.string() });
export type KioskError = z.infer<typeof KioskErrorSchema>;
