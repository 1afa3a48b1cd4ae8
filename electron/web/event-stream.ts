/**
 * One server-sent-events connection of the browser shell: the current sync status at once, then
 * every KioskEvent the core publishes, and a comment line as heartbeat so that idle proxies and
 * the client's reader notice a dead connection. Each event is one `data:` line of JSON (the
 * KioskEvent itself), so that a client parses it with the contract's schema.
 */
import type { ServerResponse } from 'node:http';
import type { KioskEvent } from '../../shared/kiosk-api';
import { type Logger, describeError } from '../core/platform';
import { SECURITY_HEADERS } from './request-guard';

const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface KioskEventSource {
  /** `session`: the staff session the subscriber presented; booking events need a live one. */
  subscribe(
    listener: (event: KioskEvent) => void,
    options?: { session?: () => string | null | undefined },
  ): () => void;
}

export interface EventStreamOptions {
  response: ServerResponse;
  events: KioskEventSource;
  initialStatus: () => Promise<KioskEvent | null>;
  /** The staff session from the request (`x-kiosk-session`), if any. */
  session?: string;
  heartbeatMs: number;
  log: Logger;
}

export interface EventStream {
  /** Ends the response and releases the subscription and timer (idempotent). */
  close(): void;
  readonly closed: Promise<void>;
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const { response, log } = options;
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(': connected\n\n');

  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let open = true;
  // Events that arrive before the initial status was written wait, so the client never sees an
  // older status after a newer one.
  let pending: KioskEvent[] | null = [];

  const write = (event: KioskEvent): void => {
    if (!open) return;
    // A client that stopped reading but keeps the socket open must not grow our memory: drop
    // it; a live client reconnects and gets the current status first.
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      log.warn('events: client is not reading; closing its stream');
      close();
      response.destroy();
      return;
    }
    response.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  const session = options.session;
  const unsubscribe = options.events.subscribe(
    (event) => {
      if (pending) pending.push(event);
      else write(event);
    },
    { session: () => session },
  );
  const heartbeat = setInterval(() => {
    if (open) response.write(': heartbeat\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();

  const close = (): void => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    if (!response.writableEnded) response.end();
    resolveClosed();
  };
  response.on('close', close);
  response.on('error', close);

  options
    .initialStatus()
    .then((status) => {
      if (status) write(status);
    })
    .catch((error: unknown) => {
      log.warn('events: initial status failed', { error: describeError(error) });
    })
    .finally(() => {
      const queued = pending ?? [];
      pending = null;
      for (const event of queued) write(event);
    });

  return { close, closed };
}
