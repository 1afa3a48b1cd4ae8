import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee } from '../../shared/api/schemas';
import { useKiosk } from '../app/kiosk-context';
import { commaOf } from '../i18n/languages';
import { tabStop } from '../lib/arrow-keys';
import { PERSON_DAY_KEYS, type PersonDay } from '../lib/person-days';

interface PeopleChipsProps {
  employees: readonly Employee[];
  /** The chosen person; null: anyone. */
  chosen: string | null;
  dayOf: (employeeId: string) => PersonDay | null;
  onChoose: (employeeId: string | null) => void;
  /** The kiosk's larger chips (the counter's are the normal size). */
  large?: boolean;
  /** The counter's arrow keys (one Tab stop for the row). */
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * "Anyone" and the people who do the service. A person who cannot be booked on the day shown
 * stays in the row (choosing them shows their days) and says why under their name: "not
 * working that day" or "no free time that day", in their accessible name too, so a screen
 * reader and audio mode say it with the name. That name is the chip's content, not an
 * `aria-label`: the person's name keeps its content language (`lang`, issue 38 item 7) and the
 * note the screen's, joined by the screen language's comma.
 */
export function PeopleChips({
  employees,
  chosen,
  dayOf,
  onChoose,
  large = false,
  onKeyDown,
}: PeopleChipsProps) {
  const { t, i18n } = useTranslation();
  const { dataLang } = useKiosk();
  const people = [
    { _id: null, name: t('time.anyone'), day: null },
    ...employees.map((employee) => ({ ...employee, day: dayOf(employee._id) })),
  ];
  return (
    <div className="chip-row" {...(onKeyDown ? { onKeyDown } : {})}>
      {people.map(({ _id, name, day }) => {
        const away = day === 'busy' || day === 'off' ? t(PERSON_DAY_KEYS[day]) : null;
        return (
          <button
            key={_id ?? 'anyone'}
            type="button"
            className={`chip${large ? ' chip-large' : ''}${chosen === _id ? ' chip-active' : ''}${away ? ' chip-away' : ''}`}
            aria-pressed={chosen === _id}
            {...(day ? { 'data-person-day': day } : {})}
            {...(onKeyDown ? tabStop(chosen === _id) : {})}
            onClick={() => onChoose(_id)}
          >
            {/* A person's name is the shop's text, in its content language ("Anyone" is ours). */}
            <span className="chip-name">
              <span {...(_id ? { lang: dataLang } : {})}>{name}</span>
              {/* Heard, not seen (the note is a line of its own): a pause before it. */}
              {away && <span className="chip-comma">{commaOf(i18n.language)}</span>}
            </span>
            {away && ' '}
            {away && <span className="chip-note">{away}</span>}
          </button>
        );
      })}
    </div>
  );
}
