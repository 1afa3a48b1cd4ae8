import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SyncReport, SyncStatus } from '../../shared/kiosk-api';
import { syncState, type SyncState } from '../../shared/sync-state';
import { OFFLINE_REASON_KEYS, type TranslationKey } from '../lib/message-keys';
import { formatInstant } from '../lib/format';

interface StatusBarProps {
  status: SyncStatus | null;
  locale: string;
  /** The shop's zone, in which the last sync's time is shown. */
  timeZone: string;
  onSyncNow: () => void;
  /** A "Sync now" is under way. */
  syncing?: boolean;
  /** What the last "Sync now" found (null: none yet, or it was refused). */
  report?: SyncReport | null;
  /** Opens the refused bookings staff have to act on (the count's button). */
  onRefused?: () => void;
}

const STATE_KEYS = {
  online: 'status.online',
  problems: 'status.problems',
  offline: 'status.offline',
  paused: 'status.paused',
  unknown: 'status.notKnown',
} as const satisfies Record<SyncState, TranslationKey>;

export function StatusBar({
  status,
  locale,
  timeZone,
  onSyncNow,
  syncing = false,
  report = null,
  onRefused,
}: StatusBarProps) {
  const { t } = useTranslation();
  if (!status) return <div className="status-bar" aria-busy="true" />;
  const state = syncState(status);
  // Offline: why, in plain words rather than the network's jargon.
  const error =
    state === 'offline' && status.offlineReason
      ? t(OFFLINE_REASON_KEYS[status.offlineReason])
      : status.lastError;
  return (
    <div className="status-bar" role="status" data-testid="status-bar">
      <span className={`status-dot status-${state}`} aria-hidden="true" />
      <strong className="status-state" data-testid="status-state" data-state={state}>
        {t(STATE_KEYS[state])}
      </strong>
      {status.upstream === 'embedded' && <span className="pill">{t('status.embedded')}</span>}
      <span>
        {status.lastSyncAt
          ? t('status.lastSync', { time: formatInstant(status.lastSyncAt, locale, timeZone) })
          : t('status.never')}
      </span>
      <span data-testid="status-queued">{t('status.queued', { count: status.queued })}</span>
      {status.unknown > 0 && (
        <span className="status-warn">{t('status.unknown', { count: status.unknown })}</span>
      )}
      {status.storage === 'full' && (
        <span className="status-error" data-testid="status-disk-full">
          {t('status.diskFull')}
        </span>
      )}
      {(status.refused ?? 0) > 0 && (
        <button
          type="button"
          className="chip status-refused"
          onClick={onRefused}
          data-testid="status-refused"
        >
          {t('status.refused', { count: status.refused })}
        </button>
      )}
      {status.budget ? (
        <span data-testid="status-budget">
          {t('status.budgetLeft', {
            minute: status.budget.minute.remaining,
            minuteLimit: status.budget.minute.limit,
            day: status.budget.day.remaining,
            dayLimit: status.budget.day.limit,
          })}
        </span>
      ) : (
        status.rateLimit && (
          <span>
            {t('status.budget', {
              remaining: status.rateLimit.remaining,
              limit: status.rateLimit.limit,
            })}
          </span>
        )
      )}
      {error && <span className="status-error">{error}</span>}
      {!syncing && report && (
        <span className="sync-report" data-testid="sync-report" aria-live="polite">
          {syncReportText(report, status, t)}
        </span>
      )}
      <button
        type="button"
        className="chip"
        onClick={onSyncNow}
        disabled={syncing}
        aria-busy={syncing}
        data-testid="sync-now"
      >
        {syncing ? t('status.syncing') : t('status.syncNow')}
      </button>
    </div>
  );
}

function syncReportText(report: SyncReport, status: SyncStatus, t: TFunction): string {
  switch (report.result) {
    case 'online':
      if (report.sent > 0) return t('status.report.sent', { count: report.sent });
      return report.stillQueued > 0
        ? t('status.report.onlineWaiting', { count: report.stillQueued })
        : t('status.report.upToDate');
    case 'offline': {
      const why = t(OFFLINE_REASON_KEYS[status.offlineReason ?? 'other']);
      return report.stillQueued > 0
        ? t('status.report.offlineWaiting', { why, count: report.stillQueued })
        : t('status.report.offline', { why });
    }
    case 'key_refused':
      return t('status.report.keyRefused');
  }
}
