import { useTranslation } from 'react-i18next';
import { welcomeFor } from '../../shared/welcome-text';
import { useKiosk } from '../app/kiosk-context';
import { LANGUAGE_NAMES, LANGUAGES, type LanguageCode } from '../i18n/languages';

interface StartScreenProps {
  onStart: () => void;
  language: LanguageCode;
  onLanguage: (language: LanguageCode) => void;
}

export function StartScreen({ onStart, language, onLanguage }: StartScreenProps) {
  const { t } = useTranslation();
  const { settings } = useKiosk();
  const { shop } = settings;
  const welcome = welcomeFor(shop.welcome, language, settings.language);
  return (
    <main className="screen screen-start" data-screen="start">
      <header className="start-brand" data-testid="shop-brand">
        {shop.logo && <img className="start-logo" src={shop.logo} alt="" />}
        <p className="start-shop">{shop.name ?? t('app.name')}</p>
        {welcome && (
          <p className="start-welcome" lang={welcome.lang} data-testid="shop-welcome">
            {welcome.text}
          </p>
        )}
      </header>
      <div className="start-hero">
        <h1>{t('start.title')}</h1>
        <p className="subtitle">{t('start.subtitle')}</p>
        <ol className="start-steps">
          {(['start.step1', 'start.step2', 'start.step3'] as const).map((key, index) => (
            <li key={key}>
              <span className="start-step-number" aria-hidden="true">
                {index + 1}
              </span>
              {t(key)}
            </li>
          ))}
        </ol>
      </div>
      <div className="start-controls">
        <button type="button" className="btn btn-primary btn-hero" onClick={onStart}>
          {t('start.touch')}
          <span aria-hidden="true" className="btn-hero-arrow flip-rtl">
            →
          </span>
        </button>
        <div className="language-choice" role="group" aria-label={t('start.chooseLanguage')}>
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              lang={code}
              className={`btn btn-secondary${code === language ? ' btn-selected' : ''}`}
              aria-pressed={code === language}
              onClick={() => onLanguage(code)}
            >
              {LANGUAGE_NAMES[code]}
            </button>
          ))}
        </div>
      </div>
      {(shop.address || shop.phone) && (
        <footer className="start-contact">
          {shop.address && <span>{shop.address}</span>}
          {/* A phone number keeps its left-to-right order in Arabic too. */}
          {shop.phone && (
            <span>
              <bdi dir="ltr" data-testid="shop-phone">
                {shop.phone}
              </bdi>
            </span>
          )}
        </footer>
      )}
    </main>
  );
}
