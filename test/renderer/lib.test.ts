import { describe, expect, it } from 'vitest';
import { addMinutes, monthGrid } from '../../renderer/lib/dates';
import { formatDuration, formatMonth, formatPrice, formatTime } from '../../renderer/lib/format';
import { shopInitials } from '../../renderer/lib/initials';
import { buildCalendar } from '../../renderer/lib/ical';
import { groupSlots } from '../../renderer/lib/slots';
import { validateField } from '../../renderer/lib/validation';

describe('renderer helpers', () => {
  it('groups slots into morning, afternoon and evening', () => {
    const slot = (time: string) => ({ time, available: true });
    expect(
      groupSlots([slot('17:30'), slot('09:00'), slot('12:00'), slot('11:45')]).map((g) => [
        g.part,
        g.slots.map((s) => s.time),
      ]),
    ).toEqual([
      ['morning', ['09:00', '11:45']],
      ['afternoon', ['12:00']],
      ['evening', ['17:30']],
    ]);
  });

  it.each([
    ['Salon Lindenhof', 'de', 'SL'],
    ['Frontdesk', 'en', 'F'],
    ['  friseur   am eck ', 'de', 'FA'],
    ['salon-inci', 'tr', 'Sİ'], // Turkish upper-cases the dotted i by its own rule
    ['Студія краси', 'uk', 'СК'],
  ])('gives the logo tile the shop initials: %s -> %s', (name, lang, initials) => {
    expect(shopInitials(name, lang)).toBe(initials);
  });

  it('capitalises only the month, not the year abbreviation (Ukrainian "р.")', () => {
    expect(formatMonth(2026, 11, 'uk-UA')).toBe('Листопад 2026 р.');
    expect(formatMonth(2026, 11, 'de-DE')).toBe('November 2026');
    expect(formatMonth(2026, 11, 'pl-PL')).toMatch(/^L/);
  });

  it('lays out a month Monday first', () => {
    const weeks = monthGrid(2026, 11); // 1 November 2026 is a Sunday
    expect(weeks[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]?.[6]).toEqual({ day: 1, date: '2026-11-01' });
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(addMinutes('23:30', 45)).toBe('00:15');
  });

  it('formats prices, durations and times per locale', () => {
    expect(formatPrice(32, 'EUR', 'de-DE')).toBe('32,00\u00a0€');
    expect(formatPrice(32, 'EUR', 'en-GB')).toBe('€32.00');
    expect(formatPrice(5, 'XYZW', 'en-GB')).toBe('5.00 XYZW');
    expect(formatDuration(90, 'en-GB')).toMatch(/^1 hr 30 mins?$/);
    expect(formatDuration(60, 'de-DE')).toBe('1 Std.');
    expect(formatTime('14:05', 'de-DE')).toBe('14:05');
  });

  it('maps schema issues to message keys', () => {
    const shop = 'Europe/Berlin';
    expect(validateField('name', '  ', shop)).toBe('required');
    expect(validateField('email', 'eva@', shop)).toBe('email');
    expect(validateField('email', 'eva@example.com', shop)).toBeNull();
    expect(validateField('phone', 'call me', shop)).toBe('phone');
    expect(validateField('phone', '12', shop)).toBe('tooShort');
    expect(validateField('name', 'x'.repeat(201), shop)).toBe('tooLong');
  });

  it('builds an iCalendar event in UTC from the business zone (no floating time) with escaped text', () => {
    const ics = buildCalendar([
      {
        uid: 'b1@frontdesk',
        title: 'Cut, wash; style',
        date: '2026-11-24',
        time: '09:30',
        endTime: '10:00',
        timeZone: 'Europe/Berlin',
        now: new Date('2026-11-21T10:00:00Z'),
      },
    ]);
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        // 09:30 in Berlin in November (UTC+1) is 08:30 UTC.
        'DTSTART:20261124T083000Z',
        'DTEND:20261124T090000Z',
        'DTSTAMP:20261121T100000Z',
        'SUMMARY:Cut\\, wash\\; style',
      ]),
    );
    // Summer time (UTC+2), another zone: each wall time is read in its own zone.
    const summer = (timeZone: string) =>
      buildCalendar([
        {
          uid: 'b2@frontdesk',
          title: 'Cut',
          date: '2026-07-01',
          time: '09:30',
          endTime: '10:00',
          timeZone,
          now: new Date('2026-06-21T10:00:00Z'),
        },
      ]).split('\r\n');
    expect(summer('Europe/Berlin')).toContain('DTSTART:20260701T073000Z');
    expect(summer('Europe/Istanbul')).toContain('DTSTART:20260701T063000Z');
    expect(
      summer('Europe/Berlin').filter((line) => /^DT(START|END):\d{8}T\d{6}$/.test(line)),
    ).toEqual([]);
  });
});
