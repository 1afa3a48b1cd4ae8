import type { AvailabilitySettings } from '../../shared/booking/types';
import type { ServerDb } from '../db/open';
import type { RateLimits } from '../db/rate-limits';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';

/** What the routes need; built once by buildApp. */
export interface RouteDeps {
  db: ServerDb;
  clock: () => number;
  mailer: Mailer | null;
  limits: RateLimits;
  settings: AvailabilitySettings;
  log: Logger;
}
