import {
  Fragment,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenLink } from '../kiosk/client';
import type { HubClient, ScreenState } from '../kiosk/hub-client';
import { chooseLanguage, textDirection, type LanguageCode } from '../i18n/languages';
import { loadLanguage } from '../i18n/setup';
import { PairScreen } from '../screens/PairScreen';
import { HubContext } from './hub-context';

/** Fans the HTTP client's observations out to the gate (main.tsx wires it to the client). */
export function createScreenLinkBus(): ScreenLink & { listen(link: ScreenLink): () => void } {
  const listeners = new Set<ScreenLink>();
  return {
    onUnreachable: () => listeners.forEach((l) => l.onUnreachable()),
    onReachable: () => listeners.forEach((l) => l.onReachable()),
    onRemoved: () => listeners.forEach((l) => l.onRemoved()),
    listen(link) {
      listeners.add(link);
      return () => listeners.delete(link);
    },
  };
}

type Gate =
  | { state: 'checking' }
  | { state: 'pair' }
  | { state: 'removed' }
  | { state: 'app'; role: 'kiosk' | 'counter' | null; hub: boolean };

/** What the hub's answer about this screen opens. */
function gateOf(screen: ScreenState, hasToken: boolean): Gate {
  switch (screen.state) {
    case 'paired':
      return { state: 'app', role: screen.role, hub: true };
    case 'unpaired':
      return hasToken ? { state: 'app', role: null, hub: true } : { state: 'pair' };
    case 'removed':
      return { state: 'removed' };
  }
}

interface ScreenGateProps {
  hub: HubClient;
  /** The shell's token is here (the hub's own browser): no pairing needed. */
  hasToken: boolean;
  link: ReturnType<typeof createScreenLinkBus>;
  /**
   * `role`: a paired screen's role, which decides kiosk or counter on this screen;
   * `onShopLanguage`: the app says the shop's language, which a lost hub is announced in.
   */
  children: (
    role: 'kiosk' | 'counter' | null,
    onShopLanguage: (code: LanguageCode) => void,
  ) => ReactNode;
  /** How often the hub is asked while it answers, and while it does not. */
  heartbeatMs?: number;
  retryMs?: number;
}

/**
 * A screen of a hub (the browser shell): pairs it when it has no credential, says when staff
 * removed it, and while the hub cannot be reached says so and retries by itself; when the hub
 * answers again the app starts afresh (a customer's half-done flow could not have continued).
 */
