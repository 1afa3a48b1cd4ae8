import { useTranslation } from 'react-i18next';

interface StepHeaderProps {
  title: string;
  step: number | null;
  subtitle?: string;
}

const TOTAL = 5;

export function StepHeader({ title, step, subtitle }: StepHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="step-header">
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
    </div>
  );
}
