import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalBooking, SyncReport } from '../../shared/kiosk-api';
import { Notice } from '../components/Notice';
import { AppInfoBar } from '../components/AppInfoBar';
import { StatusBar } from '../components/StatusBar';
import { useSyncStatus } from '../hooks/use-sync-status';
import type { LanguageCode } from '../i18n/languages';
import { CounterBookingScreen } from '../screens/CounterBookingScreen';
import { OutboxScreen } from '../screens/OutboxScreen';
import { SettingsScreen } from '../screens/SettingsScreen';
import { useKiosk } from './kiosk-context';
import { StaffContext, type StaffContextValue } from './staff-context';

type Tab = 'booking' | 'outbox' | 'settings';

interface StaffAreaProps {
  /** The staff session every staff call carries. */
  session: string;
  counter: boolean;
  /** The embedded demo upstream: staff are told so. */
  demo: boolean;
  language: LanguageCode;
  onLanguage: (language: LanguageCode) => void;
  onLeave: () => void;
  /** The core refused the session (expired): lock. */
  onSessionLost: () => void;
  onSettings: () => void;
}

/** Counter mode and the staff side of kiosk mode: status, bookings, settings, keyboard booking. */
export function StaffArea({
  session,
  counter,
  demo,
  onLeave,
  onSessionLost,
  onSettings,
}: StaffAreaProps) {
  const { t } = useTranslation();
  const { client, locale } = useKiosk();
  const staff = useMemo<StaffContextValue>(() => ({ session, onSessionLost }), [session, onSessionLost]);
  const status = useSyncStatus(client);
  const [tab, setTab] = useState<Tab>(counter ? 'booking' : 'outbox');
  // A new key remounts the booking screen, e.g. for a rebook with the customer's details.
  const [desk, setDesk] = useState<{ key: number; rebook?: LocalBooking }>({ key: 0 });

  const rebook = (booking: LocalBooking): void => {
    setDesk((current) => ({ key: current.key + 1, rebook: booking }));
    setTab('booking');
  };

  const [syncing, setSyncing] = useState(false);
  const [report, setReport] = useState<SyncReport | null>(null);
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
      <StatusBar status={status} locale={locale} onSyncNow={() => void syncNow()} syncing={syncing} report={report} />
      <AppInfoBar />
      {demo && (
        <div className="staff-demo">
          <Notice tone="info">{t('staff.demo')}</Notice>
        </div>
      )}
      <div className="tabs">
        <div className="tab-list" role="tablist" aria-label={t('staff.title')}>
          {(['booking', 'outbox', 'settings'] as const).map((name) => (
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
              {t(`staff.tabs.${name}`)}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-ghost tabs-leave" onClick={onLeave}>
          {counter ? t('staff.lock') : t('staff.leave')}
        </button>
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'booking' && <CounterBookingScreen key={desk.key} {...(desk.rebook ? { rebook: desk.rebook } : {})} />}
        {tab === 'outbox' && <OutboxScreen onRebook={rebook} />}
        {tab === 'settings' && <SettingsScreen onSaved={onSettings} />}
      </div>
    </div>
    </StaffContext.Provider>
  );
}
