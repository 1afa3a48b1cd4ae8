/**
 * The one place where a transport (IPC handler, HTTP route) turns an untrusted call into a call
 * on the core: method looked up in the contract, input parsed with its schema, failures turned
 * into a Result (STYLE.md §2, §3). Pure: no Node, no DOM.
 */
import { KioskFailure, assertNever, fail, ok } from './result';
import { ErrorCode } from './result-schemas';
import type { Result } from './result';
import { kioskApi } from './kiosk-api';
import type { KioskApi, KioskMethod } from './kiosk-api';

export interface DispatchOptions {
  /**
   * Called with anything the method threw that is not a KioskFailure, before it is answered as a
   * generic `internal` error. The caller logs it: the answer itself never carries the message or
   * stack of an unexpected error.
   */
  onUnexpectedError?: (method: KioskMethod, error: unknown) => void;
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong inside the kiosk. Please try again.';

export function isKioskMethod(method: string): method is KioskMethod {
  // Own properties only: `toString` or `__proto__` are not methods of the contract.
  return Object.prototype.hasOwnProperty.call(kioskApi, method);
}

export async function dispatchKioskCall(
  api: KioskApi,
  method: string,
  rawInput: unknown,
  options: DispatchOptions = {},
): Promise<Result<unknown>> {
  if (!isKioskMethod(method))
    return fail('not_found', `unknown kiosk method: ${method.slice(0, 100)}`);
  const parsed = kioskApi[method].input.safeParse(rawInput);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'input';
    return fail('invalid_input', `${path}: ${issue?.message ?? 'invalid'}`);
  }
  // The parsed input matches the method's schema; TypeScript cannot correlate the union here.
  const call = api[method] as (input: unknown) => Promise<unknown>;
  try {
    return ok(await call.call(api, parsed.data));
  } catch (error) {
    const failure = asKioskFailure(error);
    if (failure) return fail(failure.code, failure.message);
    options.onUnexpectedError?.(method, error);
    return fail('internal', INTERNAL_ERROR_MESSAGE);
  }
}

/** A KioskFailure, also one from another copy of the module (bundled preload, say). */
function asKioskFailure(error: unknown): { code: ErrorCode; message: string } | null {
  if (error instanceof KioskFailure) return { code: error.code, message: error.message };
  if (error instanceof Error && error.name === 'KioskFailure' && 'code' in error) {
    const code = ErrorCode.safeParse(error.code);
    if (code.success) return { code: code.data, message: error.message };
  }
  return null;
}

/**
 * HTTP status of a failed kiosk call in the browser shell:
 * - invalid_input, invalid_request: 400 (the caller's input, or the API said it was malformed)
 * - unauthorized: 401; not_found: 404; slot_taken: 409
 * - config: 503: the kiosk itself cannot serve until staff fix its settings (key refused, clock
 *   skew); not 500, because nothing crashed, and the UI shows a configuration message
 * - unavailable: 503 (neither live nor cached data)
 * - storage_full, setup_required: 503 (the kiosk cannot store a booking / is not set up yet)
 * - internal: 500
 * The body's `error.code` is the authority; the status only helps proxies, logs and curl.
 */
export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case 'invalid_input':
    case 'invalid_request':
      return 400;
    case 'unauthorized':
      return 401;
    case 'not_found':
      return 404;
    case 'slot_taken':
      return 409;
    case 'config':
    case 'unavailable':
    case 'storage_full':
    case 'setup_required':
    case 'not_available':
      return 503;
    case 'internal':
      return 500;
    default:
      return assertNever(code);
  }
}
