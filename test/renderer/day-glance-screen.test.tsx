import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayGlance, GlanceBooking } from '../../shared/kiosk-api';
import { fail, type Result } from '../../shared/result';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function booking(overrides: Partial<GlanceBooking> = {}): GlanceBooking {
  return {
    localId: 'l-1',
    reference: 'FD-ABCD-2345',
    customerName: 'Eva Muster',
    serviceId: 'svc-colour',
    time: '09:30',
    state: 'sent',
    ...overrides,
  };
}

/**
 * Anna: 09:00 past, 09:30-10:00 a booking of this kiosk (Eva), 10:30 free, 11:00 busy.
 * Ben: all free (his list of an hour ago). Cleo: the mirror has not fetched her day yet.
 */
const GLANCE: DayGlance = {
  date: '2026-11-24',
  times: ['09:00', '09:30', '10:00', '10:30', '11:00'],
  employees: [
    {
      employeeId: 'emp-anna',
      name: 'Anna Berg',
      serviceId: 'svc-cut',
      asOf: '2026-11-24T08:15:00.000Z',
      cells: [
        { time: '09:00', state: 'past' },
        { time: '09:30', state: 'booked', booking: booking() },
        { time: '10:00', state: 'booked', booking: booking() },
        { time: '10:30', state: 'free' },
        { time: '11:00', state: 'busy' },
      ],
    },
    {
      employeeId: 'emp-ben',
      name: 'Ben Roth',
      serviceId: 'svc-cut',
      asOf: null,
      cells: ['09:00', '09:30', '10:00', '10:30', '11:00'].map((time) => ({
        time,
        state: 'free' as const,
      })),
    },
    { employeeId: 'emp-cleo', name: 'Cleo Sand', serviceId: null, asOf: null, cells: [] },
  ],
};

async function openToday(client: FakeKioskClient): Promise<void> {
  renderApp(client);
  await settle();
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock/i);
  fireEvent.click(screen.getByRole('tab', { name: 'Today' }));
  await settle();
}

function counterClient(glance: DayGlance = GLANCE): FakeKioskClient {
  const client = new FakeKioskClient({ settings: { mode: 'counter' } });
  client.dayGlance = glance;
  return client;
}

const grid = (): HTMLElement => screen.getByRole('grid', { name: 'Today at a glance' });
const cellOf = (employee: string, time: string): HTMLElement => {
  const cell = grid().querySelector<HTMLElement>(
    `[data-employee="${employee}"][data-time="${time}"]`,
  );
  if (!cell) throw new Error(`no cell ${employee} ${time}`);
  return cell;
};
const glanceCalls = (client: FakeKioskClient): number =>
  client.calls.filter((call) => call.method === 'getDayGlance').length;

