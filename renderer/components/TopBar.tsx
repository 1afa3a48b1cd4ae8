import { useTranslation } from 'react-i18next';
import { useAccessModes } from '../access/access-modes';
import type { PublicShop } from '../../shared/kiosk-api';
import { LANGUAGE_NAMES, LANGUAGES, type LanguageCode } from '../i18n/languages';
import { shopInitials } from '../lib/initials';

interface TopBarProps {
  /** The shop's name and logo replace the app's own mark when IT or staff set them. */
  shop?: PublicShop;
  language: LanguageCode;
  onLanguage: (language: LanguageCode) => void;
  highContrast: boolean;
  onToggleContrast: () => void;
  largeText: boolean;
  onToggleLargeText: () => void;
  onStaff?: () => void;
  /** The shop's language (its name is written in it). */
  dataLang?: string;
}

/**
 * Always-visible controls: the languages (each named in its own script), larger text and high
 * contrast (two toggles: a customer may need one without the other), and the staff entrance.
 */
export function TopBar({
  shop,
  language,
  onLanguage,
  highContrast,
  onToggleContrast,
  largeText,
  onToggleLargeText,
  onStaff,
  dataLang,
}: TopBarProps) {
  const { t } = useTranslation();
  // Reach mode and larger text fold the six languages into one control beside the toggles
  // (issue 38): in three rows of large chips they took the screen's own room.
  const folded = useAccessModes().reach || largeText;
  return (
    <header className="top-bar">
      <div className="top-bar-row">
        <span className="brand" aria-hidden="true">
          {shop?.logo ? (
            <img className="brand-logo" src={shop.logo} alt="" />
          ) : (
            <span className="brand-mark" lang={dataLang}>
              {shopInitials(shop?.name ?? t('app.name'), dataLang)}
            </span>
          )}
          <span lang={shop?.name ? dataLang : undefined}>{shop?.name ?? t('app.name')}</span>
        </span>
        <div className="top-bar-actions">
          {folded && (
            <select
              className="chip language-select"
              lang={language}
              aria-label={t('toolbar.language')}
              value={language}
              onChange={(event) => {
                const chosen = LANGUAGES.find((code) => code === event.target.value);
                if (chosen) onLanguage(chosen);
              }}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          )}
          <button
            type="button"
            className={`chip${largeText ? ' chip-active' : ''}`}
            aria-pressed={largeText}
            data-toggle="large-text"
            onClick={onToggleLargeText}
          >
            <span aria-hidden="true" className="toggle-icon">
              A+
            </span>{' '}
            {t('toolbar.largeText')}
          </button>
          <button
            type="button"
            className={`chip${highContrast ? ' chip-active' : ''}`}
            aria-pressed={highContrast}
            data-toggle="high-contrast"
            onClick={onToggleContrast}
          >
            <span aria-hidden="true" className="toggle-icon">
              ◐
            </span>{' '}
            {t('toolbar.highContrast')}
          </button>
          {onStaff && (
            <button type="button" className="chip chip-quiet" onClick={onStaff}>
              {t('toolbar.staff')}
            </button>
          )}
        </div>
      </div>
      {/* Six languages take a row of their own: in a row with the toggles they would wrap unevenly. */}
      {!folded && (
        <nav className="top-bar-languages" aria-label={t('toolbar.language')}>
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              className={`chip${code === language ? ' chip-active' : ''}`}
              aria-pressed={code === language}
              lang={code}
              onClick={() => onLanguage(code)}
            >
              {LANGUAGE_NAMES[code]}
            </button>
          ))}
        </nav>
      )}
    </header>
  );
}
