/**
 * The HTTP client's event stream reconnects by the shared backoff (RECONNECT_BACKOFF: 0.5 s
 * doubling to 15 s, equal jitter), on vitest's fake timers and a fetch double that refuses:
 * the waits between connections, at either end of the jitter, and a connection that opened
 * starting the backoff afresh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpKioskClient } from '../../../shared/kiosk-http-client';

/** A fetch that refuses (a shell that is down), or opens a stream that ends when told. */
function shellDouble() {
  const connectedAt: number[] = [];
  let up = false;
  let firstCall: () => void = () => undefined;
  const called = new Promise<void>((resolve) => (firstCall = resolve));
  const fetch: typeof globalThis.fetch = () => {
    connectedAt.push(Date.now());
    firstCall();
    if (!up) return Promise.reject(new TypeError('fetch failed'));
    // An event stream that ends at once: the shell closed it (a restart).
    return Promise.resolve(new Response('', { headers: { 'content-type': 'text/event-stream' } }));
  };
  return {
    fetch,
    called,
    connectedAt,
    setUp: (value: boolean) => (up = value),
    gaps: () => connectedAt.slice(1).map((at, i) => at - (connectedAt[i] ?? 0)),
  };
}

async function subscribe(random: () => number, shell: ReturnType<typeof shellDouble>) {
  const client = createHttpKioskClient({
    baseUrl: 'http://127.0.0.1:9',
    token: 'token',
    fetch: shell.fetch,
    random,
  });
  const unsubscribe = client.onEvent(() => undefined);
  // The contract and the parser are imported before the first connection (real module loads).
  await shell.called;
  return unsubscribe;
}

describe("the HTTP client's event stream reconnection", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 0.5 s doubling to 15 s with no jitter drawn', async () => {
    const shell = shellDouble();
    const unsubscribe = await subscribe(() => 0, shell);
    await vi.advanceTimersByTimeAsync(80_000);
    unsubscribe();
    expect(shell.gaps().slice(0, 8)).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
  });

  it('never waits less than half its step, so a shell that stays down is asked less and less', async () => {
    const shell = shellDouble();
    const unsubscribe = await subscribe(() => 1, shell);
    await vi.advanceTimersByTimeAsync(40_000);
    unsubscribe();
    expect(shell.gaps().slice(0, 8)).toEqual([250, 500, 1_000, 2_000, 4_000, 7_500, 7_500, 7_500]);
  });

  it('a connection that opened starts the backoff afresh', async () => {
    const shell = shellDouble();
    const unsubscribe = await subscribe(() => 0, shell);
    await vi.advanceTimersByTimeAsync(3_500); // refused at 0, 0.5 s, 1.5 s, 3.5 s
    shell.setUp(true);
    await vi.advanceTimersByTimeAsync(4_000); // opens at 7.5 s, and ends
    shell.setUp(false);
    await vi.advanceTimersByTimeAsync(2_000);
    unsubscribe();
    expect(shell.gaps()).toEqual([500, 1_000, 2_000, 4_000, 500, 1_000]);
  });
});
