/**
 * The renderer's transport to the browser shell (electron/web): a `KioskClient` built from the
 * contract, so a method added to `kioskApi` needs no code here. Uses only fetch, streams and
 * TextDecoder (in browsers and in Node 22).
 * - Every method POSTs its input as JSON to /api/kiosk/<method> with the Bearer token; the
 *   answer's `result` is validated with the method's output schema. The contract's schemas are
 *   imported apart (a chunk of its own in the renderer) when the client is made: a page's first
 *   load (the tablet's start screen) paints without waiting for them to be fetched and built.
 * - A network failure or no answer within `timeoutMs` answers `{ ok: false, error: { code:
 *   'unavailable' } }`; it never throws.
 * - `onEvent` reads GET /api/kiosk/events as server-sent events over a streaming fetch
 *   (EventSource cannot send an Authorization header), cut into events by `eventsource-parser`,
 *   parses each event's data with `KioskEvent` (a malformed one is skipped) and reconnects
 *   after the shared backoff (RECONNECT_BACKOFF) until unsubscribed.
 */
import type * as SseParserModule from 'eventsource-parser';
import { backoffDelay, type Backoff } from './backoff';
import type * as ContractModule from './kiosk-api';
import type { KioskClient, KioskEvent, KioskMethod } from './kiosk-api';
import { importOnce } from './import-once';
import { KIOSK_METHOD_NAMES } from './kiosk-methods';
import { fail } from './result';
import type { Result } from './result';

type Contract = typeof ContractModule;
/** The contract's schemas, imported once. */
const loadContract = importOnce<Contract>(() => import('./kiosk-api'));
/** The SSE parser, off the first screen's JS like the schemas: events wait for those anyway. */
const loadSseParser = importOnce<typeof SseParserModule>(() => import('eventsource-parser'));

export interface HttpKioskClientOptions {
  /** Origin of the browser shell, e.g. `location.origin` or `http://127.0.0.1:5175`. */
  baseUrl: string;
  token: string;
  /** Default: the global fetch (bound, so that browsers do not call it on the wrong `this`). */
  fetch?: typeof fetch;
  /** A call that has no answer after this long is `unavailable` (default 30,000 ms). */
  timeoutMs?: number;
  /**
   * The event stream reconnects when nothing arrived for this long (default 45,000 ms: three of
   * the shell's 15 s heartbeats).
   */
  eventIdleTimeoutMs?: number;
  /** Event stream reconnection; what it leaves out is RECONNECT_BACKOFF's. */
  reconnect?: Backoff;
  /** The reconnection's jitter, in [0, 1] (default Math.random). */
  random?: () => number;
}

/**
 * 0.5 s doubling to 15 s after failed connections in a row (a connection that opened starts
 * afresh). "Equal jitter": screens that lost their shell together spread out, and each waits at
 * least half its step, so a shell that stays down is asked less and less often.
 */
const RECONNECT_BACKOFF: Backoff = { baseMs: 500, capMs: 15_000, jitter: 0.5 };

export const UNREACHABLE_MESSAGE = 'The kiosk service cannot be reached.';

export function createHttpKioskClient(options: HttpKioskClientOptions): KioskClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const authorization = `Bearer ${options.token}`;
  const reconnect = { ...RECONNECT_BACKOFF, ...options.reconnect };
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const idleTimeoutMs = options.eventIdleTimeoutMs ?? 45_000;
  // Fetched now, while the page waits for its first answers, rather than after the first call.
  loadContract().catch(() => undefined);

  async function call(method: KioskMethod, input: unknown): Promise<Result<unknown>> {
    // One deadline for the whole exchange, body included: a hung shell must not hang the UI.
    const signal = AbortSignal.timeout(timeoutMs);
    const schemas = loadContract().catch(() => null);
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}/api/kiosk/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(input ?? {}),
        signal,
      });
    } catch {
      return fail('unavailable', UNREACHABLE_MESSAGE);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (signal.aborted) return fail('unavailable', UNREACHABLE_MESSAGE);
      // A proxy's HTML error page, or a connection cut mid-answer.
      return fail(
        response.ok ? 'internal' : 'unavailable',
        `Unexpected answer from the kiosk service (${response.status}).`,
      );
    }
    const loaded = await schemas;
    if (!loaded) return fail('unavailable', UNREACHABLE_MESSAGE);
    return readEnvelope(loaded, method, body, response.status);
  }

  const methods: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const method of KIOSK_METHOD_NAMES) methods[method] = (input) => call(method, input);

  return {
    // Each entry calls `call` with its own method name; the contract's types hold by construction.
    ...(methods as unknown as Omit<KioskClient, 'onEvent'>),
    onEvent: (listener, eventOptions) =>
      subscribeToEvents(
        {
          url: `${baseUrl}/api/kiosk/events`,
          headers: {
            authorization,
            accept: 'text/event-stream',
            // Booking events (customer data) come only to a live staff session.
            ...(eventOptions?.session ? { 'x-kiosk-session': eventOptions.session } : {}),
          },
          fetchFn,
          reconnect,
          random,
          idleTimeoutMs,
        },
        listener,
      ),
  };
}

