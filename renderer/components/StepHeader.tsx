import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLLABLE } from './scrollable';

interface StepHeaderProps {
  title: string;
  step: number | null;
  /** May hold the shop's texts (a service's title), marked with their own `lang`. */
  subtitle?: ReactNode;
  /** What there is to read under the title: in reach mode it stands above the reach line too. */
  children?: ReactNode;
  /** Its box may scroll (a long text in reach mode): a keyboard can then focus it to scroll. */
  scrollable?: boolean;
}

const TOTAL = 5;

export function StepHeader({ title, step, subtitle, children, scrollable }: StepHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="step-header" {...(scrollable ? SCROLLABLE : {})}>
      {step !== null && (
        <div className="progress" aria-label={t('steps.label', { current: step, total: TOTAL })}>
          {Array.from({ length: TOTAL }, (_, i) => (
            <span key={i} className={`progress-dot${i < step ? ' progress-done' : ''}`} />
          ))}
          <span className="progress-text">{t('steps.label', { current: step, total: TOTAL })}</span>
        </div>
      )}
      <h1>{title}</h1>
      {subtitle && <p className="subtitle">{subtitle}</p>}
      {children}
    </div>
  );
}
