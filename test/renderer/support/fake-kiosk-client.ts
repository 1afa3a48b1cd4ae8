/* eslint-disable @typescript-eslint/require-await -- an in-memory double answers at once but keeps the async interface */
/**
 * A test double of the kiosk that implements the real `KioskClient` interface in memory:
 * a small catalog, every weekday open 09:00-18:00, and switches for the booking outcome.
 */
import type { BookingRequest, Employee, Service, TimeSlot } from '../../../shared/api/schemas';
import type { AppInfo, CreateBookingResult, KioskClient, KioskEvent, KioskInput, LocalBooking, Settings, SyncStatus } from '../../../shared/kiosk-api';
import { fail, ok, type Result } from '../../../shared/result';

export const services: Service[] = [
  {
    _id: 'svc-cut',
    title: 'Haircut',
    description: 'Wash, cut and style',
    category: 'Hair',
    pricing: { price: 32, currency: 'EUR', taxRate: 19 },
    duration: { value: 30, unit: 'minutes' },
    features: [],
    enabled: true,
    sortOrder: 1,
  },
  {
    _id: 'svc-colour',
    title: 'Colour',
    description: 'Full colour with care',
    category: 'Hair',
    pricing: { price: 79.5, currency: 'EUR', taxRate: 19 },
    duration: { value: 1.5, unit: 'hours' },
    features: [],
    enabled: true,
    sortOrder: 2,
  },
  {
    _id: 'svc-nails',
    title: 'Manicure',
    description: 'Shape and polish',
    category: 'Nails',
    pricing: { price: 25, currency: 'EUR', taxRate: 19 },
    duration: { value: 45, unit: 'minutes' },
    features: [],
    enabled: true,
    sortOrder: 3,
  },
];

export const employees: Employee[] = [
  { _id: 'emp-anna', name: 'Anna Berg', email: 'anna@example.com', phone: '1', role: 'Stylist', available: true },
  { _id: 'emp-ben', name: 'Ben Roth', email: 'ben@example.com', phone: '2', role: 'Stylist', available: true },
];

export type BookingMode = 'sent' | 'queued' | 'slot_taken' | 'unavailable';

export interface FakeKioskOptions {
  settings?: Partial<Settings>;
  pin?: string | null;
}

export class FakeKioskClient implements KioskClient {
  bookingMode: BookingMode = 'sent';
  /** Slot times (HH:mm) that a fresh lookup reports as gone. */
  goneOnFresh = new Set<string>();
  readonly calls: { method: string; input: unknown }[] = [];
  readonly bookings: LocalBooking[] = [];
  settings: Settings;
  pin: string | null;
  /** Like the core: 5 wrong PINs in a row lock staff out; set back to null to end the lockout. */
  pinLockoutSec: number | null = null;
  private wrongPins = 0;
  private listeners = new Set<(event: KioskEvent) => void>();
  private sequence = 0;

  constructor(options: FakeKioskOptions = {}) {
    this.pin = options.pin === undefined ? '1234' : options.pin;
    this.settings = {
      upstreamUrl: null,
      apiKeySet: false,
      mode: 'kiosk',
      idleTimeoutSec: 60,
      language: 'en',
      pinSet: this.pin !== null,
      locked: [],
      ...options.settings,
    };
  }

  private record(method: string, input: unknown): void {
    this.calls.push({ method, input });
  }

