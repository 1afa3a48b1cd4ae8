/**
 * Issue 41 part 3: the walk-in flow tells the core's kiosk day where its customer goes (the
 * steps, booked, abandoned where, no time found), each report with the screen's language and
 * modes, and nothing else: no name, e-mail, phone or booking id.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../shared/result';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { fillDetails, renderApp, tap, walkToDetails } from './support/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const kinds = (client: FakeKioskClient) =>
  client.flowReports.map((report) => (report.step ? `${report.kind}:${report.step}` : report.kind));

describe('the walk-in flow reports its steps to the kiosk day', () => {
  it('a booking: started, each step once, booked; in the screen’s language, no customer data', async () => {
    const { client } = renderApp();
    await walkToDetails();
    await fillDetails();
    await tap(/continue/i);
    await screen.findByText('This time is still free.');
    await tap('Book now');
    expect(screen.getByTestId('appointment-number')).toBeTruthy();
    expect(kinds(client)).toEqual([
      'started',
      'step:service',
      'step:day',
      'step:time',
      'step:details',
      'step:review',
      'step:booked',
    ]);
    for (const report of client.flowReports) expect(report.language).toBe('en');
    const sent = JSON.stringify(client.flowReports);
    for (const personal of ['Eva', 'eva@example.com', '1234567', 'A-000001'])
      expect(sent).not.toContain(personal);
    // Finishing after the booking is not an abandoned session.
    await tap(/^(Done|Finish)/);
    expect(kinds(client)).not.toContain('abandoned');
  });

  it('back steps report the step the customer is on; the idle reset abandons there', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setInterval', 'clearInterval', 'Date'],
    });
    const client = new FakeKioskClient({ settings: { idleTimeoutSec: 15 } });
    renderApp(client);
    await walkToDetails();
    await tap(/^back/i);
    expect(kinds(client).slice(-1)).toEqual(['step:time']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(40_000);
    });
    expect(document.querySelector('[data-screen="start"]')).not.toBeNull();
    expect(kinds(client)).toEqual([
      'started',
      'step:service',
      'step:day',
      'step:time',
      'step:details',
      'step:time',
      'abandoned',
    ]);
  });

  it('a day with no free time is reported once as "no time found"', async () => {
    const client = new FakeKioskClient();
    client.getTimeSlots = (input) => {
      client.calls.push({ method: 'getTimeSlots', input });
      return Promise.resolve(
        ok({
          date: input.date,
          timeSlots: [{ time: '09:00', available: false, reason: 'booked' as const }],
          source: 'live' as const,
          asOf: null,
        }),
      );
    };
    renderApp(client);
    await walkToDetails().catch(() => undefined); // no 09:30 to tap on a full day
    expect(screen.getByTestId('time-none')).toBeTruthy();
    expect(kinds(client).filter((kind) => kind === 'noTimeFound')).toHaveLength(1);
  });
});
