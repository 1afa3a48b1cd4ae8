/**
 * The semantic checks beside the operations table (shared/api/answer-checks.ts): answers that
 * pass the schemas but make no sense for what was asked name their first wrong field; the
 * reference server's kind of answer passes.
 */
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../shared/api/answer-checks';
import type { BookingRequest, BookingResponse, Service } from '../../../shared/api/schemas';
import { apiService } from '../../support/api-fixtures';
import { Nonsense } from '../../support/variant-upstream/nonsense';

const service: Service = apiService('svc-1', {
  title: 'Cut',
  category: 'hair',
  pricing: { price: 35, currency: 'EUR', taxRate: 19 },
  duration: { value: 45, unit: 'minutes' },
});
const request: BookingRequest = {
  serviceId: 'svc-1',
  employeeId: 'emp-1',
  date: '2026-11-24',
  time: '10:00',
  customer: { name: 'A', email: 'a@example.com', phone: '123' },
};
const booking = {
  bookingId: 'b1',
  appointmentNumber: 'A-000001',
  service: { title: 'Cut', duration: 45 },
  employee: { name: 'Anna', email: 'anna@example.com' },
  appointment: { date: '2026-11-24', time: '10:00', endTime: '10:45' },
  customer: { name: 'A', email: 'a@example.com', customerNumber: 'K-00001' },
  status: 'confirmed',
  emailSent: false,
} satisfies BookingResponse;
const asked = { year: 2026, month: 11, serviceId: 'svc-1' };

describe('checkAnswer', () => {
  it('passes answers that make sense', () => {
    expect(
      checkAnswer(
        'getServices',
        [service, { ...service, duration: { value: 1.5, unit: 'hours' } }],
        undefined,
      ),
    ).toBeNull();
    expect(checkAnswer('getEmployees', [], undefined)).toBeNull();
    expect(
      checkAnswer(
        'getAvailableDays',
        { year: 2026, month: 11, availableDays: [24, 30], totalDays: 30 },
        asked,
      ),
    ).toBeNull();
    expect(
      checkAnswer(
        'getTimeSlots',
        {
          date: '2026-11-24',
          timeSlots: [
            { time: '10:00', available: true, employeeId: 'emp-1' },
            { time: '10:15', available: false },
          ],
        },
        { date: '2026-11-24', serviceId: 'svc-1', employeeId: 'emp-1' },
      ),
    ).toBeNull();
    expect(checkAnswer('book', booking, request)).toBeNull();
  });

  it.each([
    [
      'a negative price',
      { ...service, pricing: { ...service.pricing, price: -1 } },
      'data[1].pricing.price',
    ],
    [
      'a tax rate of 1900 %',
      { ...service, pricing: { ...service.pricing, taxRate: 1900 } },
      'data[1].pricing.taxRate',
    ],
    [
      'a currency that is no code',
      { ...service, pricing: { ...service.pricing, currency: '€€€' } },
      'data[1].pricing.currency',
    ],
    [
      '28 million hours',
      { ...service, duration: { value: 28_000_000, unit: 'hours' as const } },
      'data[1].duration',
    ],
    [
      'no duration',
      { ...service, duration: { value: 0, unit: 'minutes' as const } },
      'data[1].duration',
    ],
  ])('services: %s', (_name, wrong, field) => {
    expect(checkAnswer('getServices', [service, wrong], undefined)).toEqual({
      operation: 'getServices',
      field,
    });
  });

  it.each([
    ['another year', { year: 6491, month: 11, availableDays: [1], totalDays: 30 }, 'data.year'],
    ['another month', { year: 2026, month: 12, availableDays: [1], totalDays: 31 }, 'data.month'],
    [
      '31 November',
      { year: 2026, month: 11, availableDays: [31], totalDays: 30 },
      'data.availableDays',
    ],
    [
      'a month of 40 days',
      { year: 2026, month: 11, availableDays: [1], totalDays: 40 },
      'data.totalDays',
    ],
  ])('available days: %s', (_name, days, field) => {
    expect(checkAnswer('getAvailableDays', days, asked)?.field).toBe(field);
  });

  it('slots: another day, another employee, an empty employee id', () => {
    const query = { date: '2026-11-24', serviceId: 'svc-1', employeeId: 'emp-1' };
    const slot = { time: '10:00', available: true, employeeId: 'emp-1' };
    expect(
      checkAnswer('getTimeSlots', { date: '2126-01-01', timeSlots: [slot] }, query)?.field,
    ).toBe('data.date');
    expect(
      checkAnswer(
        'getTimeSlots',
        { date: query.date, timeSlots: [slot, { ...slot, employeeId: 'emp-2' }] },
        query,
      )?.field,
    ).toBe('data.timeSlots[1].employeeId');
    expect(
      checkAnswer(
        'getTimeSlots',
        { date: query.date, timeSlots: [{ ...slot, employeeId: '' }] },
        { ...query, employeeId: undefined },
      )?.field,
    ).toBe('data.timeSlots[0].employeeId');
  });

  it('booking: another day or time, a duration of millions of minutes', () => {
    const wrong = (patch: Partial<BookingResponse>) =>
      checkAnswer('book', { ...booking, ...patch }, request)?.field;
    expect(wrong({ appointment: { ...booking.appointment, date: '2026-11-25' } })).toBe(
      'data.appointment.date',
    );
    expect(wrong({ appointment: { ...booking.appointment, time: '23:59' } })).toBe(
      'data.appointment.time',
    );
    expect(wrong({ service: { title: 'Cut', duration: 28_000_000 * 60 } })).toBe(
      'data.service.duration',
    );
  });

  it('no answer of the seeded nonsense mode passes', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const nonsense = new Nonsense(seed);
      expect(checkAnswer('getServices', nonsense.services([service]), undefined)).not.toBeNull();
      expect(checkAnswer('getAvailableDays', nonsense.availableDays(asked), asked)).not.toBeNull();
      expect(
        checkAnswer('getTimeSlots', nonsense.timeSlots(), {
          date: '2026-11-24',
          serviceId: 'svc-1',
        }),
      ).not.toBeNull();
      expect(checkAnswer('book', nonsense.booking(booking), request)).not.toBeNull();
    }
  });
});
