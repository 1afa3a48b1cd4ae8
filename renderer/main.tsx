// First: zod must be jitless before any module parses with it (see the module).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App';
import { HubContext } from './app/hub-context';
import { ScreenGate, createScreenLinkBus } from './app/ScreenGate';
import { createI18n } from './i18n/setup';
import { chooseKioskClient } from './kiosk/client';
import { withEarlyBootAnswers } from './kiosk/first-answers';
import { createHubClient } from './kiosk/hub-client';
import { hasStoredShellToken } from './kiosk/token';
// The order is the cascade's: base, then each area (what was one app.css).
import './styles/base.css';
import './styles/controls.css';
import './styles/kiosk-flow.css';
import './styles/forms.css';
import './styles/staff.css';
import './styles/counter.css';
import './styles/glance.css';
import './styles/staff-wide.css';
import './styles/long-text.css';
import './styles/kiosk-screens.css';
import './styles/hub.css';
import './styles/access.css';
import './styles/reach.css';

const root = document.getElementById('root');
if (root) {
  const i18n = createI18n('en');
  if (window.frontdesk) {
    createRoot(root).render(
      <StrictMode>
        <App client={chooseKioskClient(window)} i18n={i18n} />
      </StrictMode>,
    );
  } else {
    // The browser shell: a single kiosk's own browser (token), or a screen of a hub (cookie).
    const link = createScreenLinkBus();
    const client = chooseKioskClient(window, link);
    const hub = createHubClient(window.fetch.bind(window), window.location.origin);
    // The machine's own browser (its token) renders the app directly: it needs no pairing. (Behind
    // the gate a chosen language was undone by the gate's own choice: fixed in ScreenGate, issue 28.)
    const tokenShell = hasStoredShellToken(window.sessionStorage);
    // Behind the gate, the start screen's data is asked for while the gate asks about the screen.
    const screenClient = tokenShell ? client : withEarlyBootAnswers(client);
    createRoot(root).render(
      <StrictMode>
        {tokenShell ? (
          <HubContext.Provider value={hub}>
            <App client={client} i18n={i18n} />
          </HubContext.Provider>
        ) : (
          <I18nextProvider i18n={i18n}>
            <ScreenGate hub={hub} hasToken={false} link={link}>
              {(mode, onShopLanguage) => (
                <App
                  client={screenClient}
                  i18n={i18n}
                  mode={mode}
                  onShopLanguage={onShopLanguage}
                />
              )}
            </ScreenGate>
          </I18nextProvider>
        )}
      </StrictMode>,
    );
  }
}
