/**
 * A hub's screens in the browser shell: the gate that pairs a new screen, says when the hub is
 * away or removed the screen, and starts the app afresh when the hub is back; and staff's
 * Screens tab on the hub (fingerprint, pairing code, the paired screens). The hub's routes are
 * the in-memory FakeHubClient (the real routes are tested over HTTPS in test/integration/web).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../renderer/app/App';
import { HubContext, useHub } from '../../renderer/app/hub-context';
import { ScreenGate, createScreenLinkBus } from '../../renderer/app/ScreenGate';
import type { HubClient } from '../../renderer/kiosk/hub-client';
import { FakeHubClient, FINGERPRINT, PAIRING_CODE } from './support/fake-hub-client';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { NOW, settle, tap, testI18n } from './support/render-app';

afterEach(() => {
  cleanup();
});

const UNREACHABLE = /cannot reach the shop's main computer/;

/** The gate's timers are real (20 ms here): a loaded 2-core machine may need a while. */
const eventually = (check: () => void) => waitFor(check, { timeout: 5000 });

/** What the gate lets through: the role it was given, the hub it shares, and each fresh start. */
function Probe({ role, mounts }: { role: 'kiosk' | 'counter' | null; mounts: string[] }) {
  const hub = useHub();
  useEffect(() => {
    mounts.push(`mounted ${String(role)}`);
  }, [mounts, role]);
  return (
    <p data-testid="app">
      role {String(role)}, hub {hub ? 'yes' : 'no'}
    </p>
  );
}

function renderGate(
  hub: HubClient,
  options: { hasToken?: boolean; heartbeatMs?: number; retryMs?: number } = {},
) {
  const link = createScreenLinkBus();
  const mounts: string[] = [];
  const result = render(
    <I18nextProvider i18n={testI18n()}>
      <ScreenGate
        hub={hub}
        hasToken={options.hasToken ?? false}
        link={link}
        heartbeatMs={options.heartbeatMs ?? 60_000}
        retryMs={options.retryMs ?? 60_000}
      >
        {(role) => <Probe role={role} mounts={mounts} />}
      </ScreenGate>
    </I18nextProvider>,
  );
  return { ...result, link, mounts };
}

function appText(): string | null {
  return screen.queryByTestId('app')?.textContent ?? null;
}

