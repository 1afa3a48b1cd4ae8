/**
 * Runs a kiosk core (loops on) on a timerClock without racing the machine: the test moves time
 * only while nothing is on the wire, timer by timer (never more than `stepMs` at once), so
 * however slowly a busy machine answers, the kiosk sees every answer arrive at once, as if the
 * API answered in no time. What a test measures in kiosk time is then the same on every run.
 * The API's own time-outs stay real (undici's, the reachability check's).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { TimerClock } from './manual-clock';

/** What is on the wire: the fault proxy (fault-proxy.ts) is one, `clientWire()` another. */
export interface Wire {
  /** Requests (or connections) started so far. */
  requests(): number;
  /** Those not finished yet: 0 when the link is quiet. */
  inFlight(): number;
}

export interface StepOptions {
  /** The longest single move of the clock (default 5 s): how often a condition is looked at. */
  stepMs?: number;
  /**
   * Wait for answers (default true). False for an API that hangs ('hang' mode), whose requests
   * stay in flight until the kiosk gives up: time moves on once no new request starts.
   */
  waitForAnswers?: boolean;
}

/** Waits (real time) until no request is on the wire and none started during a last look. */
export async function quiet(wire: Wire, options: StepOptions = {}): Promise<void> {
  const answers = options.waitForAnswers ?? true;
  for (;;) {
    const seen = wire.requests();
    await new Promise((resolve) => setTimeout(resolve, 2));
    if ((!answers || wire.inFlight() === 0) && wire.requests() === seen) return;
  }
}

/**
 * One move of the clock from a quiet link to the next timer (at most `stepMs`, at most `left`),
 * then the wait for the link to be quiet again.
 */
async function step(clock: TimerClock, wire: Wire, left: number, options: StepOptions) {
  const next = clock.pending()[0] ?? Infinity;
  const by = Math.max(0, Math.min(options.stepMs ?? 5_000, left, next));
  await clock.advance(by);
  await quiet(wire, options);
  return by;
}

/** Moves the kiosk's clock by `ms`, each timer firing on a quiet link. */
export async function steppedRun(
  clock: TimerClock,
  wire: Wire,
  ms: number,
  options: StepOptions = {},
): Promise<void> {
  let moved = 0;
  await quiet(wire, options);
  while (moved < ms) moved += await step(clock, wire, ms - moved, options);
}

/**
 * Moves the kiosk's clock as steppedRun until `done` (looked at after every timer); how much
 * kiosk time that took. Throws when it is not done within `maxMs` of kiosk time.
 */
export async function runUntil(
  clock: TimerClock,
  wire: Wire,
  done: () => boolean | Promise<boolean>,
  maxMs: number,
  options: StepOptions = {},
): Promise<number> {
  const start = clock.now();
  await quiet(wire, options);
  while (!(await done())) {
    const taken = clock.now() - start;
    if (taken >= maxMs) throw new Error(`not done within ${maxMs} ms of kiosk time`);
    await step(clock, wire, maxMs - taken, options);
  }
  return clock.now() - start;
}

/**
 * This process's own outgoing traffic, for a test with no fault proxy in front of its API (a
 * server stopped for real refuses the connections a proxy would take): undici's requests (the
 * kiosk's HTTP client) until their answer or error, and TCP connections (the reachability
 * check's) until connected or failed. From Node's diagnostics channels; close() unsubscribes.
 */
export function clientWire(): Wire & { close(): void } {
  let started = 0;
  const open = new Set<object>();
  const subscriptions: [string, (message: unknown) => void][] = [];
  const on = (name: string, listener: (message: unknown) => void) => {
    subscribe(name, listener);
    subscriptions.push([name, listener]);
  };
  on('undici:request:create', (message) => {
    started += 1;
    open.add((message as { request: object }).request);
  });
  const finished = (message: unknown) => open.delete((message as { request: object }).request);
  on('undici:request:trailers', finished);
  on('undici:request:error', finished);
  on('net.client.socket', (message) => {
    // Published before the socket starts to connect.
    const { socket } = message as { socket: Socket };
    started += 1;
    open.add(socket);
    const done = () => open.delete(socket);
    socket.once('connect', done);
    socket.once('error', done);
    socket.once('close', done);
  });
  return {
    requests: () => started,
    inFlight: () => open.size,
    close: () => {
      for (const [name, listener] of subscriptions.splice(0)) unsubscribe(name, listener);
    },
  };
}
