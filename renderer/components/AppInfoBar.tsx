import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../shared/kiosk-api';
import { useStaffCall } from '../app/staff-context';

/** Staff status: the app's version, a pending update, and "Save diagnostics" for IT. */
export function AppInfoBar() {
  const { t } = useTranslation();
  const staffCall = useStaffCall();
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [saved, setSaved] = useState<{ path: string } | 'failed' | 'saving' | null>(null);

  useEffect(() => {
    let live = true;
    void staffCall('getAppInfo', {}).then((answer) => {
      if (live && answer.ok) setInfo(answer.result);
    });
    return () => {
      live = false;
    };
  }, [staffCall]);

  const save = (): void => {
    setSaved('saving');
    void staffCall('saveDiagnostics', {}).then((answer) =>
      setSaved(answer.ok ? answer.result : 'failed'),
    );
  };

  const update = info?.update;
  return (
    <div className="app-info" data-testid="app-info">
      {info && <span>{t('appInfo.version', { version: info.version })}</span>}
      {update?.state === 'downloading' && (
        <span>{t('appInfo.downloading', { version: update.version ?? '' })}</span>
      )}
      {update?.state === 'ready' && (
        <span className="pill">{t('appInfo.ready', { version: update.version ?? '' })}</span>
      )}
      <button type="button" className="chip" onClick={save} disabled={saved === 'saving'}>
        {t('appInfo.saveDiagnostics')}
      </button>
      {saved !== null && saved !== 'saving' && (
        <span role="status">
          {saved === 'failed' ? t('appInfo.saveFailed') : t('appInfo.saved', { path: saved.path })}
        </span>
      )}
    </div>
  );
}
