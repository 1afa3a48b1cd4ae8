import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../shared/kiosk-api';
import { formatInstant } from '../lib/format';

interface StatusBarProps {
  status: SyncStatus | null;
  locale: string;
  onSyncNow: () => void;
}

export function StatusBar({ status, locale, onSyncNow }: StatusBarProps) {
  const { t } = useTranslation();
  if (!status) return <div className="status-bar" aria-busy="true" />;
  const state = status.mode === 'paused' ? 'paused' : status.online ? 'online' : 'offline';
  return (
    <div className="status-bar" role="status" data-testid="status-bar">
      <span className={`status-dot status-${state}`} aria-hidden="true" />
      <strong className="status-state">{t(`status.${state}`)}</strong>
      {status.upstream === 'embedded' && <span className="pill">{t('status.embedded')}</span>}
      <span>{status.lastSyncAt ? t('status.lastSync', { time: formatInstant(status.lastSyncAt, locale) }) : t('status.never')}</span>
      <span data-testid="status-queued">{t('status.queued', { count: status.queued })}</span>
      {status.unknown > 0 && <span className="status-warn">{t('status.unknown', { count: status.unknown })}</span>}
      {status.rateLimit && <span>{t('status.budget', { remaining: status.rateLimit.remaining, limit: status.rateLimit.limit })}</span>}
      {status.lastError && <span className="status-error">{status.lastError}</span>}
      <button type="button" className="chip" onClick={onSyncNow}>
        {t('status.syncNow')}
      </button>
    </div>
  );
}
