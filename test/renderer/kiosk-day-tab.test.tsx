import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskDay } from '../../shared/kiosk-day';
import { ok } from '../../shared/result';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { emptyKioskDay } from './support/fake-kiosk-day';
import { renderApp, settle, tap } from './support/render-app';

/** Today (Monday 23 November, render-app's NOW) with two hours counted. */
function countedDay(from: string, to: string): KioskDay {
  const day = emptyKioskDay(from, to);
  const hour = (at: number, started: number, booked: number) => ({
    ...day.total,
    date: to,
    hour: at,
    started,
    reached: { ...day.total.reached, service: started, booked },
    abandoned: { ...day.total.abandoned, time: started - booked },
  });
  return {
    ...day,
    hours: [hour(9, 3, 1), hour(14, 4, 2)],
    days: [{ ...hour(0, 7, 3), date: to }],
    total: {
      ...hour(0, 7, 3),
      noTimeFound: 2,
      languages: { en: 5, ar: 2 },
      medianSecondsToBooked: 95,
    },
  };
}

const CSV = 'date,hour,started,booked\n2026-11-23,,7,3\n';

function kioskDayClient(): FakeKioskClient {
  const client = new FakeKioskClient({ settings: { mode: 'counter' } });
  const getKioskDay = client.getKioskDay;
  client.getKioskDay = async (input) => {
    const answer = await getKioskDay(input); // recorded, and refused without a session
    return answer.ok ? ok(countedDay(input.from, input.to)) : answer;
  };
  const exportKioskDay = client.exportKioskDay;
  client.exportKioskDay = async (input) => {
    const answer = await exportKioskDay(input);
    return answer.ok
      ? ok({ fileName: `kiosk-day-${input.from}-${input.to}.csv`, csv: CSV })
      : answer;
  };
  return client;
}

async function openKioskTab(client: FakeKioskClient): Promise<void> {
  renderApp(client);
  await settle();
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock/i);
  fireEvent.click(screen.getByRole('tab', { name: 'Kiosk' }));
  await settle();
}

const asked = (client: FakeKioskClient, method: string) =>
  client.calls
    .filter((call) => call.method === method)
    .map((call) => {
      const { from, to } = call.input as { from: string; to: string };
      return { from, to };
    });

const cells = (table: HTMLElement): string[][] =>
  [...table.querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
  );

beforeEach(() => {
  // jsdom has no 2D canvas: the chart draws nothing there, the table carries the numbers.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the counter's Kiosk tab (issue 41 part 3)", () => {
  it("shows today's counts from getKioskDay by hour, with the funnel and a chart for each", async () => {
    const client = kioskDayClient();
    await openKioskTab(client);
    expect(asked(client, 'getKioskDay')).toEqual([{ from: '2026-11-23', to: '2026-11-23' }]);
    expect(screen.getByRole('heading', { name: 'The kiosk day' })).toBeTruthy();
    expect(cells(screen.getByRole('table', { name: 'The counts' }))).toEqual([
      ['Day or hour', 'Started', 'Booked', 'Abandoned', 'No time found'],
      ['09:00', '3', '1', '2', '0'],
      ['14:00', '4', '2', '2', '0'],
      ['All', '7', '3', '4', '2'],
    ]);
    const steps = cells(screen.getByRole('table', { name: 'How far customers got' }));
    expect(steps[1]).toEqual(['Service', '7', '0']);
    expect(steps[3]).toEqual(['Time', '0', '4']);
    expect(steps[6]).toEqual(['Booked', '3', '0']);
    const charts = screen.getAllByRole('img');
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Sessions and bookings per hour',
      'How far customers got',
    ]);
    expect(charts.map((chart) => chart.getAttribute('aria-describedby'))).toEqual([
      'kiosk-day-rows',
      'kiosk-day-steps',
    ]);
    expect(screen.getByText('Median time to a booking').nextElementSibling?.textContent).toBe(
      '95 secs',
    );
    expect(screen.getByText('Languages').nextElementSibling?.textContent).toBe(
      'English 5, العربية 2',
    );
  });

  it('the range buttons ask for the last 7 and 30 days of the shop, then today again', async () => {
    const client = kioskDayClient();
    await openKioskTab(client);
    await tap('Last 7 days');
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('img', { name: 'Sessions and bookings per day' })).toBeTruthy();
    await tap('Last 30 days');
    await tap('Today');
    expect(asked(client, 'getKioskDay')).toEqual([
      { from: '2026-11-23', to: '2026-11-23' },
      { from: '2026-11-17', to: '2026-11-23' },
      { from: '2026-10-25', to: '2026-11-23' },
      { from: '2026-11-23', to: '2026-11-23' },
    ]);
  });

  it('"Export CSV" saves what exportKioskDay returns for the chosen range, under its file name', async () => {
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:kiosk-day';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const client = kioskDayClient();
    await openKioskTab(client);
    await tap('Last 7 days');
    await tap('Export CSV');
    expect(asked(client, 'exportKioskDay')).toEqual([{ from: '2026-11-17', to: '2026-11-23' }]);
    expect(downloads).toEqual(['kiosk-day-2026-11-17-2026-11-23.csv blob:kiosk-day']);
    expect(saved).toHaveLength(1);
    await act(async () => {
      expect(await saved[0]?.text()).toBe(CSV);
    });
    expect(saved[0]?.type).toBe('text/csv;charset=utf-8');
    expect(screen.getByText('Saved as kiosk-day-2026-11-17-2026-11-23.csv')).toBeTruthy();
  });
});