export function ScreenGate({
  hub,
  hasToken,
  link,
  children,
  heartbeatMs = 10_000,
  retryMs = 3000,
}: ScreenGateProps) {
  const { t, i18n } = useTranslation();
  const [gate, setGate] = useState<Gate>({ state: 'checking' });
  const [offline, setOffline] = useState(false);
  const [generation, setGeneration] = useState(0);
  const offlineRef = useRef(false);
  // The app says the shop's language (the setter is stable: no new child on every render).
  const [shopLanguage, onShopLanguage] = useState<LanguageCode | null>(null);

  // The pairing screen's language, chosen once: react-i18next hands out a new `i18n` on every
  // language change, and choosing again then undid every language the app set (issue 28).
  const browserLanguageSet = useRef(false);
  useEffect(() => {
    if (browserLanguageSet.current) return;
    browserLanguageSet.current = true;
    const code = chooseLanguage(null, navigator.languages ?? [navigator.language]);
    void loadLanguage(i18n, code).then(() => i18n.changeLanguage(code));
  }, [i18n]);

  // The hub's answer sets the state (at mount, after pairing, on its return), not the call. The
  // screen it opens renders as a transition: React yields to the tablet's browser every few ms
  // instead of blocking it for the whole first render (Lighthouse's total blocking time).
  const check = useCallback(
    (): Promise<boolean> =>
      hub.screenState().then((answer) => {
        if (!answer.ok && answer.reason === 'unreachable') return false;
        const next: Gate = !answer.ok
          ? { state: 'app', role: null, hub: false } // not a hub: the single kiosk as before
          : gateOf(answer.value, hasToken);
        startTransition(() => setGate(next));
        return true;
      }),
    [hub, hasToken],
  );

  const goOffline = useCallback(() => {
    offlineRef.current = true;
    setOffline(true);
  }, []);

  // The app gives way to a full-screen notice in the shop's language (loaded at the app's
  // start: no chunk is needed from the hub that is away); the app starts afresh on its return.
  useEffect(() => {
    if (!offline || shopLanguage === null || i18n.language === shopLanguage) return;
    void loadLanguage(i18n, shopLanguage)
      .then(() => i18n.changeLanguage(shopLanguage))
      .then(() => {
        document.documentElement.lang = shopLanguage;
        document.documentElement.dir = textDirection(shopLanguage);
      })
      .catch(() => undefined); // stays in the screen's language
  }, [offline, shopLanguage, i18n]);

  useEffect(() => {
    // The first check at mount.
    void check().then((reached) => {
      if (!reached) goOffline();
    });
  }, [check, goOffline]);

  useEffect(
    () =>
      link.listen({
        onUnreachable: goOffline,
        onReachable: () => {
          if (!offlineRef.current) return;
          offlineRef.current = false;
          setOffline(false);
          setGeneration((value) => value + 1);
        },
        onRemoved: () => setGate({ state: 'removed' }),
      }),
    [link, goOffline],
  );

  // Ask the hub now and then by itself (a customer screen may make no call for hours): a lost hub
  // is said at once and its return noticed without a tap; more often while it is away.
  const paired = (gate.state === 'app' && gate.hub) || gate.state === 'checking';
  useEffect(() => {
    if (!paired) return;
    const timer = setInterval(
      () => {
        void hub.screenState().then((answer) => {
          if (!answer.ok) {
            if (answer.reason === 'unreachable') goOffline();
            return;
          }
          if (answer.value.state === 'removed') setGate({ state: 'removed' });
          if (offlineRef.current) {
            offlineRef.current = false;
            setOffline(false);
            setGeneration((value) => value + 1);
            if (gate.state === 'checking') void check();
          }
        });
      },
      offline ? retryMs : heartbeatMs,
    );
    return () => clearInterval(timer);
  }, [paired, offline, hub, goOffline, check, retryMs, heartbeatMs, gate.state]);

  const banner = offline ? (
    <div className="hub-offline" role="alert" data-screen="hub-offline">
      <p className="lead">{t('hub.unreachable')}</p>
    </div>
  ) : null;

  switch (gate.state) {
    case 'checking':
      return (
        banner ?? (
          <div className="app app-center" aria-busy="true">
            <p className="hint">{t('app.loading')}</p>
          </div>
        )
      );
    case 'pair':
      return (
        <div className="hub-frame">
          {banner}
          <div className="hub-frame-body">
            <PairScreen hub={hub} onPaired={() => void check()} />
          </div>
        </div>
      );
    case 'removed':
      return (
        <div className="app app-center">
          <main className="screen-center" data-screen="screen-removed">
            <h1>{t('hub.removed')}</h1>
            <p className="lead">{t('hub.removedBody')}</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setGate({ state: 'pair' })}
            >
              {t('hub.connect')}
            </button>
          </main>
        </div>
      );
    case 'app':
      // A lost hub: nothing to book with. The screen says so and offers nothing until it is back.
      if (offline)
        return (
          <div className="app app-center">
            <main className="screen-center" data-screen="hub-offline" role="alert">
              <h1>{t('hub.awayTitle')}</h1>
              {gate.role !== 'counter' && <p className="lead">{t('hub.askCounter')}</p>}
              <p>{t('hub.unreachable')}</p>
            </main>
          </div>
        );
      return (
        <HubContext.Provider value={gate.hub ? hub : null}>
          <div className="hub-frame">
            <div className="hub-frame-body">
              <Fragment key={generation}>{children(gate.role, onShopLanguage)}</Fragment>
            </div>
          </div>
        </HubContext.Provider>
      );
  }
}
