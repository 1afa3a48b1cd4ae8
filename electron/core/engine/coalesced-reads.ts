/**
 * One request for the same read asked twice at once (issue 37). A screen asks a day's list for
 * its grid and, in the same render, for its people ("With whom?": the any list and each
 * person's own); two screens open the same day. When the list is stale both lookups would ask
 * the API: here the second shares the first's answer while it is on its way. Only reads, and
 * only while in flight: an answer is never kept here (the cache and its freshness rule do
 * that). A booking is never shared.
 */
import type { CallOptions, UpstreamClient } from '../upstream';

type Read = Exclude<keyof UpstreamClient, 'book' | 'close'>;

export function coalescedReads(client: () => UpstreamClient): () => UpstreamClient {
  const inFlight = new Map<string, Promise<unknown>>();
  /** The first caller's request for `key`, shared until it settles. */
  function shared<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const request = ask().finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }
  const keyOf = (read: Read, query: object = {}): string =>
    `${read} ${JSON.stringify(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .sort(),
    )}`;
  return () => {
    const inner = client();
    return {
      getServices: (call: CallOptions) =>
        shared(keyOf('getServices'), () => inner.getServices(call)),
      getEmployees: (call: CallOptions) =>
        shared(keyOf('getEmployees'), () => inner.getEmployees(call)),
      getAvailableDays: (query, call) =>
        shared(keyOf('getAvailableDays', query), () => inner.getAvailableDays(query, call)),
      getTimeSlots: (query, call) =>
        shared(keyOf('getTimeSlots', query), () => inner.getTimeSlots(query, call)),
      book: (body, idempotencyKey, call, language) =>
        inner.book(body, idempotencyKey, call, language),
      close: () => inner.close(),
    };
  };
}
