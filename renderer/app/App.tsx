import {
  Suspense,
  lazy,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Catalog, KioskClient, PublicSettings } from '../../shared/kiosk-api';
import type { KioskError } from '../../shared/result';
import { AccessBar } from '../access/AccessBar';
import { StaffCallsBanner } from '../access/StaffCallsBanner';
import { useAccessDisplay } from '../access/use-access-display';
import { useReportVoices } from '../access/report-voices';
import { ACCESS_DEFAULTS } from '../../shared/access-defaults';
import { IdleWarning } from '../components/IdleWarning';
import { TopBar } from '../components/TopBar';
import { useIdleTimer } from '../hooks/use-idle-timer';
import { useShopTheme } from '../hooks/use-shop-theme';
import { chooseLanguage, INTL_LOCALES, textDirection, type LanguageCode } from '../i18n/languages';
import { loadLanguage } from '../i18n/setup';
import { SetupPendingScreen } from '../screens/SetupPendingScreen';
import { resetAccessModes, useAccessModes, type SessionEnd } from '../access/access-modes';
import { AudioLayer } from '../access/audio-entry';
import { KioskContext, type KioskContextValue } from './kiosk-context';
import { WalkInFlow } from './WalkInFlow';
import { TapGuardTime } from '../components/TapGuard';

// The staff side is a chunk of its own: customers never need it, so their first screen loads
// without it (bench/RESULTS.md, first-load JS).
const PinScreen = lazy(() =>
  import('../screens/PinScreen').then((module) => ({ default: module.PinScreen })),
);
const StaffArea = lazy(() =>
  import('./StaffArea').then((module) => ({ default: module.StaffArea })),
);

/** The browser's languages (from the OS), most preferred first. */
function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

interface AppProps {
  client: KioskClient;
  i18n: i18n;
  now?: () => Date;
  /** A paired screen of a hub: its own role decides kiosk or counter, not the shop's setting. */
  mode?: 'kiosk' | 'counter' | null;
  /** Hears the shop's language (a hub's screen says in it that the hub is away: ScreenGate). */
  onShopLanguage?: (code: LanguageCode) => void;
}

export function App({
  client,
  i18n,
  now = () => new Date(),
  mode = null,
  onShopLanguage,
}: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Shell client={client} now={now} mode={mode} onShopLanguage={onShopLanguage} />
    </I18nextProvider>
  );
}

type View = 'kiosk' | 'pin' | 'staff';
type Boot =
  | { state: 'loading' }
  | { state: 'error'; error: KioskError }
  | { state: 'ready'; settings: PublicSettings; catalog: Catalog };