function fill(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the gate of a hub screen', () => {
  it('a screen without a credential pairs with the code staff show, its name and role, then runs as that role', async () => {
    const hub = new FakeHubClient();
    renderGate(hub);
    await settle();
    expect(screen.getByRole('heading', { name: 'Connect this screen' })).toBeTruthy();
    const connect = screen.getByRole<HTMLButtonElement>('button', { name: 'Connect' });
    expect(connect.disabled).toBe(true);
    fill('Code', '48 29-13');
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe(PAIRING_CODE);
    // What was left out is said, not dropped silently; typing only digits again clears it.
    expect(screen.getByRole('status').textContent).toBe(
      'The code is 6 digits: letters and other signs are left out.',
    );
    fill('Code', `${PAIRING_CODE}99`);
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe(PAIRING_CODE);
    expect(screen.queryByRole('status')).toBeNull();
    expect(connect.disabled).toBe(true); // no name yet
    fill('Name of this screen', '  Counter 2  ');
    fireEvent.click(screen.getByRole('radio', { name: 'Staff (counter)' }));
    expect(connect.disabled).toBe(false);
    await tap('Connect');
    expect(hub.calls.find((call) => call.method === 'pair')?.input).toEqual({
      code: PAIRING_CODE,
      name: 'Counter 2',
      role: 'counter',
    });
    expect(appText()).toBe('role counter, hub yes');
  });

  it('a wrong code, a locked hub and an unreachable hub each say so and clear the code', async () => {
    const hub = new FakeHubClient();
    renderGate(hub);
    await settle();
    fill('Name of this screen', 'Entrance');
    fill('Code', '000000');
    await tap('Connect');
    expect(screen.getByRole('alert').textContent).toBe(
      'This code is not right or has expired. Ask staff for a new one.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe('');

    hub.locked = true;
    fill('Code', PAIRING_CODE);
    await tap('Connect');
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many wrong codes. Ask staff for a new code.',
    );

    hub.locked = false;
    hub.reachable = false;
    fill('Code', PAIRING_CODE);
    await tap('Connect');
    expect(screen.getByRole('alert').textContent).toMatch(UNREACHABLE);
    expect(hub.state).toEqual({ state: 'unpaired' });
    expect(appText()).toBeNull();

    hub.reachable = true;
    fill('Code', PAIRING_CODE);
    await tap('Connect');
    expect(appText()).toBe('role kiosk, hub yes');
  });

  it('a paired screen runs as its role; the hub’s own browser runs unpaired; a page not served by a hub is the single kiosk', async () => {
    const paired = new FakeHubClient();
    paired.state = { state: 'paired', name: 'Entrance', role: 'kiosk' };
    renderGate(paired);
    await settle();
    expect(appText()).toBe('role kiosk, hub yes');
    cleanup();

    renderGate(new FakeHubClient(), { hasToken: true });
    await settle();
    expect(appText()).toBe('role null, hub yes');
    expect(screen.queryByRole('heading', { name: 'Connect this screen' })).toBeNull();
    cleanup();

    const notHub = new FakeHubClient();
    notHub.isHub = false;
    renderGate(notHub);
    await settle();
    expect(appText()).toBe('role null, hub no');
  });

  it('a screen staff removed says so, and "Connect" leads to pairing again', async () => {
    const hub = new FakeHubClient();
    hub.state = { state: 'removed' };
    renderGate(hub);
    await settle();
    expect(
      screen.getByRole('heading', { name: 'This screen was removed from the shop' }),
    ).toBeTruthy();
    expect(appText()).toBeNull();
    await tap('Connect');
    expect(screen.getByRole('heading', { name: 'Connect this screen' })).toBeTruthy();
  });

  it('a hub away at start-up is said at once and asked again until it answers', async () => {
    const hub = new FakeHubClient();
    hub.state = { state: 'paired', name: 'Entrance', role: 'kiosk' };
    hub.reachable = false;
    renderGate(hub, { heartbeatMs: 60_000, retryMs: 20 });
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(UNREACHABLE);
    expect(appText()).toBeNull();
    const asked = hub.calls.length;
    await eventually(() => expect(hub.calls.length).toBeGreaterThan(asked + 1));
    expect(appText()).toBeNull();

    hub.reachable = true;
    await eventually(() => expect(appText()).toBe('role kiosk, hub yes'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the client’s observations: a lost hub shows the banner over the app, its return starts the app afresh, a removal ends it', async () => {
    const hub = new FakeHubClient();
    hub.state = { state: 'paired', name: 'Entrance', role: 'counter' };
    const { link, mounts } = renderGate(hub);
    await settle();
    expect(mounts).toEqual(['mounted counter']);

    act(() => link.onReachable()); // while online: nothing to recover from
    await settle();
    expect(mounts).toEqual(['mounted counter']);

    act(() => link.onUnreachable());
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(UNREACHABLE);
    // Issue 28: nothing of the app is left to use while the hub is away.
    expect(appText()).toBeNull();

    act(() => link.onReachable());
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mounts).toEqual(['mounted counter', 'mounted counter']);

    act(() => link.onRemoved());
    await settle();
    expect(
      screen.getByRole('heading', { name: 'This screen was removed from the shop' }),
    ).toBeTruthy();
  });

  it('issue 28: a tablet whose hub is away says so full-screen in the shop language and offers nothing; back, it starts afresh', async () => {
    const hub = new FakeHubClient();
    hub.state = { state: 'paired', name: 'Entrance', role: 'kiosk' };
    const link = createScreenLinkBus();
    const client = new FakeKioskClient({ settings: { language: 'de' } });
    const i18n = testI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <ScreenGate hub={hub} hasToken={false} link={link} heartbeatMs={60_000} retryMs={60_000}>
          {(role, onShopLanguage) => (
            <App
              client={client}
              i18n={i18n}
              now={() => NOW}
              mode={role}
              onShopLanguage={onShopLanguage}
            />
          )}
        </ScreenGate>
      </I18nextProvider>,
    );
    await settle();
    // A customer switched to Arabic, then the hub went away.
    expect(screen.getByRole('heading', { name: 'Termin buchen' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
    await settle();
    expect(document.documentElement.lang).toBe('ar');
    act(() => link.onUnreachable());
    await settle();
    const notice = screen.getByRole('alert');
    expect(notice.getAttribute('data-screen')).toBe('hub-offline');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Der Computer des Geschäfts ist gerade nicht erreichbar',
    );
    expect(notice.textContent).toContain('Bitte fragen Sie am Tresen.');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    // Nothing to tap: no start, no day, no language, no way to book.
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(document.querySelector('[data-screen="start"]')).toBeNull();

    act(() => link.onReachable());
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-screen="start"]')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Termin buchen' })).toBeTruthy();
  });

  it('each language has the notice', async () => {
    for (const [code, title] of [
      ['en', "The shop's computer cannot be reached just now"],
      ['tr', 'Dükkânın bilgisayarına şu anda ulaşılamıyor'],
      ['pl', 'Komputer sklepu jest w tej chwili nieosiągalny'],
      ['uk', 'Комп’ютер закладу зараз недоступний'],
      ['ar', 'لا يمكن الوصول إلى حاسوب المحل الآن'],
    ] as const) {
      const hub = new FakeHubClient();
      hub.state = { state: 'paired', name: 'Entrance', role: 'kiosk' };
      const link = createScreenLinkBus();
      const i18n = testI18n();
      render(
        <I18nextProvider i18n={i18n}>
          <ScreenGate hub={hub} hasToken={false} link={link} heartbeatMs={60_000} retryMs={60_000}>
            {(role, onShopLanguage) => (
              <App
                client={new FakeKioskClient({ settings: { language: code } })}
                i18n={i18n}
                now={() => NOW}
                mode={role}
                onShopLanguage={onShopLanguage}
              />
            )}
          </ScreenGate>
        </I18nextProvider>,
      );
      await settle();
      act(() => link.onUnreachable());
      await settle();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      cleanup();
    }
    document.documentElement.removeAttribute('dir');
    document.documentElement.removeAttribute('lang');
  });

  it('the heartbeat notices a lost hub, its return (the app afresh) and a removal without a tap', async () => {
    const hub = new FakeHubClient();
    hub.state = { state: 'paired', name: 'Entrance', role: 'kiosk' };
    const { mounts } = renderGate(hub, { heartbeatMs: 20, retryMs: 20 });
    await settle();
    expect(mounts).toHaveLength(1);

    hub.reachable = false;
    await eventually(() => expect(screen.getByRole('alert').textContent).toMatch(UNREACHABLE));
    hub.reachable = true;
    // The app starts afresh (its effects run after the commit that hides the banner).
    await eventually(() => expect(mounts).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();

    hub.isHub = false; // a refusal that is not "unreachable" changes nothing
    await eventually(() =>
      expect(hub.calls.filter((call) => call.method === 'screenState').length).toBeGreaterThan(4),
    );
    expect(appText()).toBe('role kiosk, hub yes');

    hub.isHub = true;
    hub.state = { state: 'removed' };
    await eventually(() =>
      expect(
        screen.getByRole('heading', { name: 'This screen was removed from the shop' }),
      ).toBeTruthy(),
    );
  });

  it('the link bus tells every listener until it stops listening', () => {
    const bus = createScreenLinkBus();
    const heard: string[] = [];
    const stop = bus.listen({
      onUnreachable: () => heard.push('unreachable'),
      onReachable: () => heard.push('reachable'),
      onRemoved: () => heard.push('removed'),
    });
    bus.onUnreachable();
    bus.onReachable();
    bus.onRemoved();
    stop();
    bus.onRemoved();
    expect(heard).toEqual(['unreachable', 'reachable', 'removed']);
  });
});

