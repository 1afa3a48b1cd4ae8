/**
 * Issue 40: nothing calls back up into a higher room at run time. The upstream client sent a
 * booking's Accept-Language by asking notify/ (customer-notice -> booking-language ->
 * follow-up-repo) for it; now the language travels on the booking and the client takes it from
 * the request it sends. Neither the client's room nor the send path reaches notify/, not even
 * through the files they import.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph';

const REPO = join(import.meta.dirname, '..', '..', '..');

/** Every product file `from` reaches through its imports, itself excluded. */
function reached(graph: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const next = [...(graph.get(from) ?? [])];
  while (next.length > 0) {
    const file = next.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...(graph.get(file) ?? []));
  }
  return seen;
}

describe("the booking's language", () => {
  const graph = importGraph(REPO);

  it.each([
    'electron/core/upstream/client.ts',
    'electron/core/upstream/index.ts',
    'electron/core/outbox/send.ts',
    'electron/core/link/upstream-link.ts',
  ])('%s reaches nothing of notify/', (file) => {
    expect(graph.has(file)).toBe(true);
    const notify = [...reached(graph, file)].filter((f) => f.startsWith('electron/core/notify/'));
    expect(notify).toEqual([]);
  });
});
