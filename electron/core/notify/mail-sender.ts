/**
 * Sends the customer e-mails of the mail outbox (follow-ups.ts writes them), each at most once:
 * 1. the row is claimed (`claimed`, committed durably) before the SMTP conversation starts;
 * 2. after the server accepted it the row is `sent`;
 * 3. a row still `claimed` at start-up belonged to a process that died in between: the server
 *    may have accepted it, so it becomes `uncertain` and is never sent again (staff call).
 * So kill -9 can cost an e-mail (staff see it), never send one twice. A server that refuses
 * the mail (an SMTP reply code) did not take it: it is tried again later, up to MAX_ATTEMPTS.
 * The recipient is never logged.
 */
import nodemailer from 'nodemailer';
import { type Clock, type Logger, createLoop } from '../platform';
import type { MailTransportConfig } from '../config';
import {
  claimMail,
  dueMails,
  markClaimedUncertain,
  settleMail,
  type MailRow,
  type KioskDb,
} from '../db';

export interface MailSenderOptions {
  db: KioskDb;
  clock: Clock;
  log: Logger;
  config: MailTransportConfig;
  /** A mail changed state: staff screens refresh. */
  onChange?: (localId: string) => void;
}

export interface MailSender {
  /** Claimed rows of a dead process become `uncertain`; returns how many. */
  recover(): number;
  /** Sends what is due now, one at a time. */
  runOnce(): Promise<void>;
  poke(): void;
  start(): void;
  stop(): void;
}

const MAX_ATTEMPTS = 5;
const RETRY_MS = 60_000;
const IDLE_MS = 30_000;

/** The sender's domain, for Message-IDs (`Salon <a@b.example>` -> `b.example`). */
export function mailDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'frontdesk.invalid';
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, clock, log, config } = options;
  const url = new URL(config.smtpUrl);
  if (config.password !== undefined) url.password = encodeURIComponent(config.password);
  const transport = nodemailer.createTransport({
    url: url.toString(),
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  async function sendOne(mail: MailRow): Promise<void> {
    if (!claimMail(db, mail.localId, clock.now())) return;
    options.onChange?.(mail.localId);
    try {
      const info = await transport.sendMail({
        from: config.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        messageId: mail.messageId,
      });
      const accepted = info.accepted.length > 0;
      settleMail(db, mail.localId, { state: accepted ? 'sent' : 'failed' }, clock.now());
      log.info('customer e-mail sent', { localId: mail.localId, accepted });
    } catch (error) {
      // A reply code: the server said no, so it does not have the mail; nor does a server never
      // reached (nodemailer: a socket error of `connect`, or no DNS answer). Anything else may
      // have delivered it, ECONNECTION included (a connection closed mid-way, maybe after the
      // data): never again.
      const code = (error as { responseCode?: unknown }).responseCode;
      const refused = typeof code === 'number';
      const connectFailed =
        (error as { syscall?: unknown }).syscall === 'connect' ||
        (error as { code?: unknown }).code === 'EDNS';
      const attempts = mail.attempts + 1;
      const state =
        refused || connectFailed ? (attempts >= MAX_ATTEMPTS ? 'failed' : 'pending') : 'uncertain';
      settleMail(
        db,
        mail.localId,
        { state, attempts, nextAttemptAt: clock.now() + RETRY_MS * attempts },
        clock.now(),
      );
      log.warn('customer e-mail not sent', {
        localId: mail.localId,
        state,
        responseCode: refused ? code : null,
        errorCode: (error as { code?: unknown }).code ?? null,
      });
    }
    options.onChange?.(mail.localId);
  }

  async function runOnce(): Promise<void> {
    for (const mail of dueMails(db, clock.now(), 10)) await sendOne(mail);
  }

  const loop = createLoop({
    clock,
    async run() {
      await runOnce();
      return IDLE_MS;
    },
    firstDelayMs: 0,
    onError(error) {
      log.error('mail outbox run failed', { error });
      return IDLE_MS;
    },
  });

  return {
    recover() {
      const uncertain = markClaimedUncertain(db, clock.now());
      if (uncertain > 0)
        log.warn('customer e-mails interrupted while sending: not sent again', { uncertain });
      return uncertain;
    },
    runOnce,
    poke: () => loop.poke(),
    start: () => loop.start(),
    stop() {
      // Not waited for: closing the transport ends a send under way (as it always did).
      void loop.stop();
      transport.close();
    },
  };
}