  emit(event: KioskEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  onEvent(listener: (event: KioskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getCatalog: KioskClient['getCatalog'] = async (input: KioskInput<'getCatalog'>) => {
    this.record('getCatalog', input);
    return ok({ services, employees, source: 'live' as const, asOf: new Date(0).toISOString() });
  };

  getAvailableDays: KioskClient['getAvailableDays'] = async (input: KioskInput<'getAvailableDays'>) => {
    this.record('getAvailableDays', input);
    const days: number[] = [];
    const total = new Date(Date.UTC(input.year, input.month, 0)).getUTCDate();
    for (let day = 1; day <= total; day++) {
      const weekday = new Date(Date.UTC(input.year, input.month - 1, day)).getUTCDay();
      if (weekday !== 0) days.push(day);
    }
    return ok({ year: input.year, month: input.month, availableDays: days, totalDays: days.length, source: 'live' as const, asOf: null });
  };

  getTimeSlots: KioskClient['getTimeSlots'] = async (input: KioskInput<'getTimeSlots'>) => {
    this.record('getTimeSlots', input);
    const timeSlots: TimeSlot[] = [];
    for (let minutes = 9 * 60; minutes < 18 * 60; minutes += 30) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const gone = input.fresh === true && this.goneOnFresh.has(time);
      const available = time !== '10:00' && !gone;
      const employee = input.employeeId ? employees.find((e) => e._id === input.employeeId) : employees[0];
      timeSlots.push(
        available && employee
          ? { time, available, employeeId: employee._id, employeeName: employee.name }
          : { time, available: false, reason: 'booked' },
      );
    }
    return ok({ date: input.date, timeSlots, source: 'live' as const, asOf: null });
  };

  createBooking = async (input: BookingRequest): Promise<Result<CreateBookingResult>> => {
    this.record('createBooking', input);
    if (this.bookingMode === 'slot_taken') return fail('slot_taken', 'The slot is taken.');
    if (this.bookingMode === 'unavailable') return fail('unavailable', 'Down.');
    const localId = `local-${++this.sequence}-abcdef`;
    const booking =
      this.bookingMode === 'sent'
        ? {
            bookingId: `b-${this.sequence}`,
            appointmentNumber: `A-${String(this.sequence).padStart(6, '0')}`,
            service: { title: services.find((s) => s._id === input.serviceId)?.title ?? '', duration: 30 },
            employee: { name: employees.find((e) => e._id === input.employeeId)?.name ?? '', email: 'x@example.com' },
            appointment: { date: input.date, time: input.time, endTime: '10:30' },
            customer: { name: input.customer.name, email: input.customer.email, customerNumber: 'C-00001' },
            status: 'pending' as const,
            emailSent: true,
          }
        : null;
    const now = new Date(0).toISOString();
    this.bookings.unshift({
      localId,
      state: this.bookingMode === 'sent' ? 'sent' : 'queued',
      request: input,
      booking,
      lastError: null,
      attempts: 1,
      createdAt: now,
      updatedAt: now,
    });
    return ok({ localId, state: this.bookingMode === 'sent' ? 'sent' : 'queued', booking });
  };

  listBookings: KioskClient['listBookings'] = async (input: KioskInput<'listBookings'>) => {
    this.record('listBookings', input);
    return ok([...this.bookings]);
  };

  retryBooking = async (input: KioskInput<'retryBooking'>) => this.change(input.localId, 'queued');
  discardBooking = async (input: KioskInput<'discardBooking'>) => this.change(input.localId, 'discarded');

  private async change(localId: string, state: LocalBooking['state']): Promise<Result<LocalBooking>> {
    this.record(state === 'queued' ? 'retryBooking' : 'discardBooking', { localId });
    const booking = this.bookings.find((b) => b.localId === localId);
    if (!booking) return fail('not_found', 'No such booking.');
    booking.state = state;
    return ok(booking);
  }

  status: SyncStatus = {
    online: true,
    mode: 'enabled',
    lastSyncAt: null,
    queued: 0,
    unknown: 0,
    rateLimit: { limit: 60, remaining: 42, resetAt: new Date(0).toISOString() },
    clockSkewMs: 0,
    lastError: null,
    upstream: 'embedded',
  };

  getSyncStatus: KioskClient['getSyncStatus'] = async (input: KioskInput<'getSyncStatus'>) => {
    this.record('getSyncStatus', input);
    return ok(this.status);
  };
  syncNow: KioskClient['syncNow'] = async (input: KioskInput<'syncNow'>) => {
    this.record('syncNow', input);
    return ok(this.status);
  };
  getSettings: KioskClient['getSettings'] = async (input: KioskInput<'getSettings'>) => {
    this.record('getSettings', input);
    return ok({ ...this.settings });
  };
  updateSettings = async (input: KioskInput<'updateSettings'>): Promise<Result<Settings>> => {
    this.record('updateSettings', { ...input, pin: '***' });
    if (this.pin === null) this.pin = input.pin;
    else if (input.pin !== this.pin) return fail('unauthorized', 'Wrong PIN.');
    const { pin: _pin, newPin: _newPin, apiKey, ...rest } = input;
    const refused = this.settings.locked.find((field) =>
      field === 'apiKey' ? apiKey !== undefined : rest[field] !== undefined && rest[field] !== this.settings[field],
    );
    if (refused) return fail('invalid_input', `${refused} is set by your IT department`);
    if (input.newPin) this.pin = input.newPin;
    this.settings = { ...this.settings, ...rest, upstreamUrl: rest.upstreamUrl ?? this.settings.upstreamUrl, apiKeySet: this.settings.apiKeySet || apiKey !== undefined, pinSet: true };
    return ok({ ...this.settings });
  };
  verifyStaffPin: KioskClient['verifyStaffPin'] = async (input: KioskInput<'verifyStaffPin'>) => {
    this.record('verifyStaffPin', { pin: '***' });
    if (this.pinLockoutSec !== null) return ok({ valid: false, retryAfterSec: this.pinLockoutSec });
    const valid = this.pin !== null && input.pin === this.pin;
    this.wrongPins = valid ? 0 : this.wrongPins + 1;
    if (this.wrongPins < 5) return ok({ valid });
    this.wrongPins = 0;
    this.pinLockoutSec = 60;
    return ok({ valid: false, retryAfterSec: 60 });
  };

  appInfo: AppInfo = { version: '1.2.3', update: { state: 'off', version: null } };
  getAppInfo: KioskClient['getAppInfo'] = async (input: KioskInput<'getAppInfo'>) => {
    this.record('getAppInfo', input);
    return ok(this.appInfo);
  };

  saveDiagnostics: KioskClient['saveDiagnostics'] = async (input: KioskInput<'saveDiagnostics'>) => {
    this.record('saveDiagnostics', input);
    return ok({ path: '/var/log/frontdesk/frontdesk-diagnostics.json' });
  };
}
