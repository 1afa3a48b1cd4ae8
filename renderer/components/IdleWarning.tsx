import { useTranslation } from 'react-i18next';

interface IdleWarningProps {
  secondsLeft: number;
  onStay: () => void;
}

export function IdleWarning({ secondsLeft, onStay }: IdleWarningProps) {
  const { t } = useTranslation();
  return (
    <div className="overlay">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="idle-title" aria-describedby="idle-body">
        <h2 id="idle-title">{t('idle.title')}</h2>
        <p id="idle-body">{t('idle.body', { seconds: secondsLeft })}</p>
        <div className="countdown" aria-hidden="true">
          {secondsLeft}
        </div>
        <button type="button" className="btn btn-primary btn-wide" onClick={onStay} autoFocus>
          {t('idle.stay')}
        </button>
      </div>
    </div>
  );
}
