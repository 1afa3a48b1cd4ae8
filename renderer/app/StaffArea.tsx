import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingRequest } from '../../shared/api/schemas';
import { Notice } from '../components/Notice';
import { StatusBar } from '../components/StatusBar';
import type { FlowAction } from '../flow/flow-machine';
import { useSyncStatus } from '../hooks/use-sync-status';
import type { LanguageCode } from '../i18n/languages';
import { OutboxScreen } from '../screens/OutboxScreen';
import { SettingsScreen } from '../screens/SettingsScreen';
import { useKiosk } from './kiosk-context';
import { StaffContext, type StaffContextValue } from './staff-context';
import { WalkInFlow } from './WalkInFlow';

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
  language,
  onLanguage,
  onLeave,
  onSessionLost,
  onSettings,
}: StaffAreaProps) {
  const { t } = useTranslation();
  const { client, locale } = useKiosk();
  const staff = useMemo<StaffContextValue>(() => ({ session, onSessionLost }), [session, onSessionLost]);
  const status = useSyncStatus(client);
  const [tab, setTab] = useState<Tab>(counter ? 'booking' : 'outbox');
  // A new key remounts the booking flow, e.g. for a rebook with the customer's details.
  const [flow, setFlow] = useState<{ key: number; initial?: FlowAction }>({ key: 0 });

  const rebook = (request: BookingRequest): void => {
    setFlow((current) => ({ key: current.key + 1, initial: { type: 'rebook', request } }));
    setTab('booking');
  };

  const syncNow = async (): Promise<void> => {
    const result = await client.syncNow({ session });
    if (!result.ok && result.error.code === 'unauthorized') onSessionLost();
  };

  return (
    <StaffContext.Provider value={staff}>
    <div className="staff-area" data-screen="staff">
      <StatusBar status={status} locale={locale} onSyncNow={() => void syncNow()} />
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
        {tab === 'booking' && (
          <WalkInFlow
            key={flow.key}
            kiosk={false}
            idleTimeoutSec={600}
            language={language}
            onLanguage={onLanguage}
            onSessionEnd={() => undefined}
            skipStart
            {...(flow.initial ? { initial: flow.initial } : {})}
          />
        )}
        {tab === 'outbox' && <OutboxScreen onRebook={rebook} />}
        {tab === 'settings' && <SettingsScreen onSaved={onSettings} />}
      </div>
    </div>
    </StaffContext.Provider>
  );
}
