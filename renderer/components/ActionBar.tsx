import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ActionBarProps {
  onBack?: () => void;
  onCancel?: () => void;
  children?: ReactNode;
}

/** The controls at the bottom of every screen, within reach on a portrait kiosk. */
export function ActionBar({ onBack, onCancel, children }: ActionBarProps) {
  const { t } = useTranslation();
  return (
    <footer className="action-bar">
      <div className="action-bar-secondary">
        {onBack && (
          <button type="button" className="btn btn-secondary" data-nav="back" onClick={onBack}>
            <span aria-hidden="true">‹ </span>
            {t('nav.back')}
          </button>
        )}
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('nav.cancel')}
          </button>
        )}
      </div>
      <div className="action-bar-primary">{children}</div>
    </footer>
  );
}
