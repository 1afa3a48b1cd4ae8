/**
 * The HTTP client's event stream fed from a fetch double: what the client makes of the bytes
 * (decoding, skipping bad events, a fresh parse per connection). Cutting the text into events is
 * eventsource-parser's; the real shell and reconnects are in test/integration/web/http-client.
 */
import { describe, expect, it } from 'vitest';
import type { KioskEvent } from '../../../shared/kiosk-api';
import { createHttpKioskClient } from '../../../shared/kiosk-http-client';
import { localBooking, syncStatus } from './kiosk-api-double';

const STATUS: KioskEvent = { type: 'status', status: syncStatus };
// A non-ASCII character, so that a cut can fall inside its UTF-8 bytes.
const BOOKING: KioskEvent = {
  type: 'booking',
  booking: {
    ...localBooking,
    request: {
      ...localBooking.request,
      customer: { ...localBooking.request.customer, name: 'Zoë' },
    },
  },
};

/**
 * A fetch whose n-th event-stream request answers the n-th list of chunks and closes; the one
 * after the last stays open and calls `exhausted`: by then every event given has been read.
 */
function streamingFetch(connections: Uint8Array[][], exhausted: () => void): typeof fetch {
  let opened = 0;
  return (_input, init) => {
    const chunks = connections[opened] ?? [];
    const last = opened >= connections.length;
    opened += 1;
    if (last) exhausted();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        if (!last) controller.close();
        init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return Promise.resolve(
      new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    );
  };
}

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** The events a subscription delivers from `connections`, each read to its end in turn. */
async function collect(connections: Uint8Array[][]): Promise<KioskEvent[]> {
  const events: KioskEvent[] = [];
  let unsubscribe = (): void => undefined;
  await new Promise<void>((resolve) => {
    const client = createHttpKioskClient({
      baseUrl: 'http://127.0.0.1:9',
      token: 'token',
      fetch: streamingFetch(connections, resolve),
      reconnect: { baseMs: 1, capMs: 2 },
    });
    unsubscribe = client.onEvent((event) => events.push(event));
  });
  unsubscribe();
  return events;
}

describe("the HTTP client's event stream", () => {
  it('delivers events cut across chunks at any byte, with CRLF, CR or LF line ends', async () => {
    const text = `data: ${JSON.stringify(STATUS)}\r\n\r\ndata: ${JSON.stringify(BOOKING)}\r\rdata:${JSON.stringify(STATUS)}\n\n`;
    const whole = bytes(text);
    // Chunks of one byte cut at every point, inside 'ë' and between CR and LF included.
    for (let size = 1; size <= 5; size += 1) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < whole.length; at += size) chunks.push(whole.slice(at, at + size));
      expect(await collect([chunks])).toEqual([STATUS, BOOKING, STATUS]);
    }
  });

  it('skips malformed and unknown events, comments and other fields, and keeps the good ones', async () => {
    const text = [
      ': heartbeat\n\n',
      'data: {not json\n\n',
      'data: {"type":"teleport"}\n\n',
      `event: status\nid: 7\nretry: 10\nfoo: bar\ndata: ${JSON.stringify(STATUS)}\n\n`,
      'data\n\n',
      // Two data lines are one event, joined by a line feed.
      `data: {"type":"status",\ndata: "status":${JSON.stringify(syncStatus)}}\n\n`,
      `data: ${JSON.stringify(BOOKING)}\n\n`,
    ].join('');
    const events = await collect([[bytes(text)]]);
    expect(events).toEqual([STATUS, STATUS, BOOKING]);
  });

  it('starts each connection afresh: an event cut off by a dropped stream is not glued to the next', async () => {
    const half = `data: ${JSON.stringify(BOOKING)}`;
    const events = await collect([
      [bytes(`data: ${JSON.stringify(STATUS)}\n\n${half}`)],
      [bytes(`\n\ndata: ${JSON.stringify(STATUS)}\n\n`)],
    ]);
    expect(events).toEqual([STATUS, STATUS]);
  });
});
