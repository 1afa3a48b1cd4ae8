import { useTranslation } from 'react-i18next';

/**
 * A kiosk with a remote booking service but no staff PIN yet: customers see this instead of the
 * booking flow until whoever installs it sets the PIN with the printed setup code.
 */
export function SetupPendingScreen() {
  const { t } = useTranslation();
  return (
    <main className="screen-center" data-screen="setup-pending">
      <h1>{t('setup.pendingTitle')}</h1>
      <p className="lead">{t('setup.pendingBody')}</p>
    </main>
  );
}
