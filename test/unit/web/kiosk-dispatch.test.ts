import { describe, expect, it } from 'vitest';
import { KioskFailure } from '../../../shared/result';
import { ErrorCode } from '../../../shared/result-schemas';
import {
  INTERNAL_ERROR_MESSAGE,
  dispatchKioskCall,
  httpStatusFor,
} from '../../../shared/kiosk-dispatch';
import { createKioskApiDouble, localBooking, syncStatus } from './kiosk-api-double';

describe('dispatchKioskCall', () => {
  it('calls the method with the parsed input and wraps the result', async () => {
    const double = createKioskApiDouble();
    const result = await dispatchKioskCall(double.api, 'getTimeSlots', {
      date: '2026-03-02',
      serviceId: '  svc-cut ',
    });
    expect(result).toMatchObject({ ok: true, result: { date: '2026-03-02' } });
    // The schema trims ids: the core sees the parsed value, not the raw one.
    expect(double.calls).toEqual([
      { method: 'getTimeSlots', input: { date: '2026-03-02', serviceId: 'svc-cut' } },
    ]);
  });

  it('accepts a missing input for methods without one', async () => {
    const double = createKioskApiDouble();
    await expect(dispatchKioskCall(double.api, 'getSyncStatus', undefined)).resolves.toEqual({
      ok: true,
      result: syncStatus,
    });
  });

  it.each(['noSuchMethod', 'toString', '__proto__', 'constructor', ''])(
    'answers not_found for %j',
    async (method) => {
      const double = createKioskApiDouble();
      const result = await dispatchKioskCall(double.api, method, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect(double.calls).toEqual([]);
    },
  );

  it.each([
    [
      'createBooking',
      { ...localBooking.request, customer: { ...localBooking.request.customer, email: 'nope' } },
      'customer.email',
    ],
    ['getAvailableDays', { year: 2026, month: 13 }, 'month'],
    ['getTimeSlots', { date: '2026-02-30', serviceId: 'x' }, 'date'],
    ['getSyncStatus', { extra: 1 }, 'input'],
    ['listBookings', {}, 'session'],
    ['getTimeSlots', 'not an object', 'input'],
  ])('answers invalid_input naming the field for %s', async (method, input, path) => {
    const double = createKioskApiDouble();
    const result = await dispatchKioskCall(double.api, method, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.message.startsWith(`${path}: `)).toBe(true);
    expect(double.calls).toEqual([]);
  });

  it('maps a KioskFailure to its code and message', async () => {
    const double = createKioskApiDouble({
      createBooking: () =>
        Promise.reject(new KioskFailure('slot_taken', 'That time was just taken.')),
    });
    await expect(
      dispatchKioskCall(double.api, 'createBooking', localBooking.request),
    ).resolves.toEqual({
      ok: false,
      error: { code: 'slot_taken', message: 'That time was just taken.' },
    });
  });

  it('recognises a KioskFailure from another copy of the module by name and code', async () => {
    const foreign = Object.assign(new Error('paused'), { name: 'KioskFailure', code: 'config' });
    const double = createKioskApiDouble({ syncNow: () => Promise.reject(foreign) });
    await expect(
      dispatchKioskCall(double.api, 'syncNow', { session: 'a-staff-session-0000' }),
    ).resolves.toEqual({
      ok: false,
      error: { code: 'config', message: 'paused' },
    });
  });

  it('hides any other error behind a generic internal one and reports it to the caller', async () => {
    const secret = new Error('SQLITE_CORRUPT at /home/shop/data/kiosk.db');
    const double = createKioskApiDouble({ getCatalog: () => Promise.reject(secret) });
    const seen: unknown[] = [];
    const result = await dispatchKioskCall(
      double.api,
      'getCatalog',
      {},
      {
        onUnexpectedError: (method, error) => seen.push([method, error]),
      },
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE },
    });
    expect(JSON.stringify(result)).not.toContain('SQLITE');
    expect(seen).toEqual([['getCatalog', secret]]);
  });

  it('also catches a synchronous throw', async () => {
    const double = createKioskApiDouble({
      getSettings: () => {
        throw new TypeError('boom');
      },
    });
    await expect(
      dispatchKioskCall(double.api, 'getSettings', { session: 'a-staff-session-0000' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});

describe('httpStatusFor', () => {
  it.each([
    ['invalid_input', 400],
    ['invalid_request', 400],
    ['unauthorized', 401],
    ['not_found', 404],
    ['slot_taken', 409],
    ['config', 503],
    ['unavailable', 503],
    ['internal', 500],
  ] as const)('%s -> %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });

  it('covers every error code', () => {
    for (const code of ErrorCode.options) expect(httpStatusFor(code)).toBeGreaterThanOrEqual(400);
  });
});
