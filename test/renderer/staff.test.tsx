import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_RECOVERY_CODE, FakeKioskClient, SETUP_CODE } from './support/fake-kiosk-client';
import { SLOT_TAKEN_REFUSAL } from '../../shared/kiosk-data';
import { localBooking, refusedBooking } from './support/local-booking';
import { renderApp, settle, tap } from './support/render-app';

const LOST_AND_TAKEN_TEXT = 'The answer to this booking was lost';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function enterPin(pin: string, unlock: RegExp = /unlock|continue/i): Promise<void> {
  for (const digit of pin) fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(unlock);
}

describe('staff area', () => {
  it('first run of the demo asks for the setup code, then a new PIN twice, sets it with setupStaffPin and says it is the demo', async () => {
    const client = new FakeKioskClient({ pin: null });
    renderApp(client);
    await settle();
    await tap('Staff');
    fireEvent.change(screen.getByLabelText(/setup code/i), { target: { value: SETUP_CODE } });
    await tap('Continue');
    expect(screen.getByRole('heading', { name: 'Choose a staff PIN' })).toBeTruthy();
    await enterPin('2468');
    expect(screen.getByText('Enter the same PIN again')).toBeTruthy();
    await enterPin('2468');
    expect(client.pin).toBe('2468');
    expect(client.calls.filter((call) => call.method === 'setupStaffPin')).toEqual([
      { method: 'setupStaffPin', input: { pin: '***', setupCode: SETUP_CODE } },
    ]);
    expect(document.querySelector('[data-screen="staff"]')).not.toBeNull();
    expect(screen.getByText(/Demo mode: this kiosk books with built-in demo data/)).toBeTruthy();
  });

  it('a remote kiosk without a PIN shows "being set up" to customers; staff need the setup code, checked before the PIN', async () => {
    const client = new FakeKioskClient({ pin: null, upstream: 'remote' });
    renderApp(client);
    await settle();
    expect(screen.getByRole('heading', { name: 'This kiosk is being set up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /touch to start/i })).toBeNull();
    await tap('Staff');
    fireEvent.change(screen.getByLabelText(/setup code/i), { target: { value: 'wxyz-9999' } });
    await tap('Continue');
    // Refused at once: staff do not choose a PIN twice for a wrong code.
    expect(
      screen.getByText('This setup code is not right. Please check it and try again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose a staff PIN' })).toBeNull();
    expect(client.calls.filter((call) => call.method === 'checkSetupCode')).toEqual([
      { method: 'checkSetupCode', input: { setupCode: 'WXYZ-9999' } },
    ]);
    expect(client.pin).toBeNull();
    fireEvent.change(screen.getByLabelText(/setup code/i), {
      target: { value: SETUP_CODE.toLowerCase() },
    });
    await tap('Continue');
    await enterPin('2468');
    await enterPin('2468');
    expect(client.pin).toBe('2468');
    expect(document.querySelector('[data-screen="staff"]')).not.toBeNull();
    expect(screen.queryByText(/Demo mode/)).toBeNull();
  });

  it('a staff session the core no longer knows locks the staff area', async () => {
    const client = new FakeKioskClient();
    renderApp(client);
    await settle();
    await tap('Staff');
    await enterPin('1234');
    expect(document.querySelector('[data-screen="outbox"]')).not.toBeNull();
    client.sessions.clear(); // expired in the core
    await tap('Refresh');
    expect(document.querySelector('[data-screen="staff"]')).toBeNull();
    expect(document.querySelector('[data-screen="start"]')).not.toBeNull();
  });

  it('tells staff after they log in how many wrong PINs were entered at this screen before', async () => {
    const client = new FakeKioskClient();
    renderApp(client);
    await settle();
    await tap('Staff');
    await enterPin('9999');
    await enterPin('9998');
    await enterPin('1234');
    expect(screen.getByTestId('failed-pins').textContent).toBe(
      'Wrong PIN entries on this screen since the last staff login: 2. If that was not you, someone may be guessing the PIN.',
    );
    await tap('Back to kiosk');
    await tap('Staff');
    await enterPin('1234');
    expect(document.querySelector('[data-screen="staff"]')).not.toBeNull();
    expect(screen.queryByTestId('failed-pins')).toBeNull();
  });

  it('refuses a wrong PIN and opens the outbox with the right one', async () => {
    const client = new FakeKioskClient();
    renderApp(client);
    await settle();
    await tap('Staff');
    await enterPin('9999');
    expect(screen.getByText('Wrong PIN.')).toBeTruthy();
    await enterPin('1234');
    expect(screen.getByTestId('status-bar').textContent).toContain('Online');
    expect(screen.getByTestId('status-bar').textContent).toContain('API budget 42 / 60');
    expect(screen.getByText('No bookings yet.')).toBeTruthy();
  });

  it('shows the version and a pending update, and saves diagnostics for IT', async () => {
    const client = new FakeKioskClient();
    client.appInfo = { version: '1.4.0', update: { state: 'ready', version: '1.5.0' } };
    renderApp(client);
    await settle();
    await tap('Staff');
    await enterPin('1234');
    await settle();
    const bar = screen.getByTestId('app-info');
    expect(bar.textContent).toContain('Version 1.4.0');
    expect(bar.textContent).toContain('Update 1.5.0 installs when the kiosk is idle');
    await tap('Save diagnostics');
    expect(
      screen.getByText('Diagnostics saved to /var/log/frontdesk/frontdesk-diagnostics.json'),
    ).toBeTruthy();
    expect(client.calls.filter((call) => call.method === 'saveDiagnostics')).toHaveLength(1);
  });

  it('a refused queued booking is raised to staff: a count, the phone and e-mail, Contacted / Dismiss', async () => {
    const client = new FakeKioskClient({ settings: { mode: 'counter' } });
    client.bookings.push({
      ...refusedBooking('l-7', { state: 'open', mail: 'sent' }),
      lastError: { status: 404, message: SLOT_TAKEN_REFUSAL },
    });
    renderApp(client);
    await settle();
    await enterPin('1234');
    fireEvent.click(screen.getByRole('tab', { name: 'Bookings' }));
    await settle();
    expect(screen.getByTestId('follow-up-count').textContent).toBe(
      'Refused bookings that need a call or e-mail: 1',
    );
    expect(screen.getByTestId('follow-up-phone').textContent).toBe('030 1234');
    expect(screen.getByTestId('follow-up-email').textContent).toBe('eva@example.com');
    expect(screen.getByTestId('follow-up-mail').textContent).toBe('E-mail sent to the customer');
    // Taken, whatever status the API said it with (issue 27): the staff's words for it.
    expect(screen.getByText('This time has just been taken.')).toBeTruthy();
    await tap('Contacted');
    expect(client.calls.filter((call) => call.method === 'resolveFollowUp')).toMatchObject([
      { method: 'resolveFollowUp', input: { localId: 'l-7', action: 'contacted' } },
    ]);
    expect(screen.queryByTestId('follow-up-count')).toBeNull();
    expect(screen.getByText('Customer contacted')).toBeTruthy();
  });

  it('a booking to check by hand shows service, person, date, time, name, phone and e-mail; Retry says what it did', async () => {
    const client = new FakeKioskClient({ settings: { mode: 'counter' } });
    client.bookings.push(
      localBooking('l-8', {
        state: 'unknown',
        lastError: { status: 409, message: LOST_AND_TAKEN_TEXT },
        attempts: 3,
      }),
    );
    renderApp(client);
    await settle();
    await enterPin('1234');
    fireEvent.click(screen.getByRole('tab', { name: 'Bookings' }));
    await settle();
    const details = screen.getByTestId('check-details');
    const pairs = [...details.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Service', 'Haircut'],
      ['With', 'Ben Roth'],
      ['Date', expect.stringContaining('24')],
      ['Time', '11:00'],
      ['Name', 'Eva Muster'],
      ['Phone', '030 1234'],
      ['E-mail', 'eva@example.com'],
    ]);
    expect(screen.queryByTestId('retry-result')).toBeNull();
    await tap('Retry');
    expect(screen.getByTestId('retry-result').textContent).toBe('Sent again: now Queued');
  });

  it('Retry on a refused (rejected) booking says what it did on its row', async () => {
    const client = new FakeKioskClient({ settings: { mode: 'counter' } });
    client.bookings.push(refusedBooking('l-9', { state: 'open', mail: 'sent' }));
    renderApp(client);
    await settle();
    await enterPin('1234');
    fireEvent.click(screen.getByRole('tab', { name: 'Bookings' }));
    await settle();
    expect(screen.queryByTestId('retry-result')).toBeNull();
    await tap('Retry');
    expect(client.calls.filter((call) => call.method === 'retryBooking')).toMatchObject([
      { method: 'retryBooking', input: { localId: 'l-9' } },
    ]);
    expect(screen.getByTestId('retry-result').textContent).toBe('Sent again: now Queued');
  });

  it('counter mode starts locked; rebook opens the one-screen booking with the customer and the same person, and links the new booking', async () => {
    const client = new FakeKioskClient({ settings: { mode: 'counter' } });
    client.bookings.push(refusedBooking('l-9', { state: 'open', mail: 'none' }));
    renderApp(client);
    await settle();
    expect(document.querySelector('[data-screen="pin"]')).not.toBeNull();
    await enterPin('1234');
    fireEvent.click(screen.getByRole('tab', { name: 'Bookings' }));
    await settle();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('slot taken')).toBeTruthy();
    await tap('Rebook');
    await settle();
    expect(document.querySelector('[data-screen="counter-booking"]')).not.toBeNull();
    // The person is kept: Ben's grid, the rejected time gone.
    expect(screen.getByRole('button', { name: 'Ben Roth' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: /^11:00/ }).hasAttribute('disabled')).toBe(true);
    // Counter mode has no on-screen keyboard: staff type on a real one.
    await tap('12:00');
    expect(document.querySelector('[data-testid="on-screen-keyboard"]')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('eva@example.com');
    await tap('Book');
    await settle();
    expect(client.calls.find((call) => call.method === 'createBooking')?.input).toMatchObject({
      employeeId: 'emp-ben',
      time: '12:00',
    });
    const linked = client.bookings.find((booking) => booking.localId === 'l-9');
    expect(linked?.rebookedAs).toMatch(/^local-/);
    fireEvent.click(screen.getByRole('tab', { name: 'Bookings' }));
    await settle();
    expect(screen.getByText(/^Booked again: A-\d{6}$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rebook' })).toBeNull();
    // Rebooked is acted on: the contact details stay, "Contacted" / "Dismiss" and the count go.
    expect(screen.getByTestId('follow-up-phone').textContent).toBe('030 1234');
    expect(screen.queryByRole('button', { name: 'Contacted' })).toBeNull();
    expect(screen.queryByTestId('follow-up-count')).toBeNull();
  });

  it("counter offline: a month the kiosk never stored leaves the stored month's days open, and all days shut when none is stored", async () => {
    const client = new FakeKioskClient({ settings: { mode: 'counter' } });
    client.uncachedMonths.add('2026-12');
    renderApp(client);
    await settle();
    await enterPin('1234');
    await tap(/^Haircut/);
    const day = (date: string): HTMLButtonElement | null =>
      document.querySelector<HTMLButtonElement>(`.desk-day[data-date="${date}"]`);
    expect(day('2026-11-25')?.disabled).toBe(false);
    expect(day('2026-12-02')?.disabled).toBe(true);
    client.uncachedMonths.add('2026-11');
    await tap(/^Colour/);
    expect(day('2026-11-25')?.disabled).toBe(true);
  });

  it('settings keep the API key write-only', async () => {
    const client = new FakeKioskClient();
    renderApp(client);
    await settle();
    await tap('Staff');
    await enterPin('1234');
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await settle();
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'secret-key' } });
    fireEvent.change(screen.getByLabelText('Idle timeout (seconds)'), { target: { value: '20' } });
    await tap('Save');
    expect(screen.getByText('Saved.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('API key').value).toBe('');
    expect(screen.getByText('A key is set. Type a new one to replace it.')).toBeTruthy();
    expect(client.settings.idleTimeoutSec).toBe(20);
  });

  it('settings IT fixed are read-only with a note, and left out of the update', async () => {
    const client = new FakeKioskClient({
      settings: {
        upstreamUrl: 'https://api.example.com',
        apiKeySet: true,
        locked: ['upstreamUrl', 'apiKey', 'language'],
      },
    });
    renderApp(client);
    await settle();
    await tap('Staff');
    await enterPin('1234');
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await settle();
    const url = screen.getByLabelText<HTMLInputElement>('Booking API address');
    expect(url.readOnly).toBe(true);
    expect(url.value).toBe('https://api.example.com');
    expect(screen.getByLabelText<HTMLInputElement>('API key').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Default language').disabled).toBe(true);
    expect(screen.getAllByText('Set by IT')).toHaveLength(3);
    // The note is the field's accessible description, so a screen reader says why.
    const note = document.getElementById(
      url.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '',
    );
    expect(note?.textContent).toBe('Set by IT');
    // What IT left alone stays editable.
    expect(screen.getByLabelText<HTMLInputElement>('Idle timeout (seconds)').readOnly).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Counter/ }).disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Idle timeout (seconds)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('radio', { name: /Counter/ }));
    await tap('Save');
    expect(screen.getByText('Saved.')).toBeTruthy();
    const update = client.calls.filter((call) => call.method === 'updateSettings').at(-1)?.input;
    expect(update).toMatchObject({ idleTimeoutSec: 20, mode: 'counter' });
    expect(update).not.toHaveProperty('upstreamUrl');
    expect(update).not.toHaveProperty('apiKey');
    expect(update).not.toHaveProperty('language');
    expect(client.settings).toMatchObject({
      upstreamUrl: 'https://api.example.com',
      idleTimeoutSec: 20,
      mode: 'counter',
    });
  });

  it('a locked mode is shown in German as set by IT, its choices disabled', async () => {
    const client = new FakeKioskClient({ settings: { language: 'de', locked: ['mode'] } });
    renderApp(client);
    await settle();
    await tap('Personal');
    await enterPin('1234', /entsperren/i);
    fireEvent.click(screen.getByRole('tab', { name: 'Einstellungen' }));
    await settle();
    expect(screen.getByText('Von der IT festgelegt')).toBeTruthy();
    for (const name of [/^Kiosk/, /^Empfang/])
      expect(screen.getByRole<HTMLInputElement>('radio', { name }).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Adresse der Buchungs-API').readOnly).toBe(
      false,
    );
  });

  it('after 5 wrong PINs the PIN screen says how long staff are locked out, not just "wrong PIN"', async () => {
    const client = new FakeKioskClient();
    renderApp(client);
    await settle();
    await tap('Staff');
    for (let i = 0; i < 4; i++) {
      await enterPin('9999');
      expect(screen.getByText('Wrong PIN.')).toBeTruthy();
    }
    await enterPin('9999');
    expect(screen.getByText('Too many wrong PINs. Please try again in 60 s.')).toBeTruthy();
    expect(screen.queryByText('Wrong PIN.')).toBeNull();
    // During the lockout even the right PIN is refused, and the screen keeps saying why.
    client.pinLockoutSec = 42;
    await enterPin('1234');
    expect(screen.getByText('Too many wrong PINs. Please try again in 42 s.')).toBeTruthy();
    expect(document.querySelector('[data-screen="staff"]')).toBeNull();
    client.pinLockoutSec = null;
    await enterPin('1234');
    expect(document.querySelector('[data-screen="staff"]')).not.toBeNull();
  });

  it("a locked PIN pad takes IT's recovery code: a wrong one is said, the right one opens the staff area", async () => {
    const client = new FakeKioskClient();
    client.pinLockoutSec = 3600;
    renderApp(client);
    await settle();
    await tap('Staff');
    // Not offered before the pad is locked.
    expect(screen.queryByRole('button', { name: 'Use the recovery code' })).toBeNull();
    await enterPin('1234');
    expect(screen.getByText('Too many wrong PINs. Please try again in 3600 s.')).toBeTruthy();
    await tap('Use the recovery code');
    const field = screen.getByLabelText(/Enter the recovery code IT keeps/);
    fireEvent.change(field, { target: { value: 'WRONG-CODE-WRONG-CODE' } });
    await tap('Unlock');
    expect(screen.getByText('This recovery code is not right.')).toBeTruthy();
    fireEvent.change(field, { target: { value: FAKE_RECOVERY_CODE } });
    await tap('Unlock');
    expect(document.querySelector('[data-screen="staff"]')).not.toBeNull();
    expect(client.calls.filter((call) => call.method === 'recoverStaffAccess')).toHaveLength(2);
  });

  it('wrong setup codes lock out with their own words, not "Too many wrong PINs" (issue 28)', async () => {
    const client = new FakeKioskClient({ pin: null, upstream: 'remote' });
    client.pinLockoutSec = 60;
    renderApp(client);
    await settle();
    await tap('Staff');
    fireEvent.change(screen.getByLabelText(/setup code/i), { target: { value: 'wxyz-9999' } });
    await tap('Continue');
    expect(screen.getByText('Too many wrong setup codes. Please try again in 60 s.')).toBeTruthy();
    expect(screen.queryByText(/wrong PINs/)).toBeNull();
  });

  it('the lockout message is translated', async () => {
    const client = new FakeKioskClient({ settings: { language: 'de' } });
    client.pinLockoutSec = 60;
    renderApp(client);
    await settle();
    await tap('Personal');
    await enterPin('1234', /entsperren/i);
    expect(screen.getByText('Zu viele falsche PINs. Bitte in 60 s erneut versuchen.')).toBeTruthy();
  });

  it('an unattended staff area locks after the staff idle time with its own wording and ends the session', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setInterval', 'clearInterval', 'Date'],
    });
    const client = new FakeKioskClient({
      settings: { idleTimeoutSec: 30, staffIdleTimeoutSec: 45 },
    });
    renderApp(client);
    await settle();
    await tap('Staff');
    await enterPin('1234');
    expect(document.querySelector('[data-screen="staff"]')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000); // past the customer idle time: staff stay
    });
    expect(document.querySelector('[data-screen="staff"]')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(screen.getByRole('alertdialog').textContent).toContain('The staff area locks in');
    expect(screen.getByRole('alertdialog').textContent).not.toContain(
      'your details will be cleared',
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(document.querySelector('[data-screen="staff"]')).toBeNull();
    expect(document.querySelector('[data-screen="start"]')).not.toBeNull();
    expect(client.sessions.size).toBe(0);
    expect(client.calls.some((call) => call.method === 'endStaffSession')).toBe(true);
  });
});