/** The app as a hub serves it to staff, logged in and on the Screens tab. */
async function openScreensTab(client: FakeKioskClient, hub: HubClient): Promise<void> {
  render(
    <HubContext.Provider value={hub}>
      <App client={client} i18n={testI18n()} now={() => NOW} />
    </HubContext.Provider>,
  );
  await settle();
  await tap('Staff');
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock/i);
  fireEvent.click(screen.getByRole('tab', { name: 'Screens' }));
  await settle();
}

describe('staff → Screens on a hub', () => {
  it('a tablet paired for customers offers no way into the staff area; one paired as a counter does', async () => {
    const hub = new FakeHubClient(() => false);
    render(
      <HubContext.Provider value={hub}>
        <App client={new FakeKioskClient()} i18n={testI18n()} now={() => NOW} mode="kiosk" />
      </HubContext.Provider>,
    );
    await settle();
    expect(screen.getByRole('button', { name: 'Larger text' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Staff' })).toBeNull();
    // The same app unpaired (the hub's own window) keeps its way in.
    cleanup();
    render(<App client={new FakeKioskClient()} i18n={testI18n()} now={() => NOW} />);
    await settle();
    expect(screen.getByRole('button', { name: 'Staff' })).toBeTruthy();
    cleanup();
    render(
      <HubContext.Provider value={hub}>
        <App client={new FakeKioskClient()} i18n={testI18n()} now={() => NOW} mode="counter" />
      </HubContext.Provider>,
    );
    await settle();
    expect(screen.getByRole('button', { name: /unlock/i })).toBeTruthy();
  });

  it('is a tab only where a hub serves the page', async () => {
    render(<App client={new FakeKioskClient()} i18n={testI18n()} now={() => NOW} />);
    await settle();
    await tap('Staff');
    for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
    await tap(/unlock/i);
    expect(screen.getByRole('tab', { name: 'Bookings' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Screens' })).toBeNull();
  });

  it('shows the fingerprint and the paired screens, and removes one', async () => {
    const client = new FakeKioskClient();
    const hub = new FakeHubClient((session) => client.sessions.has(session));
    hub.screens = [
      {
        id: 'scr-1',
        name: 'Entrance',
        role: 'kiosk',
        address: '192.168.1.20',
        lastSeenAt: NOW.getTime(),
      },
      {
        id: 'scr-2',
        name: 'Counter 2',
        role: 'counter',
        address: '192.168.1.21',
        lastSeenAt: NOW.getTime(),
      },
    ];
    await openScreensTab(client, hub);
    expect(screen.getByTestId('hub-fingerprint').textContent).toBe(FINGERPRINT);
    const rows = [...document.querySelectorAll('tr[data-screen-id]')].map((row) =>
      [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Entrance', 'Kiosk', '192.168.1.20'],
      ['Counter 2', 'Counter', '192.168.1.21'],
    ]);
    const entrance = document.querySelector('tr[data-screen-id="scr-1"] button');
    fireEvent.click(entrance as HTMLButtonElement);
    await settle();
    expect(hub.calls.filter((call) => call.method === 'removeScreen')).toHaveLength(1);
    expect(
      [...document.querySelectorAll('tr[data-screen-id]')].map((row) =>
        row.getAttribute('data-screen-id'),
      ),
    ).toEqual(['scr-2']);

    hub.screens = [];
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await settle();
    expect(screen.getByText('No other screens yet.')).toBeTruthy();
  });

  it('"Add a screen" shows the one-time code, its address and how long it is valid', async () => {
    const client = new FakeKioskClient();
    const hub = new FakeHubClient();
    hub.codeExpiresAt = NOW.getTime() + 120_000;
    await openScreensTab(client, hub);
    await tap('Add a screen');
    expect(screen.getByTestId('pairing-code').textContent).toBe(PAIRING_CODE);
    expect(screen.getByText('https://frontdesk.shop.lan:8443/', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Code valid for 120 s')).toBeTruthy();
    cleanup();

    hub.codeExpiresAt = NOW.getTime() - 1;
    await openScreensTab(client, hub);
    await tap('Add a screen');
    expect(screen.getByText('The code has expired.')).toBeTruthy();
  });

  it('issue 28: on a single kiosk (no hub) the tab says what a hub is and offers no "Add a screen"', async () => {
    const client = new FakeKioskClient();
    const hub = new FakeHubClient();
    hub.isHub = false;
    await openScreensTab(client, hub);
    expect(screen.getByTestId('not-hub').textContent).toMatch(
      /works on its own.*IT makes this computer the shop's main computer/,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(UNREACHABLE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a screen' })).toBeNull();
    expect(screen.queryByText('No other screens yet.')).toBeNull();
  });

  it('issue 28: once a screen pairs with the code, the list shows it and the spent code goes', async () => {
    const client = new FakeKioskClient();
    const hub = new FakeHubClient();
    hub.codeExpiresAt = NOW.getTime() + 120_000;
    await openScreensTab(client, hub);
    expect(screen.getByText('No other screens yet.')).toBeTruthy();
    // The list's timers from here on are the test's to run (no waiting on the machine).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await tap('Add a screen');
      expect(screen.getByTestId('pairing-code').textContent).toBe(PAIRING_CODE);
      const listed = hub.calls.filter((call) => call.method === 'listScreens').length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(hub.calls.filter((call) => call.method === 'listScreens').length).toBe(listed + 1);
      expect(screen.getByTestId('pairing-code')).toBeTruthy(); // nobody paired yet

      hub.screens = [
        {
          id: 'scr-9',
          name: 'Tablet 1',
          role: 'kiosk',
          address: '192.168.1.30',
          lastSeenAt: NOW.getTime(),
        },
      ];
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      await settle();
      expect(screen.queryByTestId('pairing-code')).toBeNull();
      expect(screen.getByTestId('screen-joined').textContent).toBe('“Tablet 1” is connected.');
      expect(screen.queryByText('No other screens yet.')).toBeNull();
      expect(document.querySelector('tr[data-screen-id="scr-9"]')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an unreachable hub is said on the tab; a staff session the hub refuses locks the staff area', async () => {
    const client = new FakeKioskClient();
    const hub = new FakeHubClient((session) => client.sessions.has(session));
    hub.reachable = false;
    await openScreensTab(client, hub);
    expect(screen.getByRole('alert').textContent).toMatch(UNREACHABLE);
    await tap('Add a screen');
    expect(screen.queryByTestId('pairing-code')).toBeNull();

    hub.reachable = true;
    client.sessions.clear(); // expired in the core, which the hub asks
    await tap('Add a screen');
    expect(document.querySelector('[data-screen="staff"]')).toBeNull();
    expect(document.querySelector('[data-screen="start"]')).not.toBeNull();
  });
});
