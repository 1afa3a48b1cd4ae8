/**
 * Issue 37, a person's days on the screens: Ben does not work on Tuesdays. The counter keeps
 * the chosen Tuesday when he is chosen and says why nothing can be booked; the booking goes to
 * the day on screen. The kiosk shows him as not working that day, and his days on the way back.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { describe as describeItem } from '../../renderer/access/describe';
import { SPEECH_TEXT } from '../../renderer/access/speech-text';
import { ok } from '../../shared/result';
import { FakeKioskClient, type FakeKioskOptions } from './support/fake-kiosk-client';
import { renderApp, settle, tap, type } from './support/render-app';

afterEach(cleanup);

const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const isTuesday = (date: string): boolean => new Date(`${date}T12:00:00Z`).getUTCDay() === 2;

/**
 * The fake salon, with Ben away on Tuesdays: the kiosk's answer for him then lists no time (as
 * the core's availability model answers a person whose own list from the API is empty), and his
 * available days leave Tuesdays out; on other days the "anyone" list names him for the afternoon.
 */
function benOffOnTuesdays(options: FakeKioskOptions = {}): FakeKioskClient {
  const client = new FakeKioskClient(options);
  const slots = client.getTimeSlots;
  client.getTimeSlots = async (input) => {
    const answer = await slots(input);
    if (!answer.ok) return answer;
    const tuesday = isTuesday(input.date);
    if (input.employeeId === 'emp-ben')
      return tuesday ? ok({ ...answer.result, timeSlots: [] }) : answer;
    if (input.employeeId) return answer;
    return ok({
      ...answer.result,
      timeSlots: answer.result.timeSlots.map((slot) =>
        !tuesday && slot.available && slot.time >= '14:00'
          ? { ...slot, employeeId: 'emp-ben', employeeName: 'Ben Roth' }
          : slot,
      ),
    });
  };
  const days = client.getAvailableDays;
  client.getAvailableDays = async (input) => {
    const answer = await days(input);
    if (!answer.ok || input.employeeId !== 'emp-ben') return answer;
    const open = answer.result.availableDays.filter(
      (day) =>
        !isTuesday(
          `${input.year}-${String(input.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        ),
    );
    return ok({ ...answer.result, availableDays: open, totalDays: open.length });
  };
  return client;
}

const said = (element: Element): string =>
  describeItem(element, SPEECH_TEXT.en)
    .map((part) => part.text)
    .join(' ');
/** What audio mode says of an element: each piece with its language. */
const saidIn = (element: Element): [string, string][] =>
  describeItem(element, SPEECH_TEXT.en).map((part) => [part.text, part.lang]);

const day = (date: string): HTMLButtonElement => {
  const button = document.querySelector<HTMLButtonElement>(`.desk-day[data-date="${date}"]`);
  if (!button) throw new Error(`no day ${date} in the strip`);
  return button;
};

async function enterPin(pin: string): Promise<void> {
  for (const digit of pin) fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock|continue/i);
}

describe('the counter: a person who does not work on the chosen day', () => {
  it('is shown as such; choosing them keeps the day, says why, and a booking goes to the day on screen', async () => {
    const client = benOffOnTuesdays({ settings: { mode: 'counter', contentLanguage: 'de' } });
    renderApp(client);
    await settle();
    await enterPin('1234');
    await tap(/^Haircut/);
    fireEvent.click(day(TUESDAY));
    await settle();
    expect(screen.getByRole('heading', { name: 'Times on Tue 24 Nov' })).toBeTruthy();

    // Ben is in the row (he does haircuts), marked: not bookable that day, said with his name.
    const ben = screen.getByRole('button', { name: 'Ben Roth, not working that day' });
    expect(ben.getAttribute('data-person-day')).toBe('off');
    // Named by its content (no aria-label): the name in the shop's content language, the
    // note in the screen's, the comma only heard (issue 38 item 7).
    expect(ben.textContent).toBe('Ben Roth, not working that day');
    expect(ben.hasAttribute('aria-label')).toBe(false);
    expect(saidIn(ben)).toEqual([
      ['Ben Roth', 'de'],
      ['not working that day', 'en'],
    ]);
    expect(screen.getByRole('button', { name: 'Anna Berg' }).hasAttribute('data-person-day')).toBe(
      true,
    );

    fireEvent.click(ben);
    await settle();
    // The day stays chosen (not greyed out, not moved), and the note by the times says why.
    expect(day(TUESDAY).getAttribute('aria-pressed')).toBe('true');
    expect(day(TUESDAY).disabled).toBe(false);
    expect(day(TUESDAY).classList.contains('desk-day-closed')).toBe(true);
    const note = screen.getByTestId('desk-day-note');
    expect(note.textContent).toBe(
      'Ben Roth does not work on Tue 24 Nov. Choose another day or person.',
    );
    expect(note.getAttribute('role')).toBe('status');
    expect(day(TUESDAY).getAttribute('aria-describedby')).toBe(note.id);
    expect(said(day(TUESDAY))).toContain('Ben Roth does not work on Tue 24 Nov.');
    // No grid of struck-out times that were never his.
    expect(document.querySelectorAll('.desk-slot')).toHaveLength(0);
    // His days in the strip: no Tuesday but the chosen one; "Anyone" is still one tap away.
    expect(day('2026-12-01').disabled).toBe(true);
    expect(day(WEDNESDAY).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Anyone' })).toBeTruthy();
    expect(
      client.calls.some(
        (call) =>
          call.method === 'getAvailableDays' &&
          (call.input as { employeeId?: string }).employeeId === 'emp-ben',
      ),
    ).toBe(true);

    // Staff choose one of his days: the note goes, the grid says the date, Book books it.
    fireEvent.click(day(WEDNESDAY));
    await settle();
    expect(screen.getByTestId('desk-day-note').textContent).toBe('');
    expect(screen.getByRole('heading', { name: 'Times on Wed 25 Nov' })).toBeTruthy();
    await tap('14:00');
    await type('Name', 'Eva Muster');
    await type('E-mail', 'eva@example.com');
    await type('Phone', '+49 30 1234567');
    await tap('Book');
    expect(client.calls.find((call) => call.method === 'createBooking')?.input).toMatchObject({
      employeeId: 'emp-ben',
      date: WEDNESDAY,
      time: '14:00',
    });
  });

  it("a booking here takes the time from its person only, and the day's times are asked again", async () => {
    const client = benOffOnTuesdays({ settings: { mode: 'counter' } });
    renderApp(client);
    await settle();
    await enterPin('1234');
    await tap(/^Haircut/);
    fireEvent.click(day(WEDNESDAY));
    await settle();
    await tap('Anna Berg');
    const annaLookups = (): number =>
      client.calls.filter(
        (call) =>
          call.method === 'getTimeSlots' &&
          (call.input as { employeeId?: string }).employeeId === 'emp-anna',
      ).length;
    const before = annaLookups();
    await tap('14:00');
    await type('Name', 'Eva Muster');
    await type('E-mail', 'eva@example.com');
    await type('Phone', '+49 30 1234567');
    await tap('Book');
    expect(screen.getByText(/^Booked: A-\d{6}/)).toBeTruthy();
    expect(annaLookups()).toBeGreaterThan(before);
    const slot = (time: string): HTMLButtonElement | null =>
      document.querySelector<HTMLButtonElement>(`.desk-slot[data-time="${time}"]`);
    expect(slot('14:00')?.disabled).toBe(true);
    // Ben's 14:00 is his own: still on offer.
    await tap('Ben Roth');
    expect(slot('14:00')?.disabled).toBe(false);
  });

  it('a new service keeps the chosen day too, and says when nothing is free on it', async () => {
    const client = benOffOnTuesdays({ settings: { mode: 'counter' } });
    renderApp(client);
    await settle();
    await enterPin('1234');
    await tap(/^Haircut/);
    fireEvent.click(day(WEDNESDAY));
    await settle();
    const slots = client.getTimeSlots;
    client.getTimeSlots = async (input) => {
      const answer = await slots(input);
      if (!answer.ok || input.serviceId !== 'svc-colour') return answer;
      return ok({
        ...answer.result,
        timeSlots: answer.result.timeSlots.map((slot) => ({
          time: slot.time,
          available: false,
          reason: 'booked',
        })),
      });
    };
    await tap(/^Colour/);
    expect(day(WEDNESDAY).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('desk-day-note').textContent).toBe('Nothing free on Wed 25 Nov.');
  });
});

describe('the kiosk: a person who does not work on the chosen day', () => {
  it('is marked on the time screen; choosing them says why and leads to their days', async () => {
    const client = benOffOnTuesdays({ settings: { contentLanguage: 'de' } });
    renderApp(client);
    await settle();
    await tap(/touch to start/i);
    await tap(/^Haircut/);
    await tap(/24 November 2026/);
    const ben = screen.getByRole('button', { name: 'Ben Roth, not working that day' });
    expect(ben.classList.contains('chip-away')).toBe(true);
    expect(saidIn(ben)).toEqual([
      ['Ben Roth', 'de'],
      ['not working that day', 'en'],
    ]);

    fireEvent.click(ben);
    await settle();
    expect(document.querySelector('[data-screen="time"]')).not.toBeNull();
    expect(ben.getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getByText(
        'Ben Roth does not work on Tuesday, 24 November 2026. Please choose another day or another person.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No free times on this day. Please pick another day.')).toBeNull();
    expect(document.querySelectorAll('[data-screen="time"] .slot')).toHaveLength(0);

    await tap('Show the days with Ben Roth');
    expect(document.querySelector('[data-screen="day"]')).not.toBeNull();
    expect(screen.getByText('Days with Ben Roth')).toBeTruthy();
    const cell = (date: string): HTMLButtonElement | null =>
      document.querySelector<HTMLButtonElement>(`[data-screen="day"] [data-date="${date}"]`);
    expect(cell(TUESDAY)?.disabled).toBe(true);
    expect(cell(WEDNESDAY)?.disabled).toBe(false);
    await tap('Show the days with anyone');
    expect(screen.queryByText('Days with Ben Roth')).toBeNull();
    expect(cell(TUESDAY)?.disabled).toBe(false);
  });
});
