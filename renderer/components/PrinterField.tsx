import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffCall } from '../app/staff-context';
import { useResult } from '../hooks/use-result';

interface PrinterFieldProps {
  /** The printer's system name; null: none (the receipt stays on screen). */
  value: string | null;
  onChange: (printer: string | null) => void;
  /** IT set it (`printer` in `locked`): shown, not changeable. */
  locked: boolean;
  /** The id of the "Set by IT" note the caller shows when locked. */
  lockedNoteId: string;
}

/**
 * The receipt printer, chosen from the printers the system lists (the Electron app). A browser
 * lists none and prints with its own dialog: the field says so instead of offering a choice.
 */
export function PrinterField({ value, onChange, locked, lockedNoteId }: PrinterFieldProps) {
  const { t } = useTranslation();
  const staffCall = useStaffCall();
  const list = useResult(useCallback(() => staffCall('listPrinters', {}), [staffCall]));
  if (list.state !== 'ready') return null;
  const { system, printers } = list.value;
  if (!system)
    return (
      <div className="field" data-setting="printer">
        <p className="field-label">{t('settings.printer')}</p>
        <p className="field-hint" data-testid="printer-browser">
          {t('settings.printerBrowser')}
        </p>
      </div>
    );
  const listed = value === null || printers.some((printer) => printer.name === value);
  return (
    <div className="field" data-setting="printer">
      <label htmlFor="set-printer">{t('settings.printer')}</label>
      <select
        id="set-printer"
        value={value ?? ''}
        disabled={locked}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        aria-describedby={locked ? lockedNoteId : undefined}
      >
        <option value="">{t('settings.printerNone')}</option>
        {printers.map((printer) => (
          <option key={printer.name} value={printer.name}>
            {printer.displayName}
          </option>
        ))}
        {!listed && (
          <option value={value}>{t('settings.printerNotListed', { name: value })}</option>
        )}
      </select>
    </div>
  );
}