function readEnvelope(
  contract: Contract,
  method: KioskMethod,
  body: unknown,
  status: number,
): Result<unknown> {
  if (typeof body === 'object' && body !== null && 'ok' in body) {
    if (body.ok === true && 'result' in body) {
      const parsed = contract.kioskApi[method].output.safeParse(body.result);
      if (parsed.success) return { ok: true, result: parsed.data };
      return fail('internal', `The kiosk service sent an answer that does not match ${method}.`);
    }
    if (body.ok === false && 'error' in body) {
      const error = contract.KioskErrorSchema.safeParse(body.error);
      if (error.success) return { ok: false, error: error.data };
    }
  }
  return fail('internal', `Unexpected answer from the kiosk service (${status}).`);
}

interface EventStreamOptions {
  url: string;
  headers: Record<string, string>;
  fetchFn: typeof fetch;
  reconnect: Backoff;
  random: () => number;
  idleTimeoutMs: number;
}

function subscribeToEvents(
  options: EventStreamOptions,
  listener: (event: KioskEvent) => void,
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const { reconnect } = options;

  const run = async (): Promise<void> => {
    let failures = 0;
    let schema: Contract['KioskEvent'] | undefined;
    let createParser: typeof SseParserModule.createParser | undefined;
    while (!signal.aborted) {
      // One controller per connection: unsubscribing aborts it, and so does the watchdog when
      // nothing (not even a heartbeat) arrived for idleTimeoutMs: a silently dead connection.
      const attempt = new AbortController();
      const abortAttempt = (): void => attempt.abort();
      signal.addEventListener('abort', abortAttempt, { once: true });
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const feedWatchdog = (): void => {
        clearTimeout(watchdog);
        watchdog = setTimeout(abortAttempt, options.idleTimeoutMs);
      };
      try {
        feedWatchdog();
        // The schema and the parser first, so that events are parsed in the order they come.
        if (!schema || !createParser) {
          const [contract, sse] = await Promise.all([loadContract(), loadSseParser()]);
          schema = contract.KioskEvent;
          createParser = sse.createParser;
        }
        const eventSchema = schema;
        const parser = createParser({
          onEvent: (message) => {
            const event = parseEvent(eventSchema, message.data);
            if (event) listener(event);
          },
        });
        const response = await options.fetchFn(options.url, {
          headers: options.headers,
          signal: attempt.signal,
        });
        if (response.ok && response.body) {
          failures = 0;
          await readEventStream(response.body, attempt.signal, feedWatchdog, parser);
        } else {
          await response.body?.cancel();
        }
      } catch {
        // Network error, watchdog or unsubscribe: retried below unless unsubscribed.
      } finally {
        clearTimeout(watchdog);
        signal.removeEventListener('abort', abortAttempt);
        attempt.abort();
      }
      if (signal.aborted) return;
      failures += 1;
      await abortableDelay(backoffDelay(failures, reconnect, options.random), signal);
    }
  };
  void run();
  return () => controller.abort();
}

function parseEvent(schema: Contract['KioskEvent'], data: string): KioskEvent | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // a malformed event is skipped: the next status event brings the truth
  }
}

/**
 * Feeds an SSE body to `parser` (a new one per connection) until the body ends. The shell sends
 * every KioskEvent as the default event type: only the events' data is used.
 */
async function readEventStream(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onBytes: () => void,
  parser: SseParserModule.EventSourceParser,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = (): void => {
    reader.cancel().catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onBytes();
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener('abort', done, { once: true });
  });
}
