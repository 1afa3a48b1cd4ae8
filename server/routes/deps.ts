import type { AvailabilitySettings } from '../../shared/booking/types';
import type { LanguageCode } from '../../shared/languages';
import type { ServerDb } from '../db/open';
import type { RateLimits } from '../db/rate-limits';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';

/** What the routes need; built once by buildApp. */
export interface RouteDeps {
  db: ServerDb;
  clock: () => number;
  mailer: Mailer | null;
  /** Milliseconds a booking waits for its confirmation mail to be accepted (all steps). */
  mailBudgetMs: number;
  /** The shop's language: a confirmation mail's when the request names none it is written in. */
  language: LanguageCode;
  limits: RateLimits;
  settings: AvailabilitySettings;
  log: Logger;
}
