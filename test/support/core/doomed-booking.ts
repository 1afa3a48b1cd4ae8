/**
 * Issue 19's set-up for the core tests: a booking queued while the API fails whose slot someone
 * else takes meanwhile, so that the replay is refused (409); and the text of a received mail.
 */
import { expect } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import type { TimeSlot } from '../../../shared/api/schemas';
import type { Language } from '../../../shared/settings';
import { bookingRequest, type UpstreamFixture, bookAtApi } from './harness';

export const DOOMED_DATE = '2026-11-24';
export const DOOMED_SERVICE = 'svc-damen-schnitt';

/** Queues a booking (the API fails) and lets someone else take its slot; the proxy passes again. */
export async function queueDoomedBooking(
  c: KioskCoreInternals,
  upstream: UpstreamFixture,
  language: Language,
  n = 7,
): Promise<{ localId: string; name: string; email: string; phone: string }> {
  await c.api.getCatalog({});
  const { timeSlots } = await c.api.getTimeSlots({
    date: DOOMED_DATE,
    serviceId: DOOMED_SERVICE,
    employeeId: 'emp-anna',
    fresh: true,
  });
  // The "any employee" list too: the next free times come from it.
  await c.api.getTimeSlots({ date: DOOMED_DATE, serviceId: DOOMED_SERVICE, fresh: true });
  const slot = timeSlots.find(
    (s): s is TimeSlot & { employeeId: string } => s.available && s.employeeId !== undefined,
  );
  if (!slot) throw new Error('no free slot');
  upstream.proxy.setMode('500');
  const request = bookingRequest(
    { date: DOOMED_DATE, time: slot.time, serviceId: DOOMED_SERVICE, employeeId: slot.employeeId },
    n,
  );
  const queued = await c.api.createBooking({ ...request, language });
  expect(queued.state).toBe('queued');
  expect(await bookAtApi(upstream, request)).toBe(201);
  upstream.proxy.setMode('pass');
  return { localId: queued.localId, ...request.customer };
}

/** The text of a received mail (quoted-printable decoded). */
export function mailText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i += 1) {
    const hex = body[i] === '=' ? /^[0-9A-F]{2}$/.exec(body.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(body.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}
