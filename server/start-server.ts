/**
 * Opens and migrates the database, seeds, upserts the keys (hashed), builds the app and listens.
 * Used by the CLI and embedded in-process by the kiosk core: it never exits the process and
 * installs no signal handlers; `close()` stops listening and closes the database.
 */
import type { AddressInfo } from 'node:net';
import { DEFAULT_AVAILABILITY_SETTINGS } from '../shared/booking/types';
import type { LanguageCode } from '../shared/languages';
import type { Logger } from '../shared/log';
import { buildApp } from './app';
import { upsertApiKey } from './db/api-keys';
import type { KeyScope } from './db/api-keys';
import { closeServerDb, openServerDb } from './db/open';
import type { RateLimits } from './db/rate-limits';
import { eraseCustomerDataBefore } from './db/retention';
import type { Mailer } from './mail/mailer';
import { createSmtpMailer } from './mail/mailer';
import { seedDemo } from './seed/demo';

/** The spec's standard limits (section 8). */
export const DEFAULT_RATE_LIMITS: RateLimits = { perMinute: 60, perDay: 1000 };

export interface StartServerOptions {
  host?: string;
  port?: number;
  dbPath: string;
  seed?: 'demo';
  keys: { key: string; scope: KeyScope }[];
  rateLimit?: RateLimits;
  timeZone?: string;
  smtpUrl?: string;
  /** A mail transport of the caller's own (tests record the mails); takes precedence over smtpUrl. */
  mailer?: Mailer;
  /** How long a booking waits for its confirmation mail to be accepted (default 2,500 ms). */
  mailBudgetMs?: number;
  /** The shop's language, for confirmation mails whose request names none (default German). */
  language?: LanguageCode;
  clock?: () => number;
  log?: boolean;
  /**
   * Where the server's own warnings and errors go (default stderr): the kiosk's embedded server
   * writes them into the kiosk's log, so IT finds them in one place.
   */
  logger?: Logger;
  /** Where the drizzle migrations are when the default (next to this module) does not apply. */
  migrationsFolder?: string;
  /** Publish the OpenAPI document and Swagger UI at /docs (default true). */
  docs?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The socket's own address, as bound (tests check that it is loopback). */
  address(): AddressInfo;
  /**
   * Erases the personal data of customers whose bookings (appointment and creation) are all
   * older than `cutoffMs` (db/retention.ts), zeroing the pages and truncating the WAL after an
   * erasure; returns how many customers it erased. The embedded server's retention.
   */
  eraseCustomerDataBefore(cutoffMs: number): number;
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? Date.now;
  const db = openServerDb(options.dbPath, { migrationsFolder: options.migrationsFolder });
  let mailer: Mailer | null = null;
  try {
    if (options.seed === 'demo') seedDemo(db);
    db.transaction((tx) => {
      for (const { key, scope } of options.keys) upsertApiKey(tx, key, scope, clock());
    });
    mailer = options.mailer ?? (options.smtpUrl ? createSmtpMailer(options.smtpUrl) : null);
    const app = buildApp({
      db,
      clock,
      mailer,
      mailBudgetMs: options.mailBudgetMs,
      language: options.language,
      limits: options.rateLimit ?? DEFAULT_RATE_LIMITS,
      settings: {
        ...DEFAULT_AVAILABILITY_SETTINGS,
        timeZone: options.timeZone ?? DEFAULT_AVAILABILITY_SETTINGS.timeZone,
      },
      logger: options.log ?? false,
      ...(options.logger ? { log: options.logger } : {}),
      docs: options.docs ?? true,
    });
    await app.listen({ host, port: options.port ?? 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    const openMailer = mailer;
    let closed: Promise<void> | undefined;
    return {
      url: `http://${urlHost}:${port}`,
      port,
      address: () => app.server.address() as AddressInfo,
      eraseCustomerDataBefore(cutoffMs) {
        db.$client.pragma('secure_delete = ON'); // erased text is zeroed in the pages
        const erased = eraseCustomerDataBefore(db, cutoffMs);
        if (erased.customers + erased.bookingNotes + erased.idempotentAnswers > 0)
          db.$client.pragma('wal_checkpoint(TRUNCATE)');
        return erased.customers;
      },
      close() {
        closed ??= (async () => {
          try {
            await app.close();
          } finally {
            openMailer?.close();
            closeServerDb(db);
          }
        })();
        return closed;
      },
    };
  } catch (error) {
    mailer?.close();
    closeServerDb(db);
    throw error;
  }
}