function Shell({
  client,
  now,
  mode,
  onShopLanguage,
}: {
  client: KioskClient;
  now: () => Date;
  mode: 'kiosk' | 'counter' | null;
  onShopLanguage: ((code: LanguageCode) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [boot, setBoot] = useState<Boot>({ state: 'loading' });
  const [language, setLanguageState] = useState<LanguageCode>('en');
  const [highContrast, setHighContrast] = useState(false);
  // null: the customer did not choose; IT's default (the machine file's `access.largeText`) holds.
  const [largeTextChoice, setLargeText] = useState<boolean | null>(null);
  const languageRequest = useRef(0);
  const [view, setView] = useState<View>('kiosk');
  const [staffSession, setStaffSession] = useState<string | null>(null);
  // Wrong PINs at this screen before the last right one: staff are told after they log in.
  const [failedPins, setFailedPins] = useState(0);
  const booted = useRef(false);
  const modes = useAccessModes();

  /** Loads the language's strings (a chunk, once), then switches; the last tap wins. */
  const setLanguage = useCallback(
    async (code: LanguageCode): Promise<void> => {
      const request = ++languageRequest.current;
      try {
        await loadLanguage(i18n, code);
      } catch {
        return; // the chunk could not be fetched: stay in the current language
      }
      if (request !== languageRequest.current) return;
      await i18n.changeLanguage(code);
      setLanguageState(code);
      document.documentElement.lang = code;
      document.documentElement.dir = textDirection(code);
    },
    [i18n],
  );
  const chooseLanguageNow = useCallback(
    (code: LanguageCode) => void setLanguage(code),
    [setLanguage],
  );

  const fetchBoot = useCallback(
    () => Promise.all([client.getPublicSettings(undefined), client.getCatalog(undefined)]),
    [client],
  );
  type BootAnswer = Awaited<ReturnType<typeof fetchBoot>>;
  const applyBoot = useCallback(
    async ([fetched, catalog]: BootAnswer): Promise<void> => {
      // A paired screen's role (hub) decides its mode over the shop's setting.
      const settings =
        fetched.ok && mode ? { ...fetched, result: { ...fetched.result, mode } } : fetched;
      if (!settings.ok || !catalog.ok) {
        // A failed refresh between customers keeps what the kiosk already shows.
        if (!booted.current) {
          const error = !settings.ok ? settings.error : !catalog.ok ? catalog.error : null;
          // Without settings, the message is in the browser's language.
          await setLanguage(chooseLanguage(null, browserLanguages()));
          if (error) setBoot({ state: 'error', error });
        }
        return;
      }
      const first = !booted.current;
      booted.current = true;
      if (first) await setLanguage(chooseLanguage(settings.result.language, browserLanguages()));
      // A transition: the whole screen's render yields to the browser every few ms instead of
      // blocking a tablet's main thread at once (Lighthouse's total blocking time).
      startTransition(() => {
        if (first) setView(settings.result.mode === 'counter' ? 'pin' : 'kiosk');
        setBoot({ state: 'ready', settings: settings.result, catalog: catalog.result });
      });
    },
    [setLanguage, mode],
  );
  const load = useCallback(
    async (): Promise<void> => applyBoot(await fetchBoot()),
    [fetchBoot, applyBoot],
  );

  useEffect(() => {
    void fetchBoot().then(applyBoot);
  }, [fetchBoot, applyBoot]);

  const settings = boot.state === 'ready' ? boot.settings : null;
  const shopLanguage = settings ? chooseLanguage(settings.language, browserLanguages()) : null;
  useEffect(() => {
    if (shopLanguage !== null) onShopLanguage?.(shopLanguage);
  }, [shopLanguage, onShopLanguage]);
  const kioskMode = settings?.mode !== 'counter';
  const access = settings?.access ?? ACCESS_DEFAULTS;
  const largeText = largeTextChoice ?? access.largeText;
  const customerScreen = kioskMode && view === 'kiosk' && settings?.setup !== 'required';
  useAccessDisplay(access.reachLinePercent, customerScreen);
  useReportVoices(client, boot.state === 'ready' && kioskMode);
  useShopTheme(settings?.shop.accentColor, highContrast);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('kiosk-mode', kioskMode && view === 'kiosk');
    root.classList.toggle('high-contrast', highContrast);
    root.classList.toggle('large-text', largeText);
  }, [kioskMode, view, highContrast, largeText]);

  // A new customer starts in the shop's language with the default display, and a fresh catalog.
  const endSession = useCallback(
    (end: SessionEnd) => {
      if (settings) void setLanguage(chooseLanguage(settings.language, browserLanguages()));
      setHighContrast(false);
      setLargeText(null);
      resetAccessModes(end);
      void load();
    },
    [settings, setLanguage, load],
  );

  /** Ends the staff session in the core too, so that nobody can reuse it. */
  const lockStaff = useCallback(
    (session: string | null) => {
      if (session) void client.endStaffSession({ session });
      setStaffSession(null);
      setView(settings?.mode === 'counter' ? 'pin' : 'kiosk');
    },
    [client, settings?.mode],
  );

  // An unattended staff area locks itself after the staff idle time (the core's session ends
  // then as well); a PIN screen left open in kiosk mode goes back to the customers.
  const staffIdle = useIdleTimer({
    enabled: settings !== null && (view === 'staff' || (kioskMode && view === 'pin')),
    timeoutMs:
      (view === 'staff'
        ? (settings?.staffIdleTimeoutSec ?? 300)
        : (settings?.idleTimeoutSec ?? 60)) * 1000,
    warningMs: 10_000,
    onIdle: () => lockStaff(staffSession),
  });

  const context = useMemo<KioskContextValue | null>(
    () =>
      boot.state === 'ready'
        ? {
            client,
            settings: boot.settings,
            catalog: boot.catalog,
            now,
            locale: INTL_LOCALES[language],
            // The API's texts are in the shop's content language (IT's), else the shop's.
            dataLang:
              boot.settings.contentLanguage ??
              chooseLanguage(boot.settings.language, browserLanguages()),
            reloadSettings: load,
          }
        : null,
    [boot, client, now, language, load],
  );

  if (boot.state === 'loading') {
    return (
      <div className="app app-center" aria-busy="true">
        <p className="hint">{t('app.loading')}</p>
      </div>
    );
  }
  // `context` holds `load`, which reads the boot refs only when called (from an effect or a
  // handler), never during render; the compiler cannot see that through the memo.
  // eslint-disable-next-line react-hooks/refs
  if (boot.state === 'error' || !context || !settings) {
    return (
      <div className="app app-center">
        <main className="screen-center">
          <h1>{t('app.name')}</h1>
          <p className="lead" role="alert">
            {/* A refused shell token is a set-up fault for staff, not an outage. */}
            {boot.state === 'error' && boot.error.code === 'unauthorized'
              ? t('app.refused')
              : boot.state === 'error' && boot.error.code === 'not_available'
                ? t('errors.not_available')
                : t('app.unavailable')}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void load()}>
            {t('app.retry')}
          </button>
        </main>
      </div>
    );
  }

  const settingUp = settings.setup === 'required';
  // A tablet paired for customers has no staff area: the hub refuses it (issue 30).
  const staffReachable = mode !== 'kiosk';

  return (
    <KioskContext.Provider value={context}>
      <div className={`app${view === 'staff' ? ' app-staff' : ''}`}>
        <TopBar
          shop={settings.shop}
          dataLang={context.dataLang}
          language={language}
          onLanguage={chooseLanguageNow}
          highContrast={highContrast}
          onToggleContrast={() => setHighContrast((value) => !value)}
          largeText={largeText}
          onToggleLargeText={() => setLargeText(!largeText)}
          {...(view === 'kiosk' && staffReachable ? { onStaff: () => setView('pin') } : {})}
        />
        {view === 'kiosk' && settingUp && <SetupPendingScreen />}
        {view === 'kiosk' && !settingUp && (
          <TapGuardTime.Provider value={access.tapGuardMs}>
            <WalkInFlow
              kiosk={kioskMode}
              idleTimeoutSec={settings.idleTimeoutSec}
              language={language}
              onLanguage={chooseLanguageNow}
              pristine={
                language === chooseLanguage(settings.language, browserLanguages()) &&
                !highContrast &&
                largeText === access.largeText &&
                !modes.audio
              }
              onSessionEnd={endSession}
            />
          </TapGuardTime.Provider>
        )}
        {modes.audio && kioskMode && view === 'kiosk' && (
          <Suspense fallback={null}>
            <AudioLayer language={language} />
          </Suspense>
        )}
        {customerScreen && <AccessBar />}
        {!customerScreen && <StaffCallsBanner />}
        <Suspense fallback={<p className="hint app-center">{t('app.loading')}</p>}>
          {view === 'pin' && (
            <PinScreen
              setup={settings.setup}
              onUnlocked={(session, failedAttempts) => {
                setStaffSession(session);
                setFailedPins(failedAttempts);
                setView('staff');
                void load(); // the setup state may have changed
              }}
              {...(settings.mode === 'kiosk' ? { onCancel: () => setView('kiosk') } : {})}
              touchKeyboard={kioskMode}
            />
          )}
          {staffIdle.secondsLeft !== null && (
            <IdleWarning
              secondsLeft={staffIdle.secondsLeft}
              onStay={staffIdle.stay}
              kind={view === 'staff' ? 'staff' : 'customer'}
            />
          )}
          {view === 'staff' && staffSession && (
            <StaffArea
              session={staffSession}
              counter={settings.mode === 'counter'}
              demo={settings.upstream === 'embedded'}
              failedPins={failedPins}
              language={language}
              onLanguage={chooseLanguageNow}
              onLeave={() => lockStaff(staffSession)}
              onSessionLost={() => lockStaff(null)}
              onSettings={() => void load()}
            />
          )}
        </Suspense>
      </div>
    </KioskContext.Provider>
  );
}