describe('Today at a glance', () => {
  it('has one column per employee with their name, and the time of each list where known', async () => {
    const client = counterClient();
    await openToday(client);
    expect(screen.getByRole('heading', { name: 'Today at a glance' })).toBeTruthy();
    expect(screen.getByText('Tap a free time to book it.')).toBeTruthy();
    const headers = within(grid()).getAllByRole('columnheader');
    // The corner above the times, then one per employee, in order.
    expect(headers.map((header) => header.querySelector('strong')?.textContent ?? '')).toEqual([
      '',
      'Anna Berg',
      'Ben Roth',
      'Cleo Sand',
    ]);
    expect(headers[1]?.querySelector('small')?.textContent).toMatch(/^as of .+/);
    expect(headers[2]?.querySelector('small')).toBeNull();
    expect(headers[3]?.querySelector('small')).toBeNull();
    // One row per time (plus the header row), each with its time and a cell per employee.
    const rows = within(grid()).getAllByRole('row');
    expect(rows).toHaveLength(1 + GLANCE.times.length);
    expect(
      within(grid())
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(GLANCE.times);
    for (const row of rows.slice(1)) expect(within(row).getAllByRole('gridcell')).toHaveLength(3);
    expect(grid().style.gridTemplateColumns).toBe('5rem repeat(3, minmax(10rem, 1fr))');
    expect(client.calls.filter((call) => call.method === 'getDayGlance')).toEqual([
      { method: 'getDayGlance', input: { session: expect.any(String) as string } },
    ]);
  });

  it('shows free times as buttons, busy and past times as such, and no button for either', async () => {
    await openToday(counterClient());
    const free = screen.getByRole('button', { name: '10:30, Anna Berg: free' });
    // Named by its content: the name marked with the shop's content language (issue 38 item 7).
    expect(free.hasAttribute('aria-label')).toBe(false);
    expect(free.querySelector('[lang]')?.textContent).toBe('Anna Berg');
    expect(free.querySelector('[aria-hidden="true"]')?.textContent).toBe('free');
    expect(free.className).toBe('glance-free');
    expect(free.parentElement?.getAttribute('role')).toBe('gridcell');
    expect(free.dataset).toMatchObject({ employee: 'emp-anna', time: '10:30' });
    expect(cellOf('emp-anna', '11:00').className).toBe('glance-cell glance-busy');
    expect(cellOf('emp-anna', '11:00').textContent).toBe('busy');
    expect(cellOf('emp-anna', '09:00').className).toBe('glance-cell glance-past');
    expect(cellOf('emp-anna', '09:00').textContent).toBe('past');
    expect(screen.queryByRole('button', { name: /11:00, Anna Berg/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /09:00, Anna Berg/ })).toBeNull();
    // Ben is free all day: five buttons.
    expect(screen.getAllByRole('button', { name: /Ben Roth: free$/ })).toHaveLength(5);
  });

  it("labels this kiosk's booking with the customer's name and the service, once, where it starts", async () => {
    await openToday(counterClient());
    const start = cellOf('emp-anna', '09:30');
    expect(start.className).toBe('glance-cell glance-booked glance-booked-start');
    expect(start.querySelector('strong')?.textContent).toBe('Eva Muster');
    expect(start.textContent).toBe('Eva Muster Colour');
    const rest = cellOf('emp-anna', '10:00');
    expect(rest.className).toBe('glance-cell glance-booked');
    expect(rest.textContent).toBe('');
    expect(screen.getAllByText('Eva Muster')).toHaveLength(1);
  });

  it('a booking of a service the catalog no longer has shows the name alone', async () => {
    const glance: DayGlance = {
      date: '2026-11-24',
      times: ['09:00'],
      employees: [
        {
          ...GLANCE.employees[0]!,
          cells: [
            {
              time: '09:00',
              state: 'booked',
              booking: booking({ time: '09:00', serviceId: 'svc-gone', customerName: 'Tom' }),
            },
          ],
        },
      ],
    };
    await openToday(counterClient(glance));
    expect(cellOf('emp-anna', '09:00').textContent).toBe('Tom ');
  });

  it('a booked time without a booking of this kiosk shows no name (as a taken time)', async () => {
    const glance: DayGlance = {
      date: '2026-11-24',
      times: ['09:00'],
      employees: [{ ...GLANCE.employees[0]!, cells: [{ time: '09:00', state: 'booked' }] }],
    };
    await openToday(counterClient(glance));
    const cell = cellOf('emp-anna', '09:00');
    expect(cell.className).toBe('glance-cell glance-booked');
    expect(cell.querySelector('strong')).toBeNull();
    expect(within(grid()).queryAllByRole('button')).toHaveLength(0);
  });

  it('a person whose day is not fetched yet is said once, at the top of the column', async () => {
    await openToday(counterClient());
    const cleo = within(grid())
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('gridcell')[2] as HTMLElement);
    expect(cleo.map((cell) => cell.className)).toEqual(
      GLANCE.times.map(() => 'glance-cell glance-unknown'),
    );
    expect(cleo.map((cell) => cell.textContent)).toEqual([
      'Not known yet: the kiosk fetches this day within a few minutes.',
      '',
      '',
      '',
      '',
    ]);
  });

  it('a free time of a person with no service known cannot be tapped', async () => {
    const glance: DayGlance = {
      date: '2026-11-24',
      times: ['09:00'],
      employees: [
        {
          employeeId: 'emp-cleo',
          name: 'Cleo Sand',
          serviceId: null,
          asOf: null,
          cells: [{ time: '09:00', state: 'free' }],
        },
      ],
    };
    await openToday(counterClient(glance));
    expect(within(grid()).queryAllByRole('button')).toHaveLength(0);
    expect(cellOf('emp-cleo', '09:00').className).toBe('glance-cell glance-free');
  });

  it('tapping a free time opens the counter booking with service, person, day and time chosen', async () => {
    const client = counterClient();
    await openToday(client);
    fireEvent.click(screen.getByRole('button', { name: '10:30, Ben Roth: free' }));
    await settle();
    expect(screen.getByRole('tab', { name: 'New booking' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(document.querySelector('[data-screen="day-glance"]')).toBeNull();
    expect(document.querySelector('[data-screen="counter-booking"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Haircut' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(document.querySelector('[data-date="2026-11-24"]')?.getAttribute('aria-pressed')).toBe(
      'true',
    );
    // The cursor waits in the name field; the time is chosen, so booking needs only the customer.
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Walk In' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'walk@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+49 30 1234567' } });
    await tap('Book');
    const created = client.calls.filter((call) => call.method === 'createBooking');
    expect(created).toHaveLength(1);
    expect(created[0]?.input).toMatchObject({
      serviceId: 'svc-cut',
      employeeId: 'emp-ben',
      date: '2026-11-24',
      time: '10:30',
    });
  });

  it('the grid is one Tab stop, on the first free time; the arrows move through it', async () => {
    await openToday(counterClient());
    const buttons = within(grid()).getAllByRole('button');
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([
      screen.getByRole('button', { name: '09:00, Ben Roth: free' }),
    ]);
    const first = buttons[0] as HTMLButtonElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'End' });
    expect(document.activeElement).toBe(buttons.at(-1));
  });

  it('with no free time at all there is no Tab stop in the grid', async () => {
    const glance: DayGlance = {
      date: '2026-11-24',
      times: ['09:00'],
      employees: [{ ...GLANCE.employees[0]!, cells: [{ time: '09:00', state: 'busy' }] }],
    };
    await openToday(counterClient(glance));
    expect(cellOf('emp-anna', '09:00').textContent).toBe('busy');
    expect(grid().querySelectorAll('[tabindex="0"]')).toHaveLength(0);
  });

  it('says so when no employee is known yet', async () => {
    await openToday(counterClient({ date: '2026-11-24', times: [], employees: [] }));
    expect(screen.getByText('No employee is known yet.')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('says the day is not known yet when employees are known but no time is', async () => {
    await openToday(
      counterClient({
        date: '2026-11-24',
        times: [],
        employees: [{ ...GLANCE.employees[1]!, cells: [] }],
      }),
    );
    expect(
      screen.getByText('Not known yet: the kiosk fetches this day within a few minutes.'),
    ).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByText('Ben Roth')).toBeNull();
  });

  it('shows "loading" until the answer comes', async () => {
    const client = counterClient();
    let answer: (result: Result<DayGlance>) => void = () => undefined;
    client.getDayGlance = () =>
      new Promise<Result<DayGlance>>((resolve) => {
        answer = resolve;
      });
    await openToday(client);
    const panel = document.querySelector('[data-screen="day-glance"]') as HTMLElement;
    expect(within(panel).getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    await act(async () => {
      answer({ ok: true, result: GLANCE });
      await Promise.resolve();
    });
    await settle();
    expect(within(panel).queryByText('Loading…')).toBeNull();
    expect(grid()).toBeTruthy();
  });

  it("shows the core's error when the day cannot be read", async () => {
    const client = counterClient();
    client.getDayGlance = () => Promise.resolve(fail('unavailable', 'mirror closed'));
    await openToday(client);
    const panel = document.querySelector('[data-screen="day-glance"]') as HTMLElement;
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The booking service cannot be reached.',
    );
    expect(screen.queryByRole('grid')).toBeNull();
    expect(within(panel).queryByText('Loading…')).toBeNull();
    // Not a session problem: the staff area stays open.
    expect(document.querySelector('[data-screen="staff"]')).not.toBeNull();
  });

  it('a staff session the core no longer knows locks the staff area', async () => {
    const client = counterClient();
    renderApp(client);
    await settle();
    for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
    await tap(/unlock/i);
    client.sessions.clear();
    fireEvent.click(screen.getByRole('tab', { name: 'Today' }));
    await settle();
    expect(document.querySelector('[data-screen="staff"]')).toBeNull();
  });

  it('follows the day every minute while open, and stops asking once closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const client = counterClient();
    await openToday(client);
    expect(glanceCalls(client)).toBe(1);
    expect(cellOf('emp-anna', '11:00').textContent).toBe('busy');
    // A minute on, Anna's 11:00 is free: the view shows it without a tap.
    client.dayGlance = {
      ...GLANCE,
      employees: GLANCE.employees.map((column) =>
        column.employeeId === 'emp-anna'
          ? {
              ...column,
              cells: column.cells.map((cell) =>
                cell.time === '11:00' ? { ...cell, state: 'free' as const } : cell,
              ),
            }
          : column,
      ),
    };
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    await settle();
    expect(glanceCalls(client)).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await settle();
    expect(glanceCalls(client)).toBe(2);
    expect(screen.getByRole('button', { name: '11:00, Anna Berg: free' })).toBeTruthy();
    // Another tab: the view is closed and asks no more.
    fireEvent.click(screen.getByRole('tab', { name: 'Bookings' }));
    await settle();
    act(() => {
      vi.advanceTimersByTime(180_000);
    });
    await settle();
    expect(glanceCalls(client)).toBe(2);
  });

  it('an answer that comes after the view was closed is dropped', async () => {
    const client = counterClient();
    let answer: (result: Result<DayGlance>) => void = () => undefined;
    client.getDayGlance = () =>
      new Promise<Result<DayGlance>>((resolve) => {
        answer = resolve;
      });
    await openToday(client);
    fireEvent.click(screen.getByRole('tab', { name: 'Bookings' }));
    await settle();
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      answer({ ok: true, result: GLANCE });
      await Promise.resolve();
    });
    await settle();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
  it('issue 38 item 15c: a person who does not work that day is said to be off, not busy; the next days are one tap away', async () => {
    const client = counterClient({
      ...GLANCE,
      employees: [
        ...GLANCE.employees,
        {
          employeeId: 'emp-dora',
          name: 'Dora Lind',
          serviceId: 'svc-cut',
          asOf: '2026-11-24T08:15:00.000Z',
          off: true,
          cells: [],
        },
      ],
    });
    // The core answers each day asked for with that day (the fake: the same columns).
    const answer = client.getDayGlance;
    client.getDayGlance = async (input) => {
      const result = await answer(input);
      return result.ok && input.date
        ? { ok: true, result: { ...result.result, date: input.date } }
        : result;
    };
    await openToday(client);
    const dora = grid().querySelectorAll<HTMLElement>('[data-employee="emp-dora"]');
    expect([...dora].map((cell) => cell.textContent)).toEqual([
      'Not working this day',
      '',
      '',
      '',
      '',
    ]);
    expect(within(grid()).queryAllByText('busy').length).toBe(1); // Anna's 11:00 only
    // Today and the next six days; a later day is asked for by its date.
    const days = within(screen.getByRole('group', { name: 'Day' })).getAllByRole('button');
    expect(days).toHaveLength(7);
    expect(days[0]?.textContent).toBe('Today');
    expect(days[0]?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(days[2]!);
    await settle();
    expect(client.calls.filter((call) => call.method === 'getDayGlance').at(-1)?.input).toEqual({
      session: expect.any(String) as string,
      date: '2026-11-26',
    });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/at a glance$/);
    expect(screen.getByRole('heading', { level: 2 }).textContent).not.toBe('Today at a glance');
    expect(days[2]?.getAttribute('aria-pressed')).toBe('true');
  });
  it('issue 38 item 15e: a day no one works reads as closed, "Not known yet" only while a column is unknown', async () => {
    const off = (employeeId: string, name: string) => ({
      employeeId,
      name,
      serviceId: 'svc-cut',
      asOf: '2026-11-24T08:15:00.000Z',
      off: true,
      cells: [],
    });
    const closed: DayGlance = {
      date: '2026-11-29',
      times: [],
      employees: [off('emp-anna', 'Anna Berg'), off('emp-ben', 'Ben Roth')],
    };
    const client = counterClient(closed);
    await openToday(client);
    expect(screen.getByText('No one works this day: the shop is closed.')).toBeTruthy();
    expect(screen.queryByText(/Not known yet/)).toBeNull();
    // One column the mirror does not know yet: not known, as before.
    client.dayGlance = {
      ...closed,
      employees: [off('emp-anna', 'Anna Berg'), GLANCE.employees[2]!],
    };
    fireEvent.click(within(screen.getByRole('group', { name: 'Day' })).getAllByRole('button')[1]!);
    await settle();
    expect(screen.getByText(/^Not known yet/)).toBeTruthy();
    expect(screen.queryByText(/the shop is closed/)).toBeNull();
  });
});
