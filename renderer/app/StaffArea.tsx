import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffStrings } from '../hooks/use-staff-strings';
import type { LocalBooking, SyncReport } from '../../shared/kiosk-api';
import { Notice } from '../components/Notice';
import { AppInfoBar } from '../components/AppInfoBar';
import { KeyboardDock } from '../components/KeyboardDock';
import { StatusBar } from '../components/StatusBar';
import { useSyncStatus } from '../hooks/use-sync-status';
import type { LanguageCode } from '../i18n/languages';
import { moveFocusWithArrows } from '../lib/arrow-keys';
import type { StateFilter } from '../lib/booking-filter';
import type { TranslationKey } from '../lib/message-keys';
import { CounterBookingScreen } from '../screens/CounterBookingScreen';
import { DayGlanceScreen, type GlanceChoice } from '../screens/DayGlanceScreen';
import { OutboxScreen } from '../screens/OutboxScreen';
import { ScreensScreen } from '../screens/ScreensScreen';
import { SettingsScreen } from '../screens/SettingsScreen';
import { useHub } from './hub-context';
import { useKiosk, useShopZone } from './kiosk-context';
import { StaffContext, type StaffContextValue } from './staff-context';

// The Kiosk tab's charts (Chart.js) are a chunk of their own, fetched when the tab opens.
const KioskDayScreen = lazy(() =>
  import('../screens/KioskDayScreen').then((module) => ({ default: module.KioskDayScreen })),
);

type Tab = 'booking' | 'today' | 'outbox' | 'kiosk' | 'settings' | 'screens';
const TAB_KEYS = {
  booking: 'staff.tabs.booking',
  today: 'staff.tabs.today',
  outbox: 'staff.tabs.outbox',
  kiosk: 'staff.tabs.kiosk',
  settings: 'staff.tabs.settings',
  screens: 'staff.tabs.screens',
} as const satisfies Record<Tab, TranslationKey>;

interface StaffAreaProps {
  /** The staff session every staff call carries. */
  session: string;
  counter: boolean;
  /** The embedded demo upstream: staff are told so. */
  demo: boolean;
  /** Wrong PINs entered at this screen before this login (someone may be guessing). */
  failedPins: number;
  language: LanguageCode;
  onLanguage: (language: LanguageCode) => void;
  onLeave: () => void;
  /** The core refused the session (expired): lock. */
  onSessionLost: () => void;
  onSettings: () => void;
}

/** Counter mode and the staff side of kiosk mode, once staff's strings are loaded. */
export function StaffArea(props: StaffAreaProps) {
  const { t } = useTranslation();
  const ready = useStaffStrings();
  if (!ready) return <p className="hint">{t('app.loading')}</p>;
  return <StaffScreens {...props} />;
}

