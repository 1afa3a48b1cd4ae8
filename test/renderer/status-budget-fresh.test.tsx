/**
 * Issue 28: the staff status bar's API budget went stale. A minute without a request gives the
 * minute's budget back but makes no status event, so the bar reads the status again while shown
 * (the core counts the budget afresh at every read: test/integration/core/budget-status).
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../shared/kiosk-api';
import { STATUS_REREAD_MS } from '../../renderer/hooks/use-sync-status';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const budget = (minute: number): SyncStatus['budget'] => ({
  minute: { limit: 60, remaining: minute },
  day: { limit: 1000, remaining: 940 },
});

const budgetText = (): string => screen.getByTestId('status-budget').textContent ?? '';

async function openStaff(client: FakeKioskClient): Promise<void> {
  renderApp(client);
  await settle();
  await tap('Staff');
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock|continue/i);
}

it("a quiet minute: the bar shows the minute's budget back without a status event", async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const client = new FakeKioskClient();
  client.status = { ...client.status, budget: budget(57) };
  await openStaff(client);
  expect(budgetText()).toBe('API requests left: 57 of 60 this minute, 940 of 1000 today');
  // The minute passes with no request: the core's count is full again, and nothing is emitted.
  client.status = { ...client.status, budget: budget(60) };
  act(() => {
    vi.advanceTimersByTime(STATUS_REREAD_MS);
  });
  await settle();
  expect(budgetText()).toBe('API requests left: 60 of 60 this minute, 940 of 1000 today');
});

it('a hidden page does not ask; it reads the status again as soon as it is shown', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const client = new FakeKioskClient();
  client.status = { ...client.status, budget: budget(57) };
  await openStaff(client);
  const reads = (): number => client.calls.filter((c) => c.method === 'getSyncStatus').length;
  const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  const before = reads();
  client.status = { ...client.status, budget: budget(60) };
  act(() => {
    vi.advanceTimersByTime(3 * STATUS_REREAD_MS);
  });
  await settle();
  expect(reads()).toBe(before);
  expect(budgetText()).toContain('57 of 60');
  hidden.mockReturnValue('visible');
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await settle();
  expect(budgetText()).toContain('60 of 60');
});

it('a read answered after a newer status event does not undo it', async () => {
  const client = new FakeKioskClient();
  client.status = { ...client.status, budget: budget(57) };
  await openStaff(client);
  let answer: () => void = () => undefined;
  const read = client.getSyncStatus;
  client.getSyncStatus = async (input) => {
    const old = await read(input); // read now, answered later
    await new Promise<void>((resolve) => (answer = resolve));
    return old;
  };
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await settle();
  act(() => client.emit({ type: 'status', status: { ...client.status, budget: budget(55) } }));
  await act(async () => {
    answer();
    await settle();
  });
  expect(budgetText()).toContain('55 of 60');
});
