import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  KIOSK_DAY_STEPS,
  type KioskDay,
  type KioskDayCounts,
  type KioskDayStep,
} from '../../shared/kiosk-day';
import type { KioskError } from '../../shared/result';
import { useKiosk, useShopZone } from '../app/kiosk-context';
import { useStaffCall } from '../app/staff-context';
import { BarChart, type BarSeries } from '../components/BarChart';
import { Notice } from '../components/Notice';
import { formatShortDate, formatTime } from '../lib/format';
import { KIOSK_DAY_RANGES, kioskDayDates, type KioskDayRange } from '../lib/kiosk-day-range';
import { addKioskDayStrings } from '../i18n/kiosk-day/strings';
import { ERROR_KEYS, type TranslationKey } from '../lib/message-keys';
import { saveTextFile } from '../lib/save-file';
import { KioskDayTables, type KioskDayRow } from './KioskDayTables';
import '../styles/kiosk-day.css';

const RANGES = Object.keys(KIOSK_DAY_RANGES) as KioskDayRange[];
const RANGE_KEYS = {
  today: 'kioskDay.ranges.today',
  week: 'kioskDay.ranges.week',
  month: 'kioskDay.ranges.month',
} as const satisfies Record<KioskDayRange, TranslationKey>;
const STEP_KEYS = {
  service: 'kioskDay.steps.service',
  day: 'kioskDay.steps.day',
  time: 'kioskDay.steps.time',
  details: 'kioskDay.steps.details',
  review: 'kioskDay.steps.review',
  booked: 'kioskDay.steps.booked',
} as const satisfies Record<KioskDayStep, TranslationKey>;
const STARTED_COLOR = '#4a6fa5';
const BOOKED_COLOR = '#2e7d32';
const ABANDONED_COLOR = '#b3541e';

const booked = (counts: KioskDayCounts): number => counts.reached.booked ?? 0;

/** Today by hour (the hours with something counted), a longer range by day. */
function rowsOf(day: KioskDay, range: KioskDayRange, locale: string): KioskDayRow[] {
  if (range === 'today') {
    return day.hours.map((hour) => ({
      key: `${hour.date}-${hour.hour}`,
      label: formatTime(`${String(hour.hour).padStart(2, '0')}:00`, locale),
      counts: hour,
    }));
  }
  return day.days.map((one) => ({
    key: one.date,
    label: formatShortDate(one.date, locale),
    counts: one,
  }));
}

/** The counter's Kiosk tab (issue 41 part 3): what customers did at the kiosk, counts only. */
export function KioskDayScreen() {
  const { t, i18n } = useTranslation();
  // Before the first `t` below: the strings come with this chunk.
  useState(() => addKioskDayStrings(i18n));
  const { locale, now } = useKiosk();
  const zone = useShopZone();
  const staffCall = useStaffCall();
  const [range, setRange] = useState<KioskDayRange>('today');
  // The answer with the range it is for: another range shows "loading" until its answer.
  const [shown, setShown] = useState<{ range: KioskDayRange; day: KioskDay } | null>(null);
  const day = shown?.range === range ? shown.day : null;
  const [error, setError] = useState<KioskError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const rtl = i18n.dir() === 'rtl';

  useEffect(() => {
    let current = true;
    void staffCall('getKioskDay', kioskDayDates(range, now(), zone)).then((result) => {
      if (!current) return;
      if (result.ok) setShown({ range, day: result.result });
      setError(result.ok ? null : result.error);
    });
    return () => {
      current = false;
    };
  }, [range, now, zone, staffCall]);

  const exportCsv = async (): Promise<void> => {
    const result = await staffCall('exportKioskDay', kioskDayDates(range, now(), zone));
    if (!result.ok) return setError(result.error);
    saveTextFile(result.result.fileName, result.result.csv, 'text/csv;charset=utf-8');
    setSaved(result.result.fileName);
  };

  // Built on each render: strings follow the language (and its strings arriving) at once.
  const rows = day ? rowsOf(day, range, locale) : [];
  const trend: BarSeries[] = [
    {
      label: t('kioskDay.started'),
      values: rows.map((row) => row.counts.started),
      color: STARTED_COLOR,
    },
    {
      label: t('kioskDay.booked'),
      values: rows.map((row) => booked(row.counts)),
      color: BOOKED_COLOR,
    },
  ];
  const stepLabels = KIOSK_DAY_STEPS.map((step) => t(STEP_KEYS[step]));
  const funnel: BarSeries[] = day
    ? [
        {
          label: t('kioskDay.reached'),
          values: KIOSK_DAY_STEPS.map((step) => day.total.reached[step] ?? 0),
          color: STARTED_COLOR,
        },
        {
          label: t('kioskDay.leftHere'),
          values: KIOSK_DAY_STEPS.map((step) => day.total.abandoned[step] ?? 0),
          color: ABANDONED_COLOR,
        },
      ]
    : [];
  const labels = rows.map((row) => row.label);

  return (
    <section className="kiosk-day" aria-labelledby="kiosk-day-title" data-screen="kiosk-day">
      <div className="kiosk-day-head">
        <h2 id="kiosk-day-title">{t('kioskDay.title')}</h2>
        <div className="kiosk-day-ranges" role="group" aria-label={t('kioskDay.range')}>
          {RANGES.map((name) => (
            <button
              key={name}
              type="button"
              className={`btn ${range === name ? 'btn-accent' : 'btn-secondary'}`}
              aria-pressed={range === name}
              onClick={() => setRange(name)}
            >
              {t(RANGE_KEYS[name])}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()}>
          {t('kioskDay.exportCsv')}
        </button>
      </div>
      {saved && <Notice tone="success">{t('kioskDay.exported', { fileName: saved })}</Notice>}
      {error && <Notice tone="error">{t(ERROR_KEYS[error.code])}</Notice>}
      {!day && !error && <p className="hint">{t('kioskDay.loading')}</p>}
      {day && (
        <>
          <div className="kiosk-day-charts">
            <figure>
              <figcaption>{t(range === 'today' ? 'kioskDay.byHour' : 'kioskDay.byDay')}</figcaption>
              <BarChart
                label={t(range === 'today' ? 'kioskDay.byHour' : 'kioskDay.byDay')}
                describedBy="kiosk-day-rows"
                labels={labels}
                series={trend}
                locale={locale}
                rtl={rtl}
              />
            </figure>
            <figure>
              <figcaption>{t('kioskDay.funnel')}</figcaption>
              <BarChart
                label={t('kioskDay.funnel')}
                describedBy="kiosk-day-steps"
                labels={stepLabels}
                series={funnel}
                locale={locale}
                rtl={rtl}
                horizontal
              />
            </figure>
          </div>
          <KioskDayTables total={day.total} rows={rows} stepLabels={stepLabels} locale={locale} />
        </>
      )}
    </section>
  );
}
