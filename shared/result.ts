/**
 * Results, not thrown errors, cross a process boundary (STYLE.md §3). The set of codes is
 * closed so that the UI can switch on it exhaustively.
 */
import type { ErrorCode, KioskError } from './result-schemas';

export type { ErrorCode, KioskError } from './result-schemas';

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
