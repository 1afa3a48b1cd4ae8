/**
 * Results, not thrown errors, cross a process boundary (STYLE.md §3). The set of codes is
 * closed so that the UI can switch on it exhaustively.
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
  'internal', // anything unexpected; the message never carries a stack trace
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const KioskErrorSchema = z.object({ code: ErrorCode, message: z.string() });
export type KioskError = z.infer<typeof KioskErrorSchema>;

export type Result<T> = { ok: true; result: T } | { ok: false; error: KioskError };

export function ok<T>(result: T): Result<T> {
  return { ok: true, result };
}

export function fail<T = never>(code: ErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}

/** Thrown inside a process, turned into `{ ok: false }` at its boundary. */
export class KioskFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'KioskFailure';
  }
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
