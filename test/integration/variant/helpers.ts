/**
 * Helpers of the variant upstream's own tests: one variant per call (closed after each test,
 * real SQLite, real HTTP on 127.0.0.1) and plain fetch calls with the test key.
 */
import { afterEach, expect } from 'vitest';
import {
  API_PREFIX,
  ServicesEnvelope,
  TimeSlotsEnvelope,
  type Service,
  type TimeSlot,
} from '../../../shared/api/schemas';
import { makeTempDir } from '../../support/core/harness';
import {
  startVariantUpstream,
  type VariantUpstream,
} from '../../support/variant-upstream/start-variant';
import type { VariantSwitches } from '../../support/variant-upstream/switches';
import type { RateLimits } from '../../../server/db/rate-limits';

export const KEY = 'variant-test-key-0001';
/** Monday 2026-11-23 08:30 in Berlin; the day asked for is Tuesday 24. */
export const NOW = Date.parse('2026-11-23T07:30:00Z');
export const DAY = '2026-11-24';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

let open: { upstream: VariantUpstream; remove: () => void }[] = [];
afterEach(async () => {
  const all = open;
  open = [];
  for (const { upstream, remove } of all) {
    await upstream.close();
    remove();
  }
});

export async function variant(
  switches: Partial<VariantSwitches> = {},
  rateLimit?: RateLimits,
): Promise<VariantUpstream> {
  const temp = makeTempDir('fd-variant-');
  const upstream = await startVariantUpstream({
    dbPath: `${temp.dir}/server.db`,
    keys: [{ key: KEY, scope: 'book' }],
    switches,
    rateLimit,
    clock: () => NOW,
  });
  open.push({ upstream, remove: () => temp.remove() });
  return upstream;
}

export async function call(
  upstream: VariantUpstream,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const response = await fetch(`${upstream.url}${API_PREFIX}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export const query = (params: Record<string, string>) =>
  `?${new URLSearchParams(params).toString()}`;

export async function services(upstream: VariantUpstream): Promise<Service[]> {
  return ServicesEnvelope.parse((await call(upstream, '/services')).json).data;
}

export async function slots(
  upstream: VariantUpstream,
  serviceId: string,
  employeeId?: string,
): Promise<TimeSlot[]> {
  const reply = await call(
    upstream,
    `/availability${query({ date: DAY, serviceId, ...(employeeId ? { employeeId } : {}) })}`,
  );
  expect(reply.status).toBe(200);
  return TimeSlotsEnvelope.parse(reply.json).data.timeSlots;
}

export function booking(serviceId: string, slot: TimeSlot, n = 1) {
  return {
    serviceId,
    employeeId: slot.employeeId ?? '',
    date: DAY,
    time: slot.time,
    customer: { name: `Variant ${n}`, email: `variant${n}@example.com`, phone: '+49 30 555 0101' },
  };
}

export const free = (list: readonly TimeSlot[]) =>
  list.filter((s) => s.available && s.employeeId !== undefined);

/** A service with a time two employees are free at (Tuesday: the children's cut, Anna and Mehmet). */
export async function sharedService(
  upstream: VariantUpstream,
): Promise<{ serviceId: string; day: TimeSlot[]; shared: TimeSlot[] }> {
  for (const service of await services(upstream)) {
    const day = await slots(upstream, service._id);
    const byTime = new Map<string, TimeSlot[]>();
    for (const slot of free(day)) byTime.set(slot.time, [...(byTime.get(slot.time) ?? []), slot]);
    const shared = [...byTime.values()].find((list) => list.length >= 2);
    if (shared) return { serviceId: service._id, day, shared };
  }
  throw new Error('no time listed for two employees');
}