/** Counter mode and the staff side of kiosk mode: status, bookings, settings, keyboard booking. */
function StaffScreens({
  session,
  counter,
  demo,
  failedPins,
  onLeave,
  onSessionLost,
  onSettings,
}: StaffAreaProps) {
  const { t } = useTranslation();
  const { client, locale } = useKiosk();
  const zone = useShopZone();
  const staff = useMemo<StaffContextValue>(
    () => ({ session, onSessionLost }),
    [session, onSessionLost],
  );
  const status = useSyncStatus(client);
  const hub = useHub();
  const tabs: readonly Tab[] = hub
    ? ['booking', 'today', 'outbox', 'kiosk', 'settings', 'screens']
    : ['booking', 'today', 'outbox', 'kiosk', 'settings'];
  const [tab, setTab] = useState<Tab>(counter ? 'booking' : 'outbox');
  // A new key remounts the booking screen, e.g. for a rebook with the customer's details.
  const [desk, setDesk] = useState<{ key: number; rebook?: LocalBooking; start?: GlanceChoice }>({
    key: 0,
  });
  // The status bar's refused count opens the list afresh, filtered to those bookings.
  const [outbox, setOutbox] = useState<{ key: number; filter: StateFilter }>({
    key: 0,
    filter: 'all',
  });
  const showRefused = (): void => {
    setOutbox((current) => ({ key: current.key + 1, filter: 'followUp' }));
    setTab('outbox');
  };

  // A free time tapped in the day view: the booking opens with that person and time chosen.
  const bookFromGlance = (choice: GlanceChoice): void => {
    setDesk((current) => ({ key: current.key + 1, start: choice }));
    setTab('booking');
  };

  const rebook = (booking: LocalBooking): void => {
    setDesk((current) => ({ key: current.key + 1, rebook: booking }));
    setTab('booking');
  };

  const [syncing, setSyncing] = useState(false);
  const [report, setReport] = useState<SyncReport | null>(null);
  // After unlocking the cursor is on the first control of the open tab (the first service at
  // the counter), not on the page: staff with a keyboard start typing or pressing arrows at once.
  const panel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    panel.current
      ?.querySelector<HTMLElement>('input:not([readonly]), button:not(:disabled), select, textarea')
      ?.focus();
  }, []);

  const syncNow = async (): Promise<void> => {
    setSyncing(true);
    try {
      const result = await client.syncNow({ session });
      if (result.ok) setReport(result.result.report);
      else if (result.error.code === 'unauthorized') onSessionLost();
    } finally {
      setSyncing(false);
    }
  };

  return (
    <StaffContext.Provider value={staff}>
      <div className="staff-area" data-screen="staff">
        <StatusBar
          status={status}
          locale={locale}
          timeZone={zone}
          onSyncNow={() => void syncNow()}
          syncing={syncing}
          report={report}
          onRefused={showRefused}
        />
        <AppInfoBar />
        {failedPins > 0 && (
          <div className="staff-demo" data-testid="failed-pins">
            <Notice tone="warning">{t('staff.failedPins', { number: failedPins })}</Notice>
          </div>
        )}
        {demo && (
          <div className="staff-demo">
            <Notice tone="info">{t('staff.demo')}</Notice>
          </div>
        )}
        <div className="tabs">
          <div
            className="tab-list"
            role="tablist"
            aria-label={t('staff.title')}
            onKeyDown={moveFocusWithArrows}
          >
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`panel-${name}`}
                className={`tab${tab === name ? ' tab-active' : ''}`}
                onClick={() => setTab(name)}
              >
                {t(TAB_KEYS[name])}
              </button>
            ))}
          </div>
          <button type="button" className="btn btn-ghost tabs-leave" onClick={onLeave}>
            {counter ? t('staff.lock') : t('staff.leave')}
          </button>
        </div>
        <div
          ref={panel}
          className="tab-panel"
          role="tabpanel"
          id={`panel-${tab}`}
          aria-labelledby={`tab-${tab}`}
        >
          {/* A touch kiosk's staff type on the screen (issue 28); a counter has a keyboard. */}
          <KeyboardDock key={tab} enabled={!counter}>
            {tab === 'booking' && (
              <CounterBookingScreen
                key={desk.key}
                {...(desk.rebook ? { rebook: desk.rebook } : {})}
                {...(desk.start ? { start: desk.start } : {})}
              />
            )}
            {tab === 'today' && <DayGlanceScreen onBook={bookFromGlance} />}
            {tab === 'outbox' && (
              <OutboxScreen key={outbox.key} onRebook={rebook} initialFilter={outbox.filter} />
            )}
            {tab === 'kiosk' && (
              <Suspense fallback={<p className="hint">{t('app.loading')}</p>}>
                <KioskDayScreen />
              </Suspense>
            )}
            {tab === 'settings' && <SettingsScreen onSaved={onSettings} />}
            {tab === 'screens' && hub && <ScreensScreen hub={hub} />}
          </KeyboardDock>
        </div>
      </div>
    </StaffContext.Provider>
  );
}
