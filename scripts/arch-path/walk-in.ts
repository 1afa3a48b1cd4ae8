/**
 * One walk-in customer against the real reference server (reference-server.ts) and a kiosk core
 * in this process on a temp data folder. The customer's screens ask what they
 * ask (the catalog, the month, the day, a hold); `book` is the booking itself: createBooking,
 * which returns once the API's answer is settled on the entry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { createKioskCoreInternals } from '../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../electron/core/staff/secret-store';
import { addDays, todayIn } from '../../shared/booking/time';
import type { BookingRequest } from '../../shared/api/schemas';
import { ARCH_PATH_KEY, type ReferenceServer } from './reference-server';

const SERVICE = 'svc-damen-schnitt';
const ZONE = 'Europe/Berlin';
const PIN = '2468';

export interface WalkIn {
  /** The booking: resolves with the state the customer is told (`sent` when all went well). */
  book(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts a core against `server` (reference-server.ts, started first: its process loads while
 * this one imports the core) and walks the customer up to the review screen's "Book now".
 */
export async function walkInUpToBooking(server: ReferenceServer): Promise<WalkIn> {
  const dir = mkdtempSync(join(tmpdir(), 'fd-arch-path-'));
  // No keep-alive: the measurement's set-up blocks this process for seconds, after which the
  // server would drop an idle connection just as the booking is sent on it (a reset).
  const dispatcher = new Agent({ pipelining: 0 });
  const close = async () => {
    await core?.close();
    await dispatcher.close();
    rmSync(dir, { recursive: true, force: true });
  };
  let core: Awaited<ReturnType<typeof createKioskCoreInternals>> | undefined;
  try {
    core = await createKioskCoreInternals({
      dataDir: join(dir, 'kiosk'),
      upstreamUrl: await server.url,
      apiKey: ARCH_PATH_KEY,
      secretStore: createMemorySecretStore(),
      autoStart: false,
      dispatcher,
      timeZone: ZONE,
      // Measured under a debugger on a shared machine: a slow answer must not read as a lost one.
      lookupTimeoutMs: 60_000,
      bookingTimeoutMs: 60_000,
      logSink: () => undefined,
    });
    // Staff's first PIN (with the printed setup code): until then the kiosk takes no bookings.
    const setup = await core.api.setupStaffPin({
      pin: PIN,
      ...(core.setupCode ? { setupCode: core.setupCode } : {}),
    });
    if (setup.session) await core.api.endStaffSession({ session: setup.session });
    const api = core.apiFor('arch-path-kiosk');
    await api.getCatalog(undefined);
    // The first day from tomorrow with a free time (nobody works on Sunday in the demo data).
    const today = todayIn(ZONE, Date.now());
    let part: Pick<BookingRequest, 'date' | 'time' | 'serviceId' | 'employeeId'> | null = null;
    for (let day = 1; day <= 7 && !part; day += 1) {
      const date = addDays(today, day);
      const [year, month] = date.split('-').map(Number) as [number, number];
      await api.getAvailableDays({ year, month, serviceId: SERVICE });
      const { timeSlots } = await api.getTimeSlots({ date, serviceId: SERVICE });
      const slot = timeSlots.find((s) => s.available && s.employeeId !== undefined);
      if (slot?.employeeId)
        part = { date, serviceId: SERVICE, employeeId: slot.employeeId, time: slot.time };
    }
    if (!part) throw new Error('no free time in the coming week');
    await api.holdSlot({ parts: [part] });
    const request: BookingRequest = {
      ...part,
      customer: { name: 'Ada Walk-In', email: 'ada@example.com', phone: '+49 30 555 0101' },
    };
    return {
      book: async () => (await api.createBooking({ ...request, language: 'en' })).state,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
