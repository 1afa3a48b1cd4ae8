import { useTranslation } from 'react-i18next';
import { KIOSK_DAY_STEPS, type KioskDayCounts } from '../../shared/kiosk-day';
import { LANGUAGES, LANGUAGE_NAMES } from '../i18n/languages';

export interface KioskDayRow {
  key: string;
  /** The hour or the day, as staff read it. */
  label: string;
  counts: KioskDayCounts;
}

interface KioskDayTablesProps {
  total: KioskDayCounts;
  rows: KioskDayRow[];
  stepLabels: string[];
  locale: string;
}

const abandoned = (counts: KioskDayCounts): number =>
  KIOSK_DAY_STEPS.reduce((sum, step) => sum + (counts.abandoned[step] ?? 0), 0);

/** The charts' numbers as tables (their text equivalent), and the range's other counts. */
export function KioskDayTables({ total, rows, stepLabels, locale }: KioskDayTablesProps) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(locale);
  const seconds = new Intl.NumberFormat(locale, { style: 'unit', unit: 'second' });
  const columns = (counts: KioskDayCounts) => [
    counts.started,
    counts.reached.booked ?? 0,
    abandoned(counts),
    counts.noTimeFound,
  ];
  const others: [string, string][] = [
    [t('kioskDay.waitlistJoined'), number.format(total.waitlistJoined)],
    [t('kioskDay.arrived'), number.format(total.arrived)],
    [t('kioskDay.audio'), number.format(total.audio)],
    [t('kioskDay.reach'), number.format(total.reach)],
    [
      t('kioskDay.median'),
      total.medianSecondsToBooked === null
        ? t('kioskDay.noMedian')
        : seconds.format(total.medianSecondsToBooked),
    ],
    [
      t('kioskDay.languages'),
      LANGUAGES.filter((code) => total.languages[code])
        .map((code) => `${LANGUAGE_NAMES[code]} ${number.format(total.languages[code] ?? 0)}`)
        .join(', ') || '–',
    ],
  ];
  return (
    <div className="kiosk-day-tables">
      <table id="kiosk-day-rows" className="kiosk-day-table">
        <caption>{t('kioskDay.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('kioskDay.when')}</th>
            <th scope="col">{t('kioskDay.started')}</th>
            <th scope="col">{t('kioskDay.booked')}</th>
            <th scope="col">{t('kioskDay.abandoned')}</th>
            <th scope="col">{t('kioskDay.noTimeFound')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {columns(row.counts).map((value, index) => (
                <td key={index}>{number.format(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('kioskDay.total')}</th>
            {columns(total).map((value, index) => (
              <td key={index}>{number.format(value)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
      <table id="kiosk-day-steps" className="kiosk-day-table">
        <caption>{t('kioskDay.funnel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('kioskDay.step')}</th>
            <th scope="col">{t('kioskDay.reached')}</th>
            <th scope="col">{t('kioskDay.leftHere')}</th>
          </tr>
        </thead>
        <tbody>
          {KIOSK_DAY_STEPS.map((step, index) => (
            <tr key={step}>
              <th scope="row">{stepLabels[index]}</th>
              <td>{number.format(total.reached[step] ?? 0)}</td>
              <td>{number.format(total.abandoned[step] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="kiosk-day-others">
        {others.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
