import { useTranslation } from 'react-i18next';
import type { PublicShop } from '../../shared/kiosk-api';
import { LANGUAGES, type LanguageCode } from '../i18n/setup';

interface TopBarProps {
  /** The shop's name and logo replace the app's own mark when IT or staff set them. */
  shop?: PublicShop;
  language: LanguageCode;
  onLanguage: (language: LanguageCode) => void;
  highContrast: boolean;
  onToggleContrast: () => void;
  onStaff?: () => void;
}

/** Always-visible controls: language, high contrast / large text, and the staff entrance. */
export function TopBar({ shop, language, onLanguage, highContrast, onToggleContrast, onStaff }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="top-bar">
      <span className="brand" aria-hidden="true">
        {shop?.logo ? <img className="brand-logo" src={shop.logo} alt="" /> : <span className="brand-mark">F</span>}
        {shop?.name ?? t('app.name')}
      </span>
      <nav className="top-bar-actions" aria-label={t('toolbar.language')}>
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            className={`chip${code === language ? ' chip-active' : ''}`}
            aria-pressed={code === language}
            lang={code}
            onClick={() => onLanguage(code)}
          >
            {t(`language.${code}`)}
          </button>
        ))}
        <button
          type="button"
          className={`chip${highContrast ? ' chip-active' : ''}`}
          aria-pressed={highContrast}
          aria-label={highContrast ? t('toolbar.contrastOn') : t('toolbar.contrastOff')}
          onClick={onToggleContrast}
        >
          <span aria-hidden="true" className="contrast-icon">◐</span> {t('toolbar.contrastShort')}
        </button>
        {onStaff && (
          <button type="button" className="chip chip-quiet" onClick={onStaff}>
            {t('toolbar.staff')}
          </button>
        )}
      </nav>
    </header>
  );
}
