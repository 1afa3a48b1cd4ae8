import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingRequest } from '../../shared/api/schemas';
import type { Settings } from '../../shared/kiosk-api';
import { AppInfoBar } from '../components/AppInfoBar';
import { StatusBar } from '../components/StatusBar';
import type { FlowAction } from '../flow/flow-machine';
import { useSyncStatus } from '../hooks/use-sync-status';
import type { LanguageCode } from '../i18n/setup';
import { OutboxScreen } from '../screens/OutboxScreen';
import { SettingsScreen } from '../screens/SettingsScreen';
import { useKiosk } from './kiosk-context';
import { WalkInFlow } from './WalkInFlow';

type Tab = 'booking' | 'outbox' | 'settings';

interface StaffAreaProps {
  pin: string;
  counter: boolean;
  language: LanguageCode;
  onLanguage: (language: LanguageCode) => void;
  onLeave: () => void;
  onSettings: (settings: Settings) => void;
}

/** Counter mode and the staff side of kiosk mode: status, bookings, settings, keyboard booking. */
export function StaffArea({
  pin,
  counter,
  language,
  onLanguage,
  onLeave,
  onSettings,
}: StaffAreaProps) {
  const { t } = useTranslation();
  const { client, locale } = useKiosk();
  const status = useSyncStatus(client);
  const [tab, setTab] = useState<Tab>(counter ? 'booking' : 'outbox');
  // A new key remounts the booking flow, e.g. for a rebook with the customer's details.
  const [flow, setFlow] = useState<{ key: number; initial?: FlowAction }>({ key: 0 });

  const rebook = (request: BookingRequest): void => {
    setFlow((current) => ({ key: current.key + 1, initial: { type: 'rebook', request } }));
    setTab('booking');
  };

  return (
    <div className="staff-area" data-screen="staff">
      <StatusBar status={status} locale={locale} onSyncNow={() => void client.syncNow(undefined)} />
      <AppInfoBar />
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
        {tab === 'settings' && <SettingsScreen pin={pin} onSaved={onSettings} />}
      </div>
    </div>
  );
}
