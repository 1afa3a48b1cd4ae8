import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(() => {
  cleanup();
  document.documentElement.className = '';
});

describe('the customer access bar (issue 31)', () => {
  it('"Call staff" (and F2) asks for a person once and says when staff answered', async () => {
    const { client } = renderApp();
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    await tap('Call staff');
    expect(screen.getByRole('alert').textContent).toMatch(/Someone is coming to help you/);
    fireEvent.keyDown(window, { key: 'F2' });
    await settle();
    const calls = client.calls.filter((call) => call.method === 'callStaff');
    expect(calls).toHaveLength(2);
    expect(client.staffCalls).toHaveLength(1); // the same open call
    await act(async () => {
      await client.answerStaffCall({ id: client.staffCalls[0]?.id ?? '' });
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/is on the way/);
  });

  it('reach mode is a toggle on the document with the reach line, and ends with the session', async () => {
    renderApp();
    await settle();
    const toggle = screen.getByRole('button', { name: /Controls lower/ });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await tap(/Controls lower/);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.classList.contains('reach-mode')).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--reach-line')).toBe('50vh');
    await tap(/touch to start/i);
    // Back to the start keeps the customer's session (issue 38 item 1); Start over ends it.
    await tap(/Back/);
    expect(document.documentElement.classList.contains('reach-mode')).toBe(true);
    await tap(/touch to start/i);
    await tap(/^Haircut/);
    await tap(/Start over/);
    expect(document.documentElement.classList.contains('reach-mode')).toBe(false);
  });
});

describe('calls for help on a staff screen (issue 31)', () => {
  it('a counter screen lists open calls without a staff session and clears one when answered', async () => {
    const client = new FakeKioskClient({ settings: { mode: 'counter' } });
    renderApp(client);
    await settle();
    expect(document.querySelector('[data-screen="pin"]')).not.toBeNull();
    expect(screen.queryByTestId('staff-call')).toBeNull();
    await act(async () => {
      await client.callStaff({ screen: 'Kiosk 3' });
    });
    await settle();
    expect(screen.getByTestId('staff-call').textContent).toMatch(/Kiosk 3 needs help/);
    await tap('On my way');
    expect(screen.queryByTestId('staff-call')).toBeNull();
    expect(client.staffCalls).toEqual([]);
  });
});
